import { sql } from 'kysely';
import type { AnalyticsSelection } from '../../../domain/analyticsSchemas.ts';
import type { ArticleTrend, EventCounts, TrendLevel, TrendsGraph } from '../../../domain/analyticsTypes.ts';
import { defaultZoomLevel, type ZoomLevel, zoomLevelsFor } from '../../../domain/trendZoom.ts';
import {
  type AnalyticsScope,
  type AnalyticsUser,
  addDays,
  type Db,
  resolveScope,
  scopeMoments,
} from './analyticsScope.ts';
import { articleContactsOfEmails, narrowsEmails } from './contentAnalyticsQueries.ts';
import { COUNT_SUMS, countsOf, dayTotalsOf, percent, periodOf } from './statsQueries.ts';

type Numeric = number | string | null;

/** The first day of the bucket of `day` at a zoom level (weeks start on Monday). */
export function bucketStart(day: string, level: ZoomLevel): string {
  const [y, m] = day.split('-').map(Number) as [number, number];
  const pad = (n: number) => String(n).padStart(2, '0');
  switch (level) {
    case 'daily':
      return day;
    case 'weekly': {
      const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
      return addDays(day, -weekday);
    }
    case 'monthly':
      return `${y}-${pad(m)}-01`;
    case 'quarterly':
      return `${y}-${pad(Math.floor((m - 1) / 3) * 3 + 1)}-01`;
    case 'yearly':
      return `${y}-01-01`;
  }
}

/** The first day of the bucket after the one starting on `start` at a zoom level. */
export function nextBucketStart(start: string, level: ZoomLevel): string {
  const [y, m] = start.split('-').map(Number) as [number, number];
  const monthsLater = (months: number) => {
    const month = (m - 1 + months) % 12;
    const year = y + Math.floor((m - 1 + months) / 12);
    return `${year}-${String(month + 1).padStart(2, '0')}-01`;
  };
  switch (level) {
    case 'daily':
      return addDays(start, 1);
    case 'weekly':
      return addDays(start, 7);
    case 'monthly':
      return monthsLater(1);
    case 'quarterly':
      return monthsLater(3);
    case 'yearly':
      return `${y + 1}-01-01`;
  }
}

const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/** The starts of every bucket of a level holding a day from `from` to `to`. */
function bucketStarts(from: string, to: string, level: ZoomLevel): string[] {
  const starts: string[] = [];
  for (let start = bucketStart(from, level); start <= to; start = nextBucketStart(start, level))
    starts.push(start);
  return starts;
}

/** How many articles the click trends follow one by one. */
const TREND_ARTICLES = 5;

/**
 * Click trends by article, from the article and contact rows (the rollup, or the chosen emails' clicks
 * in its shape): the period's most clicked articles, each contact counted on the day of its last click
 * of the article with all its clicks (content by article's rule), bucketed like the trends.
 */
async function articleTrends(
  db: Db,
  scope: AnalyticsScope,
  from: string,
  levels: readonly ZoomLevel[],
): Promise<ArticleTrend[]> {
  const source = narrowsEmails(scope) ? articleContactsOfEmails(scope) : sql`analytics_article_contact`;
  const { rows } = await sql<{
    article_id: number;
    title: string;
    day: string;
    clicks: Numeric;
    clicked_by: Numeric;
  }>`
    with per_day as (
      select ac.article_id, (ac.last_click_at at time zone ${scope.timeZone})::date as day,
        sum(ac.clicks) as clicks, count(*) as clicked_by
      from ${source} ac
      where ac.org_id = ${scope.orgId} and ac.is_test = ${scope.isTest} and ${scopeMoments(scope, 'ac.last_click_at')}
      group by 1, 2
    ), top as (
      select article_id, sum(clicks) as clicks from per_day group by article_id
      order by sum(clicks) desc, article_id desc limit ${TREND_ARTICLES}
    )
    select d.article_id, ar.title, to_char(d.day, 'YYYY-MM-DD') as day, d.clicks, d.clicked_by
    from per_day d join top t on t.article_id = d.article_id join articles ar on ar.id = d.article_id
    order by t.clicks desc, d.article_id desc, d.day`.execute(db);
  const articles = new Map<number, ArticleTrend>();
  for (const row of rows) {
    let article = articles.get(row.article_id);
    if (!article) {
      article = { article_id: row.article_id, article_title: row.title, clicks: 0, clicked_by: 0 };
      for (const level of levels) {
        const x_axis = bucketStarts(from, scope.to, level);
        const zeros = () => x_axis.map(() => 0);
        article[level] = { x_axis, data: { total_clicks: zeros(), unique_clicks: zeros() } };
      }
      articles.set(row.article_id, article);
    }
    article.clicks += Number(row.clicks);
    article.clicked_by += Number(row.clicked_by);
    for (const level of levels) {
      const trend = article[level];
      const at = trend?.x_axis.indexOf(bucketStart(row.day, level)) ?? -1;
      const { total_clicks: total, unique_clicks: unique } = trend?.data ?? {};
      if (!total || !unique || at < 0) continue;
      total[at] = (total[at] ?? 0) + Number(row.clicks);
      unique[at] = (unique[at] ?? 0) + Number(row.clicked_by);
    }
  }
  return [...articles.values()];
}

/** What each trends graph draws: its metrics (counted per bucket) and rates (of the bucket's counts). */
const GRAPHS = {
  email: {
    title: 'Email trends',
    metrics: (c: EventCounts) => ({
      total_opens: c.opens,
      unique_opens: c.unique_opens,
      total_clicks: c.clicks,
      unique_clicks: c.unique_clicks,
      unsubscribed: c.unsubscribed,
      bounced: c.bounced,
      sent: c.sent,
      delivered: c.delivered,
      total_open_rate: percent(c.opens, c.delivered),
      total_click_rate: percent(c.clicks, c.delivered),
    }),
  },
  click: {
    title: 'Click trends',
    metrics: (c: EventCounts) => ({
      total_clicks: c.clicks,
      unique_clicks: c.unique_clicks,
      delivered: c.delivered,
      total_click_rate: percent(c.clicks, c.delivered),
      unique_click_rate: percent(c.unique_clicks, c.delivered),
    }),
  },
} as const;

/**
 * email_trends_graph/ and click_trends_graph/: the selection's counts per day, week, month, quarter and
 * year (the levels its period spans; every bucket of the period, empty ones as 0) and the level the graph
 * opens at. All time starts on the first day with events.
 */
export async function trendsGraph(
  db: Db,
  user: AnalyticsUser,
  selection: AnalyticsSelection,
  graph: keyof typeof GRAPHS,
): Promise<TrendsGraph> {
  const scope = await resolveScope(db, user, selection);
  const rows = await sql<Record<keyof EventCounts, Numeric> & { day: string }>`
    select to_char(r.day, 'YYYY-MM-DD') as day, ${COUNT_SUMS}
    from analytics_day_totals r where ${dayTotalsOf(scope)}
    group by r.day order by r.day`.execute(db);
  const from = scope.from ?? rows.rows[0]?.day ?? scope.to;
  const levels = zoomLevelsFor(daysBetween(from, scope.to));
  const { title, metrics } = GRAPHS[graph];
  const answer: TrendsGraph = {
    title,
    zoom_level: defaultZoomLevel(levels),
    levels,
    period: periodOf(scope),
  };
  if (graph === 'click') answer.articles = await articleTrends(db, scope, from, levels);
  for (const level of levels) {
    const buckets = new Map<string, EventCounts>();
    // Every bucket holding a day of the period, stepped bucket by bucket (all time spans thousands of days).
    for (const start of bucketStarts(from, scope.to, level)) buckets.set(start, countsOf(undefined));
    for (const row of rows.rows) {
      const sum = buckets.get(bucketStart(row.day, level));
      if (!sum) continue;
      const counts = countsOf(row);
      for (const key of Object.keys(sum) as (keyof EventCounts)[]) sum[key] += counts[key];
    }
    const data: TrendLevel['data'] = {};
    for (const counts of buckets.values())
      for (const [metric, value] of Object.entries(metrics(counts))) {
        const values = data[metric] ?? [];
        values.push(value);
        data[metric] = values;
      }
    answer[level] = { x_axis: [...buckets.keys()], data };
  }
  return answer;
}
