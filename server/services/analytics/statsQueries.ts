import { type RawBuilder, sql } from 'kysely';
import type { AnalyticsSelection } from '../../../domain/analyticsSchemas.ts';
import type {
  AnalyticsDashboard,
  AnalyticsPage,
  AnalyticsPeriod,
  CampaignGraphRow,
  EmailGraphRow,
  EventCounts,
  EventRates,
  WorkflowGraphRow,
} from '../../../domain/analyticsTypes.ts';
import { analyticsListing } from './analyticsListing.ts';
import {
  type AnalyticsScope,
  type AnalyticsUser,
  type Db,
  resolveScope,
  scopeDays,
  scopeMoments,
  scopeRows,
} from './analyticsScope.ts';
import { reachKeptAhead } from './reachQueries.ts';

type Numeric = number | string | null;
export type CountRow = Record<keyof EventCounts, Numeric>;

/** The sums of a day-totals query (alias r), as the count names reports use. */
export const COUNT_SUMS = sql`coalesce(sum(r.sent), 0) as sent, coalesce(sum(r.delivered), 0) as delivered,
  coalesce(sum(r.opened), 0) as opens, coalesce(sum(r.clicked), 0) as clicks,
  coalesce(sum(r.bounced), 0) as bounced, coalesce(sum(r.unsubscribed), 0) as unsubscribed,
  coalesce(sum(r.unique_opens), 0) as unique_opens, coalesce(sum(r.unique_clicks), 0) as unique_clicks`;

export function countsOf(row: Readonly<Record<string, unknown>> | undefined): EventCounts {
  const n = (v: unknown) => Number(v ?? 0);
  return {
    sent: n(row?.sent),
    delivered: n(row?.delivered),
    opens: n(row?.opens),
    clicks: n(row?.clicks),
    bounced: n(row?.bounced),
    unsubscribed: n(row?.unsubscribed),
    unique_opens: n(row?.unique_opens),
    unique_clicks: n(row?.unique_clicks),
  };
}

/** A share in percent with two decimals; 0 of nothing is 0. */
export const percent = (part: number, whole: number) =>
  whole > 0 ? Math.round((part / whole) * 10_000) / 100 : 0;

/** Delivery, open and click rates over delivered emails; bounces over sent ones. */
export function ratesOf(c: EventCounts): EventRates {
  return {
    delivered_rate: percent(c.delivered, c.sent),
    open_rate: percent(c.unique_opens, c.delivered),
    click_rate: percent(c.unique_clicks, c.delivered),
    total_open_rate: percent(c.opens, c.delivered),
    total_click_rate: percent(c.clicks, c.delivered),
    bounce_rate: percent(c.bounced, c.sent),
    unsubscribe_rate: percent(c.unsubscribed, c.delivered),
  };
}

export const periodOf = (scope: AnalyticsScope): AnalyticsPeriod => ({
  start_date: scope.from,
  end_date: scope.to,
  time_zone: scope.timeZone,
});

/** The day totals (alias r) of the scope. */
export const dayTotalsOf = (scope: AnalyticsScope): RawBuilder<boolean> =>
  sql<boolean>`${scopeRows(scope, 'r')} and ${scopeDays(scope, 'r.day')}`;

/**
 * analytics_dashboard/: the selection's counts and rates, the contacts and accounts sent to in the period
 * (a contact's latest send of an email counts), and the email engagement (rates, emails and campaigns sent).
 */
export async function analyticsDashboard(
  db: Db,
  user: AnalyticsUser,
  selection: AnalyticsSelection,
): Promise<AnalyticsDashboard> {
  const scope = await resolveScope(db, user, selection);
  const totals = await sql<CountRow & { emails: Numeric; campaigns: Numeric }>`
    select ${COUNT_SUMS},
      count(distinct r.email_id) filter (where r.sent > 0) as emails,
      count(distinct r.campaign_id) filter (where r.sent > 0) as campaigns
    from analytics_day_totals r where ${dayTotalsOf(scope)}`.execute(db);
  const reached = (await reachKeptAhead(db, scope)) ?? (await reachCounted(db, scope));
  const row = totals.rows[0];
  const counts = countsOf(row);
  return {
    stats: {
      total_accounts: reached.accounts,
      total_contacts: reached.contacts,
      ...counts,
      ...ratesOf(counts),
    },
    email_engagement: {
      openRate: percent(counts.unique_opens, counts.delivered),
      clickRate: percent(counts.unique_clicks, counts.delivered),
      totalEmails: Number(row?.emails ?? 0),
      totalCampaigns: Number(row?.campaigns ?? 0),
    },
    period: periodOf(scope),
  };
}

/**
 * The contact and email rows whose last send falls in the period, and their accounts, counted from the
 * rows when the reach kept ahead cannot answer (emails chosen, or a period ending before the last send).
 * Grouped by account first (a hash of a few thousand accounts), not count(distinct), which sorts every row.
 */
async function reachCounted(db: Db, scope: AnalyticsScope): Promise<{ contacts: number; accounts: number }> {
  const { rows } = await sql<{ contacts: Numeric; accounts: Numeric }>`
    select coalesce(sum(x.n), 0) as contacts, count(x.account_id) as accounts from (
      select r.account_id, count(*) as n from analytics_contact_email r
      where ${scopeRows(scope, 'r')} and ${scopeMoments(scope, 'r.last_sent_at')}
      group by r.account_id
    ) x`.execute(db);
  return { contacts: Number(rows[0]?.contacts ?? 0), accounts: Number(rows[0]?.accounts ?? 0) };
}

type Paging = { limit: number; offset: number };

/** What each dashboard graph lists (alias r: day totals): who its rows are, and how they are grouped. */
const GRAPHS = {
  email: {
    select: sql`r.email_id, e.name as email_name, e.campaign_id`,
    from: sql`analytics_day_totals r join emails e on e.id = r.email_id`,
    groupBy: sql`r.email_id, e.name, e.campaign_id`,
  },
  campaign: {
    select: sql`r.campaign_id, c.name as campaign_name`,
    from: sql`analytics_day_totals r join campaigns c on c.id = r.campaign_id`,
    groupBy: sql`r.campaign_id, c.name`,
  },
  workflow: {
    select: sql`r.workflow_id, w.name as workflow_name, w.status as workflow_status`,
    from: sql`analytics_day_totals r join workflow w on w.id = r.workflow_id`,
    groupBy: sql`r.workflow_id, w.name, w.status`,
  },
} as const;

/** The row each dashboard graph lists. */
type GraphRows = { email: EmailGraphRow; campaign: CampaignGraphRow; workflow: WorkflowGraphRow };

/**
 * dashboard_email_graph/, dashboard_campaign_graph/ and dashboard_workflow_graph/: a page of the
 * selection's emails, campaigns or workflows with their counts and rates, most sent first.
 */
export async function dashboardGraph<K extends keyof typeof GRAPHS>(
  db: Db,
  user: AnalyticsUser,
  selection: AnalyticsSelection & Paging,
  graph: K,
): Promise<AnalyticsPage<GraphRows[K]>> {
  const scope = await resolveScope(db, user, selection);
  const { select, from, groupBy } = GRAPHS[graph];
  const page = await analyticsListing<Record<string, unknown>>(db, {
    select: sql`${select}, ${COUNT_SUMS}`,
    from,
    where: dayTotalsOf(scope),
    groupBy,
    orderBy: sql`sum(r.sent) desc, ${groupBy}`,
    ...selection,
  });
  const countNames = new Set(Object.keys(countsOf(undefined)));
  return {
    total_count: page.total_count,
    data: page.rows.map((row) => {
      const counts = countsOf(row);
      const who = Object.fromEntries(Object.entries(row).filter(([key]) => !countNames.has(key)));
      return { ...who, ...counts, ...ratesOf(counts) } as GraphRows[K];
    }),
    period: periodOf(scope),
  };
}
