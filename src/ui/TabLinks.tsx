import type { ReactNode } from 'react';
import { abbreviateNumber } from '../../domain/abbreviateNumber.ts';
import { formatThousands } from '../../domain/formatThousands.ts';
import './TabLinks.css';

/** What a tab link is given: its look, and whether it is the tab shown. */
export type TabLinkProps = { className: string; 'aria-current': 'page' | undefined };

export type TabLinkItem = {
  key: string;
  current: boolean;
  /** The link itself (a router link to the tab's address), given the props above. */
  link: (props: TabLinkProps) => ReactNode;
};

/**
 * The tabs of a list whose tab is part of its address (each tab a real link, so it can open in a new tab),
 * as pills, the current one filled; on a narrow screen they wrap onto a second line.
 */
export function TabLinks({ label, items }: { label: string; items: readonly TabLinkItem[] }) {
  return (
    <nav className="ui-tab-links" aria-label={label}>
      <ul className="ui-tab-links__list">
        {items.map((item) => (
          <li key={item.key}>
            {item.link({
              className: 'ui-tab-links__link',
              'aria-current': item.current ? 'page' : undefined,
            })}
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * A tab's total beside its name: short (K, M, B) with the exact figure as its tooltip, "…" while counted,
 * "—" when counting failed.
 */
export function TabCount({ value, failed }: { value: number | null; failed: boolean }) {
  if (value !== null)
    return (
      <span className="ui-tab-links__total" title={formatThousands(value)}>
        {abbreviateNumber(value)}
      </span>
    );
  return failed ? (
    <span className="ui-tab-links__total" title="Could not be counted">
      —
    </span>
  ) : (
    <span className="ui-tab-links__total" title="Counting">
      …
    </span>
  );
}
