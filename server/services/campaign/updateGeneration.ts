import { aiVariantName } from '../../../domain/aiEmailSchemas.ts';
import type { UpdateEmailInput } from '../../../domain/campaignSchemas.ts';
import { EMAIL_NAME_EXISTS } from '../../../domain/campaignSchemas.ts';
import type { Db } from '../../db/Db.ts';
import { inTransaction } from '../../db/inTransaction.ts';
import { badRequest } from '../../lib/AppError.ts';
import type { Actor } from './Actor.ts';
import { emailNameTaken, lockOrgCampaign } from './campaignQueries.ts';
import { generationEmails, lockGeneration } from './generationEmails.ts';
import { lockOrganisation } from './lockOrganisation.ts';
import { lockOwnEmail } from './lockOwnEmail.ts';
import { moveCampaignToTop } from './moveCampaignToTop.ts';

/**
 * update_email/ with generation_id: renames an AI email (email_name: the generation and each variant,
 * "<name> · <personality>", every name free in the campaign) and/or moves its variants together to another
 * campaign of the organisation (campaign_id). Each variant must be the user's to change (lockOwnEmail).
 */
export async function updateGeneration(db: Db, user: Actor, generationId: number, input: UpdateEmailInput) {
  if (input.email_name === undefined && input.campaign_id === null)
    throw badRequest('Send email_name, or campaign_id to move the AI email.');
  return inTransaction(db, async (trx) => {
    await lockOrganisation(trx, user.org_id);
    const gen = await lockGeneration(trx, user.org_id, generationId);
    const campaignId =
      input.campaign_id !== null
        ? (await lockOrgCampaign(trx, user.org_id, input.campaign_id)).id
        : gen.campaign_id;
    const name = input.email_name ?? gen.name;
    const variants = await generationEmails(trx, user.org_id, gen.id);
    for (const variant of variants) {
      await lockOwnEmail(trx, user, variant.email_id);
      const emailName = aiVariantName(name, variant.personality_type);
      if (await emailNameTaken(trx, user.org_id, campaignId, emailName, variant.email_id))
        throw badRequest(EMAIL_NAME_EXISTS);
      await trx
        .updateTable('emails')
        .set({ name: emailName, campaign_id: campaignId, updated_at: new Date() })
        .where('id', '=', variant.email_id)
        .execute();
    }
    await trx
      .updateTable('ai_generation')
      .set({ name, campaign_id: campaignId })
      .where('id', '=', gen.id)
      .execute();
    await moveCampaignToTop(trx, user.org_id, campaignId);
    if (campaignId !== gen.campaign_id) await moveCampaignToTop(trx, user.org_id, gen.campaign_id);
    return {
      generation_id: gen.id,
      name,
      campaign_id: campaignId,
      email_ids: variants.map((v) => v.email_id),
    };
  });
}
