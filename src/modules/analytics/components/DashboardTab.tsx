import type { AnalyticsQuery } from '../../../../domain/analyticsFilterSearch.ts';
import type { AnalyticsStats } from '../../../../domain/analyticsTypes.ts';
import { countOf } from '../../../../domain/countOf.ts';
import { Card } from '../../../ui/Card.tsx';
import { StatePanel } from '../../../ui/StatePanel.tsx';
import { ReportState } from '../../shared/components/ReportState.tsx';
import { useServices } from '../../shared/hooks/ServicesContext.ts';
import { useReport } from '../../shared/hooks/useReport.ts';
import { formatRate } from '../analyticsFormat.ts';
import { EngagementBars } from './EngagementBars.tsx';
import { ExportReportButton } from './ExportReportButton.tsx';
import { NothingSentPanel } from './NothingSentPanel.tsx';
import { StatsCards } from './StatsCards.tsx';
import { TrendsCard } from './TrendsCard.tsx';

/** Emails and campaigns a graph card shows (the busiest first). */
export const GRAPH_ROWS = 10;

/** Nothing was sent, opened or clicked in the selection. */
const nothingHappened = (s: AnalyticsStats) => s.sent + s.delivered + s.opens + s.clicks + s.bounced === 0;

/**
 * The analytics dashboard of the applied filter: the stats with their rates, the email engagement with
 * the email graph, the campaign graph and the email trends. A period with nothing sent says so and points
 * to Campaigns, where emails are sent.
 */
export function DashboardTab({ query }: { query: AnalyticsQuery }) {
  const api = useServices().analyticsApi;
  const graphQuery = { ...query, limit: GRAPH_ROWS, offset: 0 };
  const dashboard = useReport((q: AnalyticsQuery, s) => api.dashboard(q, s), 'analytics-dashboard', query);
  const emails = useReport(
    (q: typeof graphQuery, s) => api.emailGraph(q, s),
    'analytics-email-graph',
    graphQuery,
  );
  const campaigns = useReport(
    (q: typeof graphQuery, s) => api.campaignGraph(q, s),
    'analytics-campaign-graph',
    graphQuery,
  );
  const trends = useReport((q: AnalyticsQuery, s) => api.emailTrends(q, s), 'analytics-email-trends', query);

  const stats = dashboard.data?.data.stats;
  const empty = stats !== undefined && nothingHappened(stats);
  const toolbar = (
    <div className="analytics-report-toolbar">
      <ExportReportButton
        call="analytics_dashboard"
        query={query}
        fields={{}}
        what="the dashboard"
        empty={empty}
        failed={dashboard.status === 'failure'}
        loading={stats === undefined}
      />
    </div>
  );
  if (empty && dashboard.status !== 'failure')
    return (
      <div className="analytics-dashboard">
        {toolbar}
        <NothingSentPanel title="No emails sent in this period">
          Send an email from a campaign: its sends, opens and clicks show here within seconds. Or choose a
          longer period.
        </NothingSentPanel>
      </div>
    );

  return (
    <div className="analytics-dashboard">
      {toolbar}
      <ReportState report={dashboard} what="stats">
        {(answer) => <StatsCards stats={answer.data.stats} />}
      </ReportState>
      <div className="analytics-grid">
        <Card
          title="Email engagement"
          className="analytics-card"
          description={
            dashboard.data
              ? engagementLine(dashboard.data.data.email_engagement)
              : 'Sends, opens and clicks of the busiest emails.'
          }
        >
          <ReportState report={emails} what="email graph">
            {(answer) => (
              <EngagementBars
                label="Emails, most sent first"
                testId="analytics-email-graph"
                rows={answer.data.map((r) => ({
                  id: r.email_id,
                  name: r.email_name,
                  sends: r.sent,
                  opens: r.opens,
                  clicks: r.clicks,
                }))}
              />
            )}
          </ReportState>
        </Card>
        <Card title="Campaigns" className="analytics-card" description="Sends, opens and clicks by campaign.">
          <ReportState report={campaigns} what="campaign graph">
            {(answer) =>
              answer.data.length === 0 ? (
                <StatePanel compact kind="empty" title="No campaign sends in this period">
                  Emails sent outside a campaign (workflows) count in the stats above.
                </StatePanel>
              ) : (
                <EngagementBars
                  label="Campaigns, most sent first"
                  testId="analytics-campaign-graph"
                  rows={answer.data.map((r) => ({
                    id: r.campaign_id,
                    name: r.campaign_name,
                    sends: r.sent,
                    opens: r.opens,
                    clicks: r.clicks,
                  }))}
                />
              )
            }
          </ReportState>
        </Card>
      </div>
      <ReportState report={trends} what="email trends">
        {(answer) => <TrendsCard trends={answer.data} />}
      </ReportState>
    </div>
  );
}

function engagementLine(e: {
  openRate: number;
  clickRate: number;
  totalEmails: number;
  totalCampaigns: number;
}) {
  return `${countOf(e.totalEmails, 'email', 'emails')} in ${countOf(e.totalCampaigns, 'campaign', 'campaigns')} · ${formatRate(e.openRate)} open rate · ${formatRate(e.clickRate)} click rate`;
}
