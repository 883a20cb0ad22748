import type { AppContext } from '../../lib/AppContext.ts';

/**
 * profile_login/ for the workbench: the user has opened it, so their first visit is over
 * (first_login_workbench turns false and later sign-ins land on the campaigns). Answers whether this was
 * that first visit; a repeated call changes nothing.
 */
export async function recordProfileLogin(ctx: AppContext, userId: number): Promise<boolean> {
  const changed = await ctx.db
    .updateTable('users')
    .set({ first_login_workbench: false, updated_at: new Date() })
    .where('id', '=', userId)
    .where('first_login_workbench', '=', true)
    .returning('id')
    .executeTakeFirst();
  if (changed) ctx.sessions.forgetUser(userId);
  return changed !== undefined;
}
