import type { CampaignAudience, CampaignAudienceInput } from '../../../domain/campaignAudience.ts';
import type { Db } from '../../db/Db.ts';
import { inTransaction } from '../../db/inTransaction.ts';
import type { Actor } from './Actor.ts';
import { giveCampaignAudience } from './campaignAudience.ts';
import { loadCampaignAudience, refuseForeign } from './campaignAudienceQueries.ts';
import { lockOrgCampaign } from './campaignQueries.ts';

/**
 * campaign_audience/ (POST): the campaign's lists and contacts, replaced whole. Draft editions of its
 * emails with no audience of their own take it; an audience chosen on an edition is never replaced.
 */
export async function saveCampaignAudience(
  db: Db,
  user: Actor,
  input: CampaignAudienceInput,
): Promise<CampaignAudience> {
  const campaignId = input.campaign_id;
  await inTransaction(db, async (trx) => {
    await lockOrgCampaign(trx, user.org_id, campaignId);
    await refuseForeign(trx, user.org_id, input);
    await trx.deleteFrom('campaign_lists').where('campaign_id', '=', campaignId).execute();
    await trx.deleteFrom('campaign_contacts').where('campaign_id', '=', campaignId).execute();
    if (input.list_ids.length > 0)
      await trx
        .insertInto('campaign_lists')
        .values(input.list_ids.map((list_id) => ({ campaign_id: campaignId, list_id })))
        .execute();
    if (input.contact_ids.length > 0)
      await trx
        .insertInto('campaign_contacts')
        .values(input.contact_ids.map((contact_id) => ({ campaign_id: campaignId, contact_id })))
        .execute();
    const emails = await trx
      .selectFrom('emails')
      .select('id')
      .where('campaign_id', '=', campaignId)
      .execute();
    for (const email of emails) await giveCampaignAudience(trx, email.id);
  });
  return loadCampaignAudience(db, user.org_id, campaignId);
}
