import type { ReactNode } from 'react';
import './sectionNav.css';

/** The class of a section link (a router Link with aria-current="page" on the current section). */
export const SECTION_LINK_CLASS = 'section-nav__link';

/**
 * An area's section links under its header (Audiences: People, Accounts ...; Analytics: Dashboard,
 * Campaigns ...), the current one underlined. Each child is an <li> holding a Link with SECTION_LINK_CLASS.
 */
export function SectionNav({ label, children }: { label: string; children: ReactNode }) {
  return (
    <nav className="section-nav" aria-label={label}>
      <ul className="section-nav__list">{children}</ul>
    </nav>
  );
}
