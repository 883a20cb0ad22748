import type { TrendLevel } from '../../../domain/analyticsTypes.ts';
import type { WorkflowGraphSeries } from '../../../domain/workflowTypes.ts';

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

/** The trend metrics a reader can read in the table view, as the reports name them. */
export const TREND_METRICS = [
  { key: 'total_opens', label: 'Total Opens' },
  { key: 'unique_opens', label: 'Unique Opens' },
  { key: 'total_clicks', label: 'Total Clicks' },
  { key: 'unique_clicks', label: 'Unique Clicks' },
  { key: 'unsubscribed', label: 'Unsubscribed' },
  { key: 'bounced', label: 'Bounced' },
] as const;

export const TREND_RATES = [
  { key: 'total_open_rate', label: 'Total Open Rate' },
  { key: 'total_click_rate', label: 'Total Click Rate' },
] as const;
