import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Edition } from './lockCurationTarget.ts';

/** The edition, its email and its campaign were changed now: the campaign takes the top of the list. */
export async function touchCuratedEdition(
  trx: Transaction<Database>,
  orgId: number,
  edition: Edition,
): Promise<Date> {
  const row = await trx
    .updateTable('email_versions')
    .set({ updated_at: sql<Date>`now()` })
    .where('id', '=', edition.id)
    .returning('updated_at')
    .executeTakeFirstOrThrow();
  await trx
    .updateTable('emails')
    .set({ updated_at: sql<Date>`now()` })
    .where('id', '=', edition.email_id)
    .execute();
  if (edition.campaign_id !== null)
    await trx
      .updateTable('campaigns')
      .set({
        updated_at: sql<Date>`now()`,
        position: sql<number>`(select coalesce(max(position), 0) + 1 from campaigns where org_id = ${orgId})`,
      })
      .where('id', '=', edition.campaign_id)
      .where('org_id', '=', orgId)
      .execute();
  return row.updated_at as unknown as Date;
}
