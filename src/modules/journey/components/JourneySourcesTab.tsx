import { Link } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { localToday, periodDates } from '../../../../domain/analyticsPeriod.ts';
import { countOf } from '../../../../domain/countOf.ts';
import { journeyPeriodOf, journeyPeriodSearch } from '../../../../domain/journeyScreenSearch.ts';
import type { JourneySources } from '../../../../domain/journeyTracking.ts';
import type { JourneyPeriod } from '../../../api/journeyApi.ts';
import { buttonClassName } from '../../../ui/buttonClassName.ts';
import { Card } from '../../../ui/Card.tsx';
import { StatePanel } from '../../../ui/StatePanel.tsx';
import { ToggleGroup } from '../../../ui/ToggleGroup.tsx';
import { ReportState } from '../../shared/components/ReportState.tsx';
import { useServices } from '../../shared/hooks/ServicesContext.ts';
import { useReport } from '../../shared/hooks/useReport.ts';
import { useJourneySearch } from '../hooks/useJourneySearch.ts';
import { sourceRows } from '../utils/sourcesChartLayout.ts';
import { JourneyPeriodField } from './JourneyPeriodField.tsx';
import { SourcesChart } from './SourcesChart.tsx';
import { ReferrersTable, SourcesTable, UtmTable } from './SourcesTables.tsx';

type View = 'chart' | 'table';
const VIEWS = [
  { value: 'chart', label: 'Chart' },
  { value: 'table', label: 'Table' },
] as const;

function NoVisits() {
  return (
    <StatePanel
      compact
      kind="empty"
      title="No website visits in this period"
      actions={
        <Link
          to="/buyer-journey/{-$tab}"
          params={{ tab: 'tracking' }}
          className={buttonClassName('secondary')}
        >
          Set up tracking
        </Link>
      }
    >
      Visits to your website show here once the tracking snippet is on its pages. Or choose a longer period.
    </StatePanel>
  );
}

function SourcesView({ answer }: { answer: JourneySources }) {
  const [view, setView] = useState<View>('chart');
  const rows = useMemo(() => sourceRows(answer), [answer]);
  if (answer.total_views === 0) return <NoVisits />;
  return (
    <>
      <div className="journey-sources__controls">
        <p className="journey-sources__summary" data-testid="journey-sources-summary">
          {countOf(answer.total_views, 'view', 'views')} by{' '}
          {countOf(answer.total_visitors, 'visitor', 'visitors')}
        </p>
        <ToggleGroup legend="Show the sources as" options={VIEWS} value={view} onChange={setView} />
      </div>
      {view === 'chart' ? <SourcesChart rows={rows} /> : <SourcesTable rows={rows} />}
    </>
  );
}

/**
 * /buyer-journey/sources: where the period's website visits came from (email, organic search, social,
 * referral, direct) with their counts and shares, as a chart or a table, and the UTM campaigns and the
 * referring sites. The period is analytics' (a quarter by default), in the address.
 */
export function JourneySourcesTab() {
  const api = useServices().journeyApi;
  const { search, patch } = useJourneySearch();
  const choice = journeyPeriodOf(search);
  const today = useMemo(() => localToday(), []);
  const dates = periodDates(choice, today);
  const period: JourneyPeriod = { startDate: dates.startDate ?? today, endDate: dates.endDate ?? today };
  const report = useReport((p: JourneyPeriod, signal) => api.sources(p, signal), 'journey-sources', period);
  return (
    <div className="journey-sources">
      <JourneyPeriodField choice={choice} onChange={(next) => patch(journeyPeriodSearch(next))} />
      <ReportState report={report} what="sources">
        {(answer) => (
          <>
            <Card
              title="Sources"
              description="Website views by where the visitor came from."
              className="journey-card"
            >
              <SourcesView answer={answer} />
            </Card>
            {answer.total_views > 0 ? (
              <div className="journey-grid">
                <Card
                  title="Campaigns"
                  description="Views of pages reached through a link with UTM parameters."
                  className="journey-card"
                >
                  <UtmTable rows={answer.utm} />
                </Card>
                <Card
                  title="Referrers"
                  description="The sites that linked visitors to yours."
                  className="journey-card"
                >
                  <ReferrersTable rows={answer.referrers} />
                </Card>
              </div>
            ) : null}
          </>
        )}
      </ReportState>
    </div>
  );
}
