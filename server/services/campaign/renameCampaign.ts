import { CAMPAIGN_NAME_EXISTS } from '../../../domain/campaignSchemas.ts';
import type { Db } from '../../db/Db.ts';
import { inTransaction } from '../../db/inTransaction.ts';
import { badRequest } from '../../lib/AppError.ts';
import type { Actor } from './Actor.ts';
import { campaignNameTaken, loadCampaignSummary, lockOrgCampaign } from './campaignQueries.ts';
import { lockOrganisation } from './lockOrganisation.ts';
import { moveCampaignToTop } from './moveCampaignToTop.ts';

/** update_campaign/: a new name (its own name in another case is allowed); the campaign takes the top. */
export async function renameCampaign(db: Db, user: Actor, campaignId: number, name: string) {
  return inTransaction(db, async (trx) => {
    await lockOrganisation(trx, user.org_id);
    await lockOrgCampaign(trx, user.org_id, campaignId);
    if (await campaignNameTaken(trx, user.org_id, name, campaignId)) throw badRequest(CAMPAIGN_NAME_EXISTS);
    await trx.updateTable('campaigns').set({ name }).where('id', '=', campaignId).execute();
    await moveCampaignToTop(trx, user.org_id, campaignId);
    return loadCampaignSummary(trx, user.org_id, campaignId);
  });
}
