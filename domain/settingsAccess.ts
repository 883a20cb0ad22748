/** Settings need export_widget_permission (spec 01 section 6); without it a permission error follows. */
export function canOpenSettings(user: { export_widget_permission: boolean }): boolean {
  return user.export_widget_permission === true;
}
