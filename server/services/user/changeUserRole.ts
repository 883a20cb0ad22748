import { LAST_ADMIN } from '../../../domain/teamSettings.ts';
import type { UserRole } from '../../../domain/userRoles.ts';
import type { AppContext } from '../../lib/AppContext.ts';
import { badRequest } from '../../lib/AppError.ts';
import { lockTeam } from './lockTeam.ts';
import { adminCount, memberOfOrganisation } from './teamQueries.ts';

/**
 * change_user_role/: makes a user of the organisation an administrator or a member. The organisation's last
 * administrator is never made a member (400). The user's cached session sees the new role at once.
 */
export async function changeUserRole(
  ctx: AppContext,
  orgId: number,
  userId: number,
  role: UserRole,
): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    await lockTeam(trx, orgId);
    const member = await memberOfOrganisation(trx, orgId, userId);
    if (member.role === role) return;
    if (member.role === 'admin' && (await adminCount(trx, orgId)) <= 1) throw badRequest(LAST_ADMIN);
    await trx.updateTable('users').set({ role, updated_at: new Date() }).where('id', '=', userId).execute();
  });
  ctx.sessions.forgetUser(userId);
}
