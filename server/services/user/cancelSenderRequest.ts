import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { notFound } from '../../lib/AppError.ts';

/** Withdraws an address waiting for verification: its link stops working. */
export async function cancelSenderRequest(
  db: Kysely<Database>,
  orgId: number,
  requestId: number,
): Promise<void> {
  const removed = await db
    .deleteFrom('sender_address_requests')
    .where('id', '=', requestId)
    .where('org_id', '=', orgId)
    .executeTakeFirst();
  if (Number(removed.numDeletedRows) === 0) throw notFound('Sender address not found.');
}
