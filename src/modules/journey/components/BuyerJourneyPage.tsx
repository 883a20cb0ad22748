import { Link } from '@tanstack/react-router';
import { JOURNEY_TABS, type JourneyTab } from '../../../../domain/journeyScreenSearch.ts';
import { PageHeader } from '../../../ui/PageHeader.tsx';
import { SubNav } from '../../../ui/SubNav.tsx';
import { JourneyContactsTab } from './JourneyContactsTab.tsx';
import { JourneyScoringTab } from './JourneyScoringTab.tsx';
import { JourneySourcesTab } from './JourneySourcesTab.tsx';
import { JourneyTrackingTab } from './JourneyTrackingTab.tsx';
import './journey.css';

/** What moves from tab to tab: the sources period; each tab's list state stays with its tab. */
const keptSearch = (previous: Record<string, unknown>) => ({
  date: previous.date,
  start_date: previous.start_date,
  end_date: previous.end_date,
});

/**
 * /buyer-journey/{tab}: where the organisation's contacts stand on their way to buying. Sources (where
 * website visits come from), contacts by buyer stage, the scoring criteria, and the website tracking.
 */
export function BuyerJourneyPage({ tab }: { tab: JourneyTab }) {
  return (
    <div className="journey-page">
      <PageHeader
        title="Buyer journey"
        description="Where your website visits come from, how engaged each contact is, and who is ready to buy."
      />
      <SubNav
        label="Buyer journey sections"
        items={JOURNEY_TABS.map((each) => ({
          key: each.tab,
          current: each.tab === tab,
          link: (props) => (
            <Link
              to="/buyer-journey/{-$tab}"
              params={{ tab: each.tab }}
              search={
                (each.tab === tab ? (previous: Record<string, unknown>) => previous : keptSearch) as never
              }
              {...props}
            >
              {each.label}
            </Link>
          ),
        }))}
      />
      {tab === 'sources' ? <JourneySourcesTab /> : null}
      {tab === 'contacts' ? <JourneyContactsTab /> : null}
      {tab === 'scoring' ? <JourneyScoringTab /> : null}
      {tab === 'tracking' ? <JourneyTrackingTab /> : null}
    </div>
  );
}
