import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** Forgets the exchanged tokens that have expired (a replay of one is refused as expired anyway). */
export async function forgetExpiredClickTokens(db: Kysely<Database>, now: Date): Promise<void> {
  await db.deleteFrom('journey_token_use').where('expires_at', '<', now).execute();
}
