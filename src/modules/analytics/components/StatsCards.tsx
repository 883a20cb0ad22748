import { abbreviateNumber } from '../../../../domain/abbreviateNumber.ts';
import type { AnalyticsStats } from '../../../../domain/analyticsTypes.ts';
import { formatThousands } from '../../../../domain/formatThousands.ts';
import { formatRate } from '../analyticsFormat.ts';

/** One card: the count of a key of the stats, and the rate of another. */
export type StatItem<T> = {
  key: keyof T & string;
  label: string;
  rate?: { key: keyof T & string; label: string };
};

/** The dashboard's figures, in reading order: what was sent, how it was read, what went wrong, who. */
const STATS: readonly StatItem<AnalyticsStats>[] = [
  { key: 'sent', label: 'Sent' },
  { key: 'delivered', label: 'Delivered', rate: { key: 'delivered_rate', label: 'delivered' } },
  { key: 'unique_opens', label: 'Unique opens', rate: { key: 'open_rate', label: 'open rate' } },
  { key: 'unique_clicks', label: 'Unique clicks', rate: { key: 'click_rate', label: 'click rate' } },
  { key: 'opens', label: 'Total opens', rate: { key: 'total_open_rate', label: 'total open rate' } },
  { key: 'clicks', label: 'Total clicks', rate: { key: 'total_click_rate', label: 'total click rate' } },
  { key: 'bounced', label: 'Bounced', rate: { key: 'bounce_rate', label: 'bounce rate' } },
  {
    key: 'unsubscribed',
    label: 'Unsubscribed',
    rate: { key: 'unsubscribe_rate', label: 'unsubscribe rate' },
  },
  { key: 'total_contacts', label: 'Contacts reached' },
  { key: 'total_accounts', label: 'Accounts reached' },
];

/**
 * The stats of the selection (or of the items given), each a card: the count in its short form (K, M, B with one decimal; the
 * exact figure with thousands separators as its tooltip and for screen readers) and its rate.
 */
export function StatsCards<T = AnalyticsStats>({
  stats,
  items = STATS as unknown as readonly StatItem<T>[],
}: {
  stats: T;
  /** The cards (default: the dashboard's). */
  items?: readonly StatItem<T>[];
}) {
  return (
    <dl className="analytics-stats" data-testid="analytics-stats">
      {items.map((stat) => {
        const raw = stats[stat.key];
        if (raw === undefined) return null;
        const value = Number(raw);
        const exact = formatThousands(value);
        const short = abbreviateNumber(value);
        return (
          <div key={stat.key} className="analytics-stat" data-stat={stat.key}>
            <dt className="analytics-stat__label">{stat.label}</dt>
            <dd className="analytics-stat__value">
              <span title={exact} aria-hidden={short !== exact ? true : undefined}>
                {short}
              </span>
              {short !== exact ? <span className="ui-visually-hidden">{exact}</span> : null}
            </dd>
            {stat.rate ? (
              <dd className="analytics-stat__rate">
                {formatRate(Number(stats[stat.rate.key]))} {stat.rate.label}
              </dd>
            ) : null}
          </div>
        );
      })}
    </dl>
  );
}
