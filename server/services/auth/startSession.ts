import type { UserRow } from '../../db/schema.ts';
import type { AppContext } from '../../lib/AppContext.ts';
import { loadUserData } from '../user/userQueries.ts';

/** A new session of the user (a sign-in, a finished sign-up), with the user as the workbench shows them. */
export async function startSession(ctx: AppContext, user: UserRow, userAgent: string | undefined) {
  const session = await ctx.sessions.create(user.id, userAgent, ctx.config.sessionTtlSeconds);
  return { session, user: await loadUserData(ctx.db, user) };
}
