import { Link } from '@tanstack/react-router';
import { abbreviateNumber } from '../../../../../domain/abbreviateNumber.ts';
import {
  PEOPLE_TAB_LABELS,
  PEOPLE_TABS,
  type PeopleTab,
  type PeopleTabCounts,
} from '../../../../../domain/audiencePeople.ts';
import { formatThousands } from '../../../../../domain/formatThousands.ts';

/** The three people tabs as links (/audiences/people/{tab}), each with its own total (null: being counted). */
export function PeopleTabs({
  current,
  totals,
}: {
  current: PeopleTab;
  totals: Record<keyof PeopleTabCounts, number | null>;
}) {
  return (
    <nav className="people-tabs" aria-label="People tabs">
      <ul>
        {PEOPLE_TABS.map((tab) => (
          <li key={tab}>
            <Link
              to="/audiences/{-$page}/{-$tab}/{-$subTab}"
              params={{ page: 'people', tab }}
              search={(previous: Record<string, unknown>) => previous}
              className="people-tabs__link"
              aria-current={tab === current ? 'page' : undefined}
            >
              {PEOPLE_TAB_LABELS[tab]}{' '}
              {totals[tab] === null ? (
                <span className="people-tabs__total" title="Counting">
                  …
                </span>
              ) : (
                <span className="people-tabs__total" title={formatThousands(totals[tab])}>
                  {abbreviateNumber(totals[tab])}
                </span>
              )}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
