import type { AppContext } from '../../lib/AppContext.ts';

/** update_profile/: the user's own name; their cached session and user data see it at once. */
export async function updateProfile(
  ctx: AppContext,
  userId: number,
  input: { first_name: string; last_name: string },
): Promise<void> {
  await ctx.db
    .updateTable('users')
    .set({ first_name: input.first_name, last_name: input.last_name, updated_at: new Date() })
    .where('id', '=', userId)
    .execute();
  ctx.sessions.forgetUser(userId);
}
