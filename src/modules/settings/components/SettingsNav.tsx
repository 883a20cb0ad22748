import { Link } from '@tanstack/react-router';
import { SETTINGS_PAGES, type SettingsPage } from '../../../../domain/settingsAccess.ts';

/**
 * The settings pages' links (a column beside the page; a row of tabs above it on a phone), the current one
 * marked. The export widget page is listed only for users with export_widget_permission.
 */
export function SettingsNav({
  current,
  canExportWidget,
}: {
  current: SettingsPage;
  canExportWidget: boolean;
}) {
  return (
    <nav className="settings-nav" aria-label="Settings pages">
      <ul className="settings-nav__list">
        {SETTINGS_PAGES.filter((entry) => entry.page !== 'export_widget' || canExportWidget).map((entry) => (
          <li key={entry.page}>
            <Link
              to="/settings/{-$page}/{-$tab}"
              params={{ page: entry.page, tab: undefined }}
              className="settings-nav__link"
              aria-current={entry.page === current ? 'page' : undefined}
            >
              {entry.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
