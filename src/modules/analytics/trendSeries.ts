import type { TrendLevel } from '../../../domain/analyticsTypes.ts';
import { defaultZoomLevel, type ZoomLevel } from '../../../domain/trendZoom.ts';
import type { WorkflowGraphSeries } from '../../../domain/workflowTypes.ts';
import { type ChartMetric, type ChartSeries, chartStyleAt } from '../shared/utils/emailEventChartLayout.ts';

/**
 * One zoom level of the email trends as the email-event chart's series: each bucket (a day, the Monday of a
 * week, the first day of a month, quarter or year) a point of sends, total opens and total clicks.
 */
export function trendSeries(level: TrendLevel): WorkflowGraphSeries[] {
  const at = (metric: string, i: number) => level.data[metric]?.[i] ?? 0;
  return [
    {
      email_id: 0,
      email_name: 'Email trends',
      points: level.x_axis.map((date, i) => ({
        date,
        sends: at('sent', i),
        opens: at('total_opens', i),
        clicks: at('total_clicks', i),
      })),
    },
  ];
}

/** A measure of the trends (a count per bucket, or a rate in percent of the bucket's deliveries). */
export type TrendMeasure = { key: string; label: string; noun?: readonly [string, string] };

/** The trend metrics a reader can choose, as the reports name them. */
export const TREND_METRICS = [
  { key: 'total_opens', label: 'Total Opens' },
  { key: 'unique_opens', label: 'Unique Opens' },
  { key: 'total_clicks', label: 'Total Clicks' },
  { key: 'unique_clicks', label: 'Unique Clicks' },
  { key: 'unsubscribed', label: 'Unsubscribed', noun: ['unsubscribe', 'unsubscribes'] },
  { key: 'bounced', label: 'Bounced', noun: ['bounce', 'bounces'] },
] as const satisfies readonly TrendMeasure[];

export const TREND_RATES = [
  { key: 'total_open_rate', label: 'Total Open Rate' },
  { key: 'total_click_rate', label: 'Total Click Rate' },
] as const satisfies readonly TrendMeasure[];

/** The two trends reports: their address tab, the call's graph and what each lets the reader choose. */
export const TREND_REPORTS = [
  {
    tab: 'email_trends_graph',
    graph: 'email',
    label: 'Email trends',
    description: 'Opens, clicks, bounces and unsubscribes of the sends in the filter, over time.',
    metrics: TREND_METRICS,
    rates: TREND_RATES,
  },
  {
    tab: 'click_trends_graph',
    graph: 'click',
    label: 'Click trends',
    description: 'Clicks on the links and articles of the sends in the filter, over time.',
    metrics: [TREND_METRICS[2], TREND_METRICS[3]],
    rates: [TREND_RATES[1], { key: 'unique_click_rate', label: 'Unique Click Rate' }],
  },
] as const satisfies readonly {
  tab: string;
  graph: 'email' | 'click';
  label: string;
  description: string;
  metrics: readonly TrendMeasure[];
  rates: readonly TrendMeasure[];
}[];

export type TrendReport = (typeof TREND_REPORTS)[number];
export type TrendTab = TrendReport['tab'];

/** The report an address tab names; none (or an unknown one) is the email trends. */
export function trendReportOf(tab: string | undefined): TrendReport | null {
  if (!tab) return TREND_REPORTS[0];
  return TREND_REPORTS.find((report) => report.tab === tab) ?? null;
}

/** The rate choice that draws no rate. */
export const NO_RATE = 'none';

/** What the reader chose to see: a metric, a rate (or NO_RATE) and a zoom level (null: the default). */
export type TrendChoice = { metric: string; rate: string; zoom: ZoomLevel | null };

/** A report opens on its first metric and its first rate, at the default zoom level. */
export const defaultTrendChoice = (report: TrendReport): TrendChoice => ({
  metric: report.metrics[0].key,
  rate: report.rates[0].key,
  zoom: null,
});

/** The level shown: the chosen one when the period spans it, else the default rule's. */
export function shownZoom(chosen: ZoomLevel | null, levels: readonly ZoomLevel[]): ZoomLevel {
  return chosen && levels.includes(chosen) ? chosen : defaultZoomLevel(levels);
}

/** The measures a choice draws, in order: its metric, then its rate (none with NO_RATE). */
export function chosenMeasures(report: TrendReport, choice: TrendChoice): TrendMeasure[] {
  const metrics: readonly TrendMeasure[] = report.metrics;
  const rates: readonly TrendMeasure[] = report.rates;
  const metric = metrics.find((m) => m.key === choice.metric) ?? metrics[0];
  const rate = rates.find((r) => r.key === choice.rate);
  return [metric, rate].filter((m): m is TrendMeasure => m !== undefined);
}

/** Whether a measure is a rate of the report (drawn and written in percent). */
export const isRate = (report: TrendReport, key: string) =>
  (report.rates as readonly TrendMeasure[]).some((r) => r.key === key);

/**
 * The chart of a choice at one level: the chosen metric (a count, on the left axis) and rate (in percent,
 * on the right axis), each bucket a point, in the email-event chart's styles.
 */
export function trendChart(
  report: TrendReport,
  choice: TrendChoice,
  level: TrendLevel,
): { metrics: ChartMetric[]; series: ChartSeries[] } {
  const measures = chosenMeasures(report, choice);
  const metrics: ChartMetric[] = measures.map((m, i) => ({
    metric: m.key,
    label: m.label,
    ...chartStyleAt(i === 0 ? 1 : 2),
    unit: isRate(report, m.key) ? 'percent' : 'count',
    noun: m.noun,
  }));
  const points = level.x_axis.map((date, i) => ({
    date,
    ...Object.fromEntries(measures.map((m) => [m.key, level.data[m.key]?.[i] ?? 0])),
  }));
  return { metrics, series: [{ email_id: 0, email_name: report.label, points }] };
}
