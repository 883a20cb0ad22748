import { LAST_ADMIN } from '../../../domain/teamSettings.ts';
import type { AppContext } from '../../lib/AppContext.ts';
import { badRequest } from '../../lib/AppError.ts';
import { lockTeam } from './lockTeam.ts';
import { adminCount, memberOfOrganisation } from './teamQueries.ts';

/** A password hash no password matches: a removed user cannot sign in. */
const NO_PASSWORD = 'removed';

/**
 * remove_user/: takes a user off the team. What they made stays the organisation's (the row is kept,
 * marked removed); every session of theirs ends at once and they can no longer sign in or reset a
 * password. They leave every sales group, so no user picker or group count shows them. The organisation's last administrator is never removed (400).
 */
export async function removeUser(ctx: AppContext, orgId: number, userId: number): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    await lockTeam(trx, orgId);
    const member = await memberOfOrganisation(trx, orgId, userId);
    if (member.role === 'admin' && (await adminCount(trx, orgId)) <= 1) throw badRequest(LAST_ADMIN);
    const now = new Date();
    await trx
      .updateTable('users')
      .set({ removed_at: now, password_hash: NO_PASSWORD, updated_at: now })
      .where('id', '=', userId)
      .execute();
    await trx.deleteFrom('sessions').where('user_id', '=', userId).execute();
    await trx.deleteFrom('password_resets').where('user_id', '=', userId).execute();
    await trx.deleteFrom('sales_group_users').where('user_id', '=', userId).execute();
  });
  ctx.sessions.forgetUser(userId);
}
