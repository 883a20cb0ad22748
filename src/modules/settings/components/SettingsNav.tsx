import { Link } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { SETTINGS_PAGES, type SettingsPage } from '../../../../domain/settingsAccess.ts';

/**
 * The settings pages' links (a column beside the page; a row of tabs above it on a phone), the current one
 * marked (and scrolled into view on a phone). The export widget page is listed only for users with
 * export_widget_permission.
 */
export function SettingsNav({
  current,
  canExportWidget,
}: {
  current: SettingsPage;
  canExportWidget: boolean;
}) {
  const navRef = useRef<HTMLElement>(null);
  // On a phone the links are a row that scrolls sideways: the current page's link is brought into view.
  useEffect(() => {
    const row = navRef.current;
    const link = row?.querySelector<HTMLElement>(`[data-page="${current}"]`);
    if (!row || !link || row.scrollWidth <= row.clientWidth) return;
    const linkBox = link.getBoundingClientRect();
    const rowBox = row.getBoundingClientRect();
    row.scrollLeft += linkBox.left - rowBox.left - (rowBox.width - linkBox.width) / 2;
  }, [current]);
  return (
    <nav className="settings-nav" aria-label="Settings pages" ref={navRef}>
      <ul className="settings-nav__list">
        {SETTINGS_PAGES.filter((entry) => entry.page !== 'export_widget' || canExportWidget).map((entry) => (
          <li key={entry.page}>
            <Link
              to="/settings/{-$page}/{-$tab}"
              params={{ page: entry.page, tab: undefined }}
              className="settings-nav__link"
              data-page={entry.page}
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
