import { Link } from '@tanstack/react-router';
import {
  PEOPLE_TAB_LABELS,
  PEOPLE_TABS,
  type PeopleTab,
  type PeopleTabCounts,
} from '../../../../../domain/audiencePeople.ts';
import { TabCount, TabLinks } from '../../../../ui/TabLinks.tsx';

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
    <TabLinks
      label="People tabs"
      items={PEOPLE_TABS.map((tab) => ({
        key: tab,
        current: tab === current,
        link: (props) => (
          <Link to="/audiences/people/{-$tab}" params={{ tab }} search={keptSearch} {...props}>
            {PEOPLE_TAB_LABELS[tab]} <TabCount value={totals ? totals[tab] : null} failed={failed} />
          </Link>
        ),
      }))}
    />
  );
}
