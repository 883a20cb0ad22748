import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** Sign-up links nobody opened in time (the hourly sweep). */
export async function deleteExpiredPendingSignups(db: Kysely<Database>): Promise<void> {
  await db.deleteFrom('pending_signups').where('expires_at', '<', new Date()).execute();
}
