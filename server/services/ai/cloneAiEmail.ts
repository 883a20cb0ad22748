import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { cloneAiEmailBodySchema } from '../../../domain/aiEmailSchemas.ts';
import { EMAIL_NAME_EXISTS } from '../../../domain/campaignSchemas.ts';
import type { Db } from '../../db/Db.ts';
import { inTransaction } from '../../db/inTransaction.ts';
import { badRequest } from '../../lib/AppError.ts';
import type { Actor } from '../campaign/Actor.ts';
import { emailNameTaken, lockOrgCampaign } from '../campaign/campaignQueries.ts';
import { copyEmail } from '../campaign/copyEmail.ts';
import { createCampaignIn } from '../campaign/createCampaignIn.ts';
import { lockOrganisation } from '../campaign/lockOrganisation.ts';
import { moveCampaignToTop } from '../campaign/moveCampaignToTop.ts';
import { loadGeneration } from './aiGenerationQueries.ts';
import { aiVariantEmails } from './aiVariantEmails.ts';
import { variantName } from './saveVariants.ts';

/**
 * clone_ai_email/: a copy of a finished generation (its prompt, audience and record) named version_name
 * (default "Copy of <name>"), its variants copied with their designs and articles (copyEmail: no sends)
 * into campaign_id, a new campaign named campaign_name, or the original's campaign.
 */
export async function cloneAiEmail(db: Db, user: Actor, input: z.infer<typeof cloneAiEmailBodySchema>) {
  return inTransaction(db, async (trx) => {
    await lockOrganisation(trx, user.org_id);
    const gen = await loadGeneration(trx, user.org_id, input.generation_id);
    if (gen.state !== 'done') throw badRequest('Only a finished AI email can be cloned.');
    let campaignId = gen.campaign_id;
    if (input.campaign_id !== null)
      campaignId = (await lockOrgCampaign(trx, user.org_id, input.campaign_id)).id;
    else if (input.campaign_name)
      campaignId = await createCampaignIn(trx, user, {
        campaign_name: input.campaign_name,
        keywords: [],
        contact_ids: gen.audience_contact_ids,
        list_ids: gen.audience_list_ids,
      });
    const name = input.version_name ?? `Copy of ${gen.name}`.slice(0, 150);
    const copy = await trx
      .insertInto('ai_generation')
      .values({
        org_id: gen.org_id,
        ai_id: randomUUID(),
        campaign_id: campaignId,
        name,
        prompt: gen.prompt,
        audience_contact_ids: gen.audience_contact_ids,
        audience_list_ids: gen.audience_list_ids,
        personalities: gen.personalities,
        emails_to: gen.emails_to,
        composer: gen.composer,
        state: 'done',
        done: gen.total,
        total: gen.total,
        outputs: JSON.stringify(gen.outputs ?? []),
        created_by: user.id,
        finished_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const variant of await aiVariantEmails(trx, user.org_id, { generationId: gen.id })) {
      const emailName = variantName(name, variant.personality_type);
      if (await emailNameTaken(trx, user.org_id, campaignId, emailName)) throw badRequest(EMAIL_NAME_EXISTS);
      const emailId = await copyEmail(trx, user, variant.email_id, campaignId, emailName);
      await trx
        .updateTable('emails')
        .set({ generation_id: copy.id, personality_type: variant.personality_type })
        .where('id', '=', emailId)
        .execute();
    }
    await moveCampaignToTop(trx, user.org_id, campaignId);
    return { generation_id: copy.id, campaign_id: campaignId };
  });
}
