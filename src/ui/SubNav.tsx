import type { ReactNode } from 'react';
import './SubNav.css';

/** What a sub-navigation link is given: its look, and whether it is the page shown. */
export type SubNavLinkProps = { className: string; 'aria-current': 'page' | undefined };

export type SubNavItem = {
  key: string;
  current: boolean;
  /** The link itself (a router link), given the props above. */
  link: (props: SubNavLinkProps) => ReactNode;
};

/**
 * The sections of an area (Audiences: People, Accounts, Lists…; Content: Explorer, Search…), the current
 * one underlined. On a narrow screen the links wrap onto a second line rather than scroll out of sight:
 * every section stays visible and whole.
 */
export function SubNav({ label, items }: { label: string; items: readonly SubNavItem[] }) {
  return (
    <nav className="ui-subnav" aria-label={label}>
      <ul className="ui-subnav__list">
        {items.map((item) => (
          <li key={item.key}>
            {item.link({ className: 'ui-subnav__link', 'aria-current': item.current ? 'page' : undefined })}
          </li>
        ))}
      </ul>
    </nav>
  );
}
