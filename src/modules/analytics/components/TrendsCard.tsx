import { useMemo, useState } from 'react';
import type { TrendsGraph } from '../../../../domain/analyticsTypes.ts';
import type { ZoomLevel } from '../../../../domain/trendZoom.ts';
import { Card } from '../../../ui/Card.tsx';
import { StatePanel } from '../../../ui/StatePanel.tsx';
import { EmailEventChart } from '../../shared/components/EmailEventChart.tsx';
import { shownZoom, TREND_METRICS, TREND_RATES, type TrendMeasure, trendSeries } from '../trendSeries.ts';
import { TrendsTable } from './TrendsTable.tsx';
import { ZOOM_LABELS, ZoomSelect } from './ZoomSelect.tsx';

/** The table's columns: the sends, then every metric and rate of the email trends. */
const TABLE_MEASURES: readonly TrendMeasure[] = [
  { key: 'sent', label: 'Sent' },
  ...TREND_METRICS,
  ...TREND_RATES,
];
const RATE_KEYS = new Set<string>(TREND_RATES.map((r) => r.key));

/**
 * The email trends of the selection: the email-event chart of sends, opens and clicks per bucket at a zoom
 * level the period spans, opening at the default level (the last, one lower when quarterly is the last of
 * four), and the same numbers as a table (every metric and rate) for reading and for screen readers.
 */
export function TrendsCard({ trends }: { trends: TrendsGraph }) {
  const [chosen, setChosen] = useState<ZoomLevel | null>(null);
  const zoom = shownZoom(chosen, trends.levels);
  const level = trends[zoom];
  const series = useMemo(() => (level ? trendSeries(level) : []), [level]);
  const first = level?.x_axis[0] ?? '';
  const last = level?.x_axis.at(-1) ?? first;
  return (
    <Card
      title={trends.title}
      description="Sends, opens and clicks over the period."
      className="analytics-card analytics-card--wide"
      actions={<ZoomSelect levels={trends.levels} value={zoom} onChange={setChosen} />}
    >
      <EmailEventChart
        series={series}
        from={first}
        to={last}
        level={zoom}
        testId="analytics-trends-chart"
        empty={
          <StatePanel compact kind="empty" title="No activity in this period">
            Sends, opens and clicks appear here as they happen.
          </StatePanel>
        }
      />
      {level ? (
        <details className="analytics-trends__table">
          <summary>Show the numbers as a table</summary>
          <TrendsTable
            caption={`${trends.title}, ${ZOOM_LABELS[zoom].toLowerCase()}`}
            level={level}
            zoom={zoom}
            measures={TABLE_MEASURES}
            isRate={(key) => RATE_KEYS.has(key)}
          />
        </details>
      ) : null}
    </Card>
  );
}
