import { CAMPAIGN_NOT_FOUND } from '../../../domain/campaignSchemas.ts';
import type { Db } from '../../db/Db.ts';
import { notFound } from '../../lib/AppError.ts';

/** Checks that a campaign is the organisation's (another organisation's, or none, is a 404). */
export async function ownCampaignId(db: Db, orgId: number, campaignId: number): Promise<void> {
  const row = await db
    .selectFrom('campaigns')
    .select('id')
    .where('org_id', '=', orgId)
    .where('id', '=', campaignId)
    .executeTakeFirst();
  if (!row) throw notFound(CAMPAIGN_NOT_FOUND);
}
