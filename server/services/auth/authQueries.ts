import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../../db/schema.ts';
import { badRequest } from '../../lib/AppError.ts';

/** The user of an address, in any case. */
export async function findUserByEmail(db: Kysely<Database>, email: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .executeTakeFirst();
}

export const RESET_LINK_SPENT = 'This reset link has expired or has already been used. Ask for a new one.';
export const SIGNUP_LINK_SPENT = 'This sign-up link has expired or has already been used. Sign up again.';

/** The user a reset key resets, while the key is unused and unexpired; a spent key is a 400. */
export async function livePasswordReset(db: Kysely<Database>, keyHash: string) {
  const reset = await db
    .selectFrom('password_resets')
    .innerJoin('users', 'users.id', 'password_resets.user_id')
    .select(['password_resets.user_id', 'users.email'])
    .where('password_resets.key_hash', '=', keyHash)
    .where('password_resets.used_at', 'is', null)
    .where('password_resets.expires_at', '>', new Date())
    .executeTakeFirst();
  if (!reset) throw badRequest(RESET_LINK_SPENT);
  return reset;
}

/** The address a sign-up key finishes, while the key is unexpired; a spent key is a 400. */
export async function livePendingSignup(db: Kysely<Database>, keyHash: string) {
  const pending = await db
    .selectFrom('pending_signups')
    .select('email')
    .where('key_hash', '=', keyHash)
    .where('expires_at', '>', new Date())
    .executeTakeFirst();
  if (!pending) throw badRequest(SIGNUP_LINK_SPENT);
  return pending;
}
