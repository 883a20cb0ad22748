import { Link, useParams } from '@tanstack/react-router';
import type { AnalyticsQuery } from '../../../../domain/analyticsFilterSearch.ts';
import { StatePanel } from '../../../ui/StatePanel.tsx';
import { SubNav } from '../../../ui/SubNav.tsx';
import { TREND_REPORTS, trendReportOf } from '../trendSeries.ts';
import { TrendsReport } from './TrendsReport.tsx';

/**
 * /analytics/trends/{tab}: the email trends (email_trends_graph, the default) and the click trends
 * (click_trends_graph) of the applied filter; the filter stays in the address from tab to tab.
 */
export function TrendsSection({ query }: { query: AnalyticsQuery }) {
  const tab = useParams({ strict: false, select: (params) => (params as { tab?: string }).tab });
  const report = trendReportOf(tab);
  return (
    <section className="analytics-trends-section" aria-label="Trends">
      <SubNav
        label="Trends reports"
        items={TREND_REPORTS.map((one) => ({
          key: one.tab,
          current: one.tab === report?.tab,
          link: (props) => (
            <Link
              to="/analytics/{-$page}/{-$tab}"
              params={{ page: 'trends', tab: one.tab }}
              search={(prev) => prev}
              {...props}
            >
              {one.label}
            </Link>
          ),
        }))}
      />
      {report ? (
        <TrendsReport key={report.tab} report={report} query={query} />
      ) : (
        <StatePanel kind="empty" title="There is no such trends report">
          Choose Email trends or Click trends above.
        </StatePanel>
      )}
    </section>
  );
}
