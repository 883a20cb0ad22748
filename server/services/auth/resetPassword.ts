import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { AppContext } from '../../lib/AppContext.ts';
import { badRequest } from '../../lib/AppError.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { sha256 } from '../../lib/tokens.ts';
import { livePasswordReset, RESET_LINK_SPENT } from './authQueries.ts';
import type { LoginThrottle } from './loginThrottle.ts';
import { requireStrongPassword } from './requireStrongPassword.ts';

/**
 * reset_password/: sets a new password with a mailed reset key. Every session of the user ends, and so
 * does every sign-in delay of the address: the owner is never locked out.
 */
export async function resetPassword(
  ctx: AppContext,
  throttle: LoginThrottle,
  input: { resetKey: string; password: string },
): Promise<void> {
  const keyHash = sha256(input.resetKey);
  const reset = await livePasswordReset(ctx.db, keyHash);
  requireStrongPassword(input.password, [reset.email]);
  const userId = await applyPasswordReset(ctx.db, keyHash, await hashPassword(input.password));
  if (userId === null) throw badRequest(RESET_LINK_SPENT);
  ctx.sessions.forgetUser(userId);
  await throttle.clearAddress(reset.email);
}

/**
 * Sets the new password, spends every open reset key of the user and ends all their sessions, in one
 * transaction. Returns the user's id, or null when the key was spent or expired meanwhile.
 */
async function applyPasswordReset(
  db: Kysely<Database>,
  keyHash: string,
  passwordHash: string,
): Promise<number | null> {
  return db.transaction().execute(async (trx) => {
    const spent = await trx
      .updateTable('password_resets')
      .set({ used_at: new Date() })
      .where('key_hash', '=', keyHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', new Date())
      .returning('user_id')
      .executeTakeFirst();
    if (!spent) return null;
    await trx
      .updateTable('users')
      .set({ password_hash: passwordHash, updated_at: new Date() })
      .where('id', '=', spent.user_id)
      .execute();
    await trx
      .updateTable('password_resets')
      .set({ used_at: new Date() })
      .where('user_id', '=', spent.user_id)
      .where('used_at', 'is', null)
      .execute();
    await trx.deleteFrom('sessions').where('user_id', '=', spent.user_id).execute();
    return spent.user_id;
  });
}
