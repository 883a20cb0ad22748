import { Link, useRouterState } from '@tanstack/react-router';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { areaLinks } from '../../../router/routeTable.ts';
import { Logo } from '../../../ui/Logo.tsx';
import type { PageTour } from '../../shared/utils/pageTour.ts';
import { UserMenu } from './UserMenu.tsx';
import './TopBar.css';

const NAV = [
  { label: 'Content', prefix: '/content', link: areaLinks.content },
  { label: 'Campaigns', prefix: '/campaigns', link: areaLinks.campaigns },
  { label: 'Audiences', prefix: '/audiences', link: areaLinks.audiences },
  { label: 'Analytics', prefix: '/analytics', link: areaLinks.analytics },
  { label: 'Automation', prefix: '/automation', link: areaLinks.automation },
  { label: 'Buyer journey', prefix: '/buyer-journey', link: areaLinks.buyerJourney },
  { label: 'Mailbox', prefix: '/mailbox', link: areaLinks.mailbox },
  { label: 'Settings', prefix: '/settings', link: areaLinks.settings },
];

function isUnder(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

/**
 * Brand, the main navigation (a disclosure menu on narrow screens) and the user menu (with the page's
 * tour, `pageTour`), and beside it the place where the support launcher docks on narrow windows
 * (`supportDock` receives that element).
 */
export function TopBar({
  supportDock,
  pageTour = null,
}: {
  supportDock?: (element: HTMLElement | null) => void;
  /** The tour of the page shown, which the user menu offers. */
  pageTour?: PageTour | null;
}) {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const [menuOpen, setMenuOpen] = useState(false);
  const navId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const headerRef = useRef<HTMLElement>(null);

  // Close the narrow-screen menu after a navigation.
  useEffect(() => {
    if (pathname) setMenuOpen(false);
  }, [pathname]);

  const navRef = useRef<HTMLElement>(null);
  const close = useCallback((returnFocus: boolean) => {
    setMenuOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }, []);

  // While the narrow-screen menu is open: Escape or a click outside the bar (the scrim included) closes
  // it, and Tab keeps to the menu button and the menu's links.
  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        close(true);
        return;
      }
      if (event.key !== 'Tab') return;
      const button = buttonRef.current;
      const links = [...(navRef.current?.querySelectorAll<HTMLElement>('a[href]') ?? [])];
      if (!button || links.length === 0) return;
      const cycle = [button, ...links];
      const at = cycle.indexOf(document.activeElement as HTMLElement);
      const last = cycle.length - 1;
      const next = event.shiftKey ? (at <= 0 ? last : at - 1) : at === -1 || at === last ? 0 : at + 1;
      event.preventDefault();
      cycle[next]?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (headerRef.current && !headerRef.current.contains(event.target as Node)) close(false);
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [menuOpen, close]);

  return (
    <header className="topbar" ref={headerRef}>
      <div className="topbar__inner">
        <button
          ref={buttonRef}
          type="button"
          className="topbar__menu-button"
          aria-expanded={menuOpen}
          aria-controls={navId}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            {menuOpen ? (
              <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            ) : (
              <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            )}
          </svg>
          <span className="ui-visually-hidden">{menuOpen ? 'Close navigation' : 'Open navigation'}</span>
        </button>
        <Link {...areaLinks.campaigns} className="topbar__brand" aria-label="Workbench home">
          <Logo tone="dark" size="sm" />
        </Link>
        {menuOpen ? (
          // The page behind the open menu is dimmed; pressing it closes the menu (keyboard: Escape).
          <div
            className="topbar__scrim"
            data-testid="nav-scrim"
            aria-hidden="true"
            onClick={() => close(false)}
          />
        ) : null}
        <nav
          ref={navRef}
          id={navId}
          className={`topbar__nav${menuOpen ? ' topbar__nav--open' : ''}`}
          aria-label="Main"
        >
          <ul className="topbar__list">
            {NAV.map((item) => {
              const active = isUnder(pathname, item.prefix);
              return (
                <li key={item.label}>
                  <Link
                    {...item.link}
                    className={`topbar__link${active ? ' topbar__link--active' : ''}`}
                    aria-current={active ? 'page' : undefined}
                  >
                    {item.label}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        <div className="topbar__end">
          <div className="topbar__dock" ref={supportDock} />
          <UserMenu pageTour={pageTour} />
        </div>
      </div>
    </header>
  );
}
