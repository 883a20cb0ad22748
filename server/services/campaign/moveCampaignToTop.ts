import { sql } from 'kysely';
import type { Db } from '../../db/Db.ts';

/** A changed campaign takes the top of the list with last update now ('just now'). */
export async function moveCampaignToTop(trx: Db, orgId: number, campaignId: number | null) {
  if (campaignId === null) return;
  await sql`
    update campaigns set updated_at = now(),
      position = (select coalesce(max(position), 0) + 1 from campaigns where org_id = ${orgId})
    where id = ${campaignId} and org_id = ${orgId}`.execute(trx);
}
