import type { UpdateEmailInput } from '../../../domain/campaignSchemas.ts';
import { EMAIL_NAME_EXISTS } from '../../../domain/campaignSchemas.ts';
import type { Db } from '../../db/Db.ts';
import { inTransaction } from '../../db/inTransaction.ts';
import { badRequest } from '../../lib/AppError.ts';
import type { Actor } from '../campaign/Actor.ts';
import { emailNameTaken, lockOrgCampaign } from '../campaign/campaignQueries.ts';
import { lockOrganisation } from '../campaign/lockOrganisation.ts';
import { lockOwnEmail } from '../campaign/lockOwnEmail.ts';
import { moveCampaignToTop } from '../campaign/moveCampaignToTop.ts';
import { aiEmailsOf } from './aiEmailsOf.ts';
import { loadGeneration } from './aiGenerationQueries.ts';
import { aiVariantEmails } from './aiVariantEmails.ts';
import { variantName } from './saveVariants.ts';

/**
 * update_email/ with generation_id: renames an AI email (email_name: the generation and each variant,
 * "<name> · <personality>", every name free in the campaign) and/or moves its variants together to another
 * campaign of the organisation (campaign_id). Each variant must be the user's to change (lockOwnEmail).
 */
export async function updateAiEmail(db: Db, user: Actor, generationId: number, input: UpdateEmailInput) {
  if (input.email_name === undefined && input.campaign_id === null)
    throw badRequest('Send email_name, or campaign_id to move the AI email.');
  await inTransaction(db, async (trx) => {
    await lockOrganisation(trx, user.org_id);
    const gen = await loadGeneration(trx, user.org_id, generationId, true);
    const campaignId =
      input.campaign_id !== null
        ? (await lockOrgCampaign(trx, user.org_id, input.campaign_id)).id
        : gen.campaign_id;
    const name = input.email_name ?? gen.name;
    const variants = await aiVariantEmails(trx, user.org_id, { generationId: gen.id });
    for (const variant of variants) {
      await lockOwnEmail(trx, user, variant.email_id);
      const emailName = variantName(name, variant.personality_type);
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
  });
  return aiEmailsOf(db, user.org_id, generationId);
}
