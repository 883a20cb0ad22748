import { Link } from '@tanstack/react-router';
import { abbreviateNumber } from '../../../../../domain/abbreviateNumber.ts';
import {
  PEOPLE_TAB_LABELS,
  PEOPLE_TABS,
  type PeopleTab,
  type PeopleTabCounts,
} from '../../../../../domain/audiencePeople.ts';
import { formatThousands } from '../../../../../domain/formatThousands.ts';

/** Another tab keeps the search, filters, sort and account, and starts from its first row. */
const keptSearch = (previous: Record<string, unknown>) => ({ ...previous, offset: undefined }) as never;

/**
 * The three people tabs as links (/audiences/people/{tab}, keeping the search and filters), each with its
 * own total: "…" while counted, "—" when counting failed (the list says so and offers Try again).
 */
export function PeopleTabs({
  current,
  totals,
  failed,
}: {
  current: PeopleTab;
  totals: PeopleTabCounts | null;
  failed: boolean;
}) {
  return (
    <nav className="people-tabs" aria-label="People tabs">
      <ul>
        {PEOPLE_TABS.map((tab) => (
          <li key={tab}>
            <Link
              to="/audiences/people/{-$tab}"
              params={{ tab }}
              search={keptSearch}
              className="people-tabs__link"
              aria-current={tab === current ? 'page' : undefined}
            >
              {PEOPLE_TAB_LABELS[tab]}{' '}
              {totals ? (
                <span className="people-tabs__total" title={formatThousands(totals[tab])}>
                  {abbreviateNumber(totals[tab])}
                </span>
              ) : failed ? (
                <span className="people-tabs__total" title="Could not be counted">
                  —
                </span>
              ) : (
                <span className="people-tabs__total" title="Counting">
                  …
                </span>
              )}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
