import { INVITATION_SPENT } from '../../../domain/teamSettings.ts';
import type { UserRow } from '../../db/schema.ts';
import type { AppContext } from '../../lib/AppContext.ts';
import { badRequest } from '../../lib/AppError.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { sha256 } from '../../lib/tokens.ts';
import { findLiveInvitation } from '../user/teamQueries.ts';
import { findUserByEmail } from './authQueries.ts';
import { requireStrongPassword } from './requireStrongPassword.ts';
import { startSession } from './startSession.ts';

type Accepted = { key: string; first_name: string; last_name: string; password: string };

/**
 * accept_invitation/: the invitee sets their name and password with the mailed key; they join the
 * organisation with the invitation's role (and the plan type of whoever invited them) and are signed in.
 * The key is spent in the same transaction. A spent, expired, withdrawn or forged key is a 400; so is an
 * address that has an account by now. A removed user of the organisation invited back is the same account again.
 */
export async function acceptInvitation(ctx: AppContext, input: Accepted, userAgent: string | undefined) {
  const keyHash = sha256(input.key);
  const live = await findLiveInvitation(ctx.db, keyHash, ctx.clock());
  if (!live) throw badRequest(INVITATION_SPENT);
  requireStrongPassword(input.password, [live.email, input.first_name, input.last_name]);
  const passwordHash = await hashPassword(input.password);

  const user = await ctx.db.transaction().execute(async (trx): Promise<UserRow> => {
    const invitation = await trx
      .deleteFrom('team_invitations')
      .where('key_hash', '=', keyHash)
      .where('expires_at', '>', ctx.clock())
      .returningAll()
      .executeTakeFirst();
    if (!invitation) throw badRequest(INVITATION_SPENT);
    const existing = await findUserByEmail(trx, invitation.email);
    if (existing && (existing.org_id !== invitation.org_id || existing.removed_at === null)) {
      throw badRequest('An account with this email already exists. Sign in or reset your password.');
    }
    const inviter = invitation.invited_by
      ? await trx
          .selectFrom('users')
          .select('plan_type')
          .where('id', '=', invitation.invited_by)
          .executeTakeFirst()
      : undefined;
    const fields = {
      first_name: input.first_name,
      last_name: input.last_name,
      password_hash: passwordHash,
      role: invitation.role,
      plan_type: inviter?.plan_type ?? 'trial',
    };
    if (existing) {
      return trx
        .updateTable('users')
        .set({ ...fields, removed_at: null, updated_at: new Date() })
        .where('id', '=', existing.id)
        .returningAll()
        .executeTakeFirstOrThrow();
    }
    return trx
      .insertInto('users')
      .values({ ...fields, org_id: invitation.org_id, email: invitation.email, signup_app_name: 'workbench' })
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  ctx.sessions.forgetUser(user.id);
  return startSession(ctx, user, userAgent);
}
