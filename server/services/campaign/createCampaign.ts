import type { CreateCampaignInput } from '../../../domain/campaignSchemas.ts';
import type { CampaignSummary } from '../../../domain/campaigns.ts';
import type { Db } from '../../db/Db.ts';
import { inTransaction } from '../../db/inTransaction.ts';
import type { Actor } from './Actor.ts';
import { loadCampaignSummary } from './campaignQueries.ts';
import { createCampaignIn } from './createCampaignIn.ts';

export async function createCampaign(
  db: Db,
  user: Actor,
  input: CreateCampaignInput,
): Promise<CampaignSummary> {
  return inTransaction(db, async (trx) => {
    const id = await createCampaignIn(trx, user, input);
    return loadCampaignSummary(trx, user.org_id, id);
  });
}
