/**
 * The settings area's pages (/settings/{page}/{tab}), in the order its navigation shows them. Every
 * signed-in user opens Settings; only the export widget page needs export_widget_permission (without it,
 * a permission error sends the person to /campaigns).
 */
export const SETTINGS_PAGES = [
  { page: 'sender_addresses', label: 'Sender addresses' },
  { page: 'profile', label: 'Profile' },
  { page: 'team', label: 'Team' },
  { page: 'plan', label: 'Plan' },
  { page: 'export_widget', label: 'Export widget' },
] as const;

export type SettingsPage = (typeof SETTINGS_PAGES)[number]['page'];

/** The page /settings alone opens. */
export const DEFAULT_SETTINGS_PAGE: SettingsPage = 'sender_addresses';

/** The page an address names; /settings alone is the default page; anything else is null (not found). */
export function settingsPageOf(page: string | undefined): SettingsPage | null {
  if (!page) return DEFAULT_SETTINGS_PAGE;
  return SETTINGS_PAGES.find((entry) => entry.page === page)?.page ?? null;
}

/** The promo export widget (its settings page and a campaign's widget) needs export_widget_permission. */
export function hasExportWidgetPermission(user: { export_widget_permission: boolean }): boolean {
  return user.export_widget_permission === true;
}

/** Whether the user may open a settings page: all of them but the export widget page are everyone's. */
export function canOpenSettingsPage(
  page: SettingsPage,
  user: { export_widget_permission: boolean },
): boolean {
  return page !== 'export_widget' || hasExportWidgetPermission(user);
}
