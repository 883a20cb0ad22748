import { CURRENT_PASSWORD_WRONG, type PasswordChanged } from '../../../domain/profileSettings.ts';
import type { AppContext } from '../../lib/AppContext.ts';
import { badRequest } from '../../lib/AppError.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import type { AuthContext } from '../../lib/SessionStore.ts';
import { requireStrongPassword } from './requireStrongPassword.ts';

/**
 * change_password/: sets a new password after checking the current one (a wrong one is a 400 and counts
 * nothing else). Every other session of the user ends (other browsers and devices sign in again); this one
 * stays. Open reset links of the user stop working.
 */
export async function changePassword(
  ctx: AppContext,
  auth: AuthContext,
  input: { current_password: string; new_password: string },
): Promise<PasswordChanged> {
  const { user } = auth;
  if (!(await verifyPassword(input.current_password, user.password_hash))) {
    throw badRequest(CURRENT_PASSWORD_WRONG);
  }
  if (input.new_password === input.current_password) {
    throw badRequest('Choose a new password that differs from your current one.');
  }
  requireStrongPassword(input.new_password, [user.email, user.first_name, user.last_name]);
  const passwordHash = await hashPassword(input.new_password);
  const ended = await ctx.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ password_hash: passwordHash, updated_at: new Date() })
      .where('id', '=', user.id)
      .execute();
    await trx
      .updateTable('password_resets')
      .set({ used_at: new Date() })
      .where('user_id', '=', user.id)
      .where('used_at', 'is', null)
      .execute();
    const deleted = await trx
      .deleteFrom('sessions')
      .where('user_id', '=', user.id)
      .where('id', '!=', auth.sessionId)
      .executeTakeFirst();
    return Number(deleted.numDeletedRows);
  });
  ctx.sessions.forgetUser(user.id);
  return {
    ended_sessions: ended,
    message:
      ended === 0
        ? 'Your password has been changed.'
        : `Your password has been changed and you were signed out everywhere else.`,
  };
}
