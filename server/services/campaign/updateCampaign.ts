import { CAMPAIGN_NAME_EXISTS, type UpdateCampaignInput } from '../../../domain/campaignSchemas.ts';
import type { Db } from '../../db/Db.ts';
import { inTransaction } from '../../db/inTransaction.ts';
import { badRequest } from '../../lib/AppError.ts';
import { checkSources } from '../content/articleListing.ts';
import type { Actor } from './Actor.ts';
import { campaignNameTaken, loadCampaignSummary, lockOrgCampaign } from './campaignQueries.ts';
import { lockOrganisation } from './lockOrganisation.ts';
import { moveCampaignToTop } from './moveCampaignToTop.ts';

/**
 * update_campaign/: a new name (its own name in another case is allowed) and/or new content sources and
 * keywords (the advanced search, replaced whole; a source neither the global pool's nor the organisation's
 * is not found). The changed campaign takes the top.
 */
export async function updateCampaign(db: Db, user: Actor, input: UpdateCampaignInput) {
  const { campaign_id: campaignId, name, advanced_search: advanced } = input;
  return inTransaction(db, async (trx) => {
    await lockOrganisation(trx, user.org_id);
    await lockOrgCampaign(trx, user.org_id, campaignId);
    if (name !== undefined) {
      if (await campaignNameTaken(trx, user.org_id, name, campaignId)) throw badRequest(CAMPAIGN_NAME_EXISTS);
      await trx.updateTable('campaigns').set({ name }).where('id', '=', campaignId).execute();
    }
    if (advanced !== undefined) {
      const sourceIds = [...(advanced.include_sources ?? []), ...(advanced.exclude_sources ?? [])].filter(
        (id): id is number => typeof id === 'number',
      );
      await checkSources(trx, user.org_id, sourceIds);
      await trx
        .updateTable('campaigns')
        .set({ advanced_search: JSON.stringify(advanced) })
        .where('id', '=', campaignId)
        .execute();
    }
    await moveCampaignToTop(trx, user.org_id, campaignId);
    return loadCampaignSummary(trx, user.org_id, campaignId);
  });
}
