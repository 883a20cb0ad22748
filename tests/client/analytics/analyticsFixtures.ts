import type {
  AnalyticsStats,
  CampaignAnalyticsRow,
  EventCounts,
  TrendsGraph,
} from '../../../domain/analyticsTypes.ts';
import type { ServiceAnswer } from '../../../domain/serviceAnswer.ts';

const PERIOD = { start_date: '2026-09-01', end_date: '2026-11-28', time_zone: 'UTC' };

const ZERO: EventCounts = {
  sent: 0,
  delivered: 0,
  opens: 0,
  clicks: 0,
  bounced: 0,
  unsubscribed: 0,
  unique_opens: 0,
  unique_clicks: 0,
};

const RATES = {
  delivered_rate: 0,
  open_rate: 0,
  click_rate: 0,
  total_open_rate: 0,
  total_click_rate: 0,
  bounce_rate: 0,
  unsubscribe_rate: 0,
};

export function statsOf(over: Partial<AnalyticsStats> = {}): AnalyticsStats {
  return { ...ZERO, ...RATES, total_accounts: 0, total_contacts: 0, ...over };
}

export function dashboardAnswer(stats: AnalyticsStats): ServiceAnswer<'analytics_dashboard'> {
  return {
    success: true,
    data: {
      stats,
      email_engagement: {
        openRate: stats.open_rate,
        clickRate: stats.click_rate,
        totalEmails: 4,
        totalCampaigns: 2,
      },
      period: PERIOD,
    },
  };
}

type GraphLine = { id: number; name: string; sent: number; opens: number; clicks: number };

/** A page of graph rows: the counts of each line, everything else zero. */
const graphPage = <T>(rows: GraphLine[], row: (line: GraphLine) => T) => ({
  success: true as const,
  total_count: rows.length,
  period: PERIOD,
  data: rows.map((r) => ({ ...ZERO, ...RATES, sent: r.sent, opens: r.opens, clicks: r.clicks, ...row(r) })),
});

export const emailGraphAnswer = (rows: GraphLine[]): ServiceAnswer<'dashboard_email_graph'> =>
  graphPage(rows, (r) => ({ email_id: r.id, email_name: r.name, campaign_id: 1 }));

export const campaignGraphAnswer = (rows: GraphLine[]): ServiceAnswer<'dashboard_campaign_graph'> =>
  graphPage(rows, (r) => ({ campaign_id: r.id, campaign_name: r.name }));

/** A level with one value per bucket for every metric (sent = i * 10 + base). */
function level(days: string[], base: number) {
  const values = (k: number) => days.map((_, i) => base + i * k);
  return {
    x_axis: days,
    data: {
      sent: values(10),
      delivered: values(9),
      total_opens: values(5),
      unique_opens: values(4),
      total_clicks: values(2),
      unique_clicks: values(1),
      unsubscribed: values(0),
      bounced: values(0),
      total_open_rate: days.map(() => 12.5),
      total_click_rate: days.map(() => 3.25),
    },
  };
}

/** Trends over daily, weekly and monthly (the graph opens monthly, the last level). */
export function trendsAnswer(): ServiceAnswer<'email_trends_graph'> {
  const data: TrendsGraph = {
    title: 'Email trends',
    zoom_level: 'monthly',
    levels: ['daily', 'weekly', 'monthly'],
    period: PERIOD,
    daily: level(['2026-11-26', '2026-11-27', '2026-11-28'], 1),
    weekly: level(['2026-11-09', '2026-11-16', '2026-11-23'], 100),
    monthly: level(['2026-09-01', '2026-10-01', '2026-11-01'], 1000),
  };
  return { success: true, data };
}

export const busyStats = statsOf({
  sent: 2_500_000,
  delivered: 2_400_000,
  unique_opens: 1540,
  opens: 999,
  clicks: 12,
  unique_clicks: 10,
  total_contacts: 1_200_000_000,
  open_rate: 12.345,
  delivered_rate: 96,
});

export function campaignRow(id: number, over: Partial<CampaignAnalyticsRow> = {}): CampaignAnalyticsRow {
  return {
    campaign_id: id,
    campaign_name: `Campaign ${id}`,
    emails_count: 3,
    total_contacts: 1540,
    total_sent: 2_500_000,
    total_delivered: 2_400_000,
    total_open: 900,
    total_clicks: 120,
    unique_opens: 700,
    unique_clicks: 80,
    open_rate: 29.17,
    click_rate: 3.33,
    ...over,
  };
}

export function campaignsAnswer(
  total: number,
  rows: CampaignAnalyticsRow[],
): ServiceAnswer<'campaigns_analytics'> {
  return { success: true, total_count: total, data: rows, period: PERIOD };
}

/** Click trends over the same levels (clicks and click rates only). */
export function clickTrendsAnswer(): ServiceAnswer<'click_trends_graph'> {
  const { data } = trendsAnswer();
  const clicksOf = (one: TrendsGraph['daily']) =>
    one && {
      x_axis: one.x_axis,
      data: {
        total_clicks: one.data.total_clicks ?? [],
        unique_clicks: one.data.unique_clicks ?? [],
        delivered: one.data.delivered ?? [],
        total_click_rate: one.data.total_click_rate ?? [],
        unique_click_rate: one.x_axis.map(() => 2.5),
      },
    };
  return {
    success: true,
    data: {
      ...data,
      title: 'Click trends',
      daily: clicksOf(data.daily),
      weekly: clicksOf(data.weekly),
      monthly: clicksOf(data.monthly),
      // The most clicked article: 7 clicks by 3 contacts in each bucket.
      articles: [
        {
          article_id: 31,
          article_title: 'Spring launch guide',
          clicks: 7 * (data.daily?.x_axis.length ?? 0),
          clicked_by: 3 * (data.daily?.x_axis.length ?? 0),
          ...Object.fromEntries(
            data.levels.map((zoom) => {
              const x_axis = data[zoom]?.x_axis ?? [];
              return [
                zoom,
                { x_axis, data: { total_clicks: x_axis.map(() => 7), unique_clicks: x_axis.map(() => 3) } },
              ];
            }),
          ),
        },
      ],
    },
  };
}

type WorkflowLine = GraphLine & { status: string };

export const workflowGraphAnswer = (
  rows: WorkflowLine[],
  period: { start_date: string | null; end_date: string; time_zone: string } = PERIOD,
): ServiceAnswer<'dashboard_workflow_graph'> => ({
  ...graphPage(rows, (r) => ({
    workflow_id: r.id,
    workflow_name: r.name,
    workflow_status: rows.find((w) => w.id === r.id)?.status ?? 'active',
  })),
  period,
});
