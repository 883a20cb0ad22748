import { useMemo, useState } from 'react';
import { abbreviateNumber } from '../../../../domain/abbreviateNumber.ts';
import type { TrendsGraph } from '../../../../domain/analyticsTypes.ts';
import { formatThousands } from '../../../../domain/formatThousands.ts';
import { defaultZoomLevel, type ZoomLevel } from '../../../../domain/trendZoom.ts';
import { Card } from '../../../ui/Card.tsx';
import { Select } from '../../../ui/Select.tsx';
import { StatePanel } from '../../../ui/StatePanel.tsx';
import { EmailEventChart } from '../../shared/components/EmailEventChart.tsx';
import { formatRate } from '../analyticsFormat.ts';
import { TREND_METRICS, TREND_RATES, trendSeries } from '../trendSeries.ts';

const ZOOM_LABELS: Record<ZoomLevel, string> = {
  daily: 'Daily',
  weekly: 'Weekly',
  monthly: 'Monthly',
  quarterly: 'Quarterly',
  yearly: 'Yearly',
};

/**
 * The email trends of the selection: the email-event chart of sends, opens and clicks per bucket at a zoom
 * level the period spans, opening at the default level (the last, one lower when quarterly is the last of
 * four), and the same numbers as a table (every metric and rate) for reading and for screen readers.
 */
export function TrendsCard({ trends }: { trends: TrendsGraph }) {
  const [chosen, setChosen] = useState<ZoomLevel | null>(null);
  const zoom = chosen && trends.levels.includes(chosen) ? chosen : defaultZoomLevel(trends.levels);
  const level = trends[zoom];
  const series = useMemo(() => (level ? trendSeries(level) : []), [level]);
  const first = level?.x_axis[0] ?? '';
  const last = level?.x_axis.at(-1) ?? first;
  return (
    <Card
      title={trends.title}
      description="Sends, opens and clicks over the period."
      className="analytics-card analytics-card--wide"
      actions={
        trends.levels.length > 1 ? (
          <Select
            label="Show by"
            className="analytics-zoom"
            value={zoom}
            options={trends.levels.map((l) => ({ value: l, label: ZOOM_LABELS[l] }))}
            onChange={(event) => setChosen(event.target.value as ZoomLevel)}
          />
        ) : null
      }
    >
      <EmailEventChart
        series={series}
        from={first}
        to={last}
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
          <div className="analytics-trends__scroll">
            <table className="analytics-table">
              <caption className="ui-visually-hidden">
                {trends.title}, {ZOOM_LABELS[zoom].toLowerCase()}
              </caption>
              <thead>
                <tr>
                  <th scope="col">Starting</th>
                  <th scope="col">Sent</th>
                  {TREND_METRICS.map((m) => (
                    <th key={m.key} scope="col">
                      {m.label}
                    </th>
                  ))}
                  {TREND_RATES.map((m) => (
                    <th key={m.key} scope="col">
                      {m.label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {level.x_axis.map((day, i) => (
                  <tr key={day}>
                    <th scope="row">{day}</th>
                    {['sent', ...TREND_METRICS.map((m) => m.key)].map((key) => {
                      const value = level.data[key]?.[i] ?? 0;
                      return (
                        <td key={key} title={formatThousands(value)}>
                          {abbreviateNumber(value)}
                        </td>
                      );
                    })}
                    {TREND_RATES.map((m) => (
                      <td key={m.key}>{formatRate(level.data[m.key]?.[i] ?? 0)}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      ) : null}
    </Card>
  );
}
