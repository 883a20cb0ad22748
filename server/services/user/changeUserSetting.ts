import type { AppContext } from '../../lib/AppContext.ts';

/** Settings a user may change about themselves through user_data/ (key and value). */
export const USER_SETTING_KEYS = ['show_msg', 'first_login_workbench'] as const;
export type UserSettingKey = (typeof USER_SETTING_KEYS)[number];

/** user_data/: one of the user's own settings; their cached session sees it at once. */
export async function changeUserSetting(
  ctx: AppContext,
  userId: number,
  key: UserSettingKey,
  value: boolean,
): Promise<void> {
  await ctx.db
    .updateTable('users')
    .set({ [key]: value, updated_at: new Date() })
    .where('id', '=', userId)
    .execute();
  ctx.sessions.forgetUser(userId);
}
