import { abbreviateNumber } from '../../../../domain/abbreviateNumber.ts';
import { formatThousands } from '../../../../domain/formatThousands.ts';
import { UserText } from '../../../ui/UserText.tsx';
import { GRAPH_METRICS, type GraphMetric } from '../../shared/utils/emailEventChartLayout.ts';
import '../../shared/components/emailEventChart.css';

/** One bar group: an email or a campaign with its sends, opens and clicks. */
export type EngagementRow = { id: number; name: string } & Record<GraphMetric, number>;

/**
 * The dashboard's email and campaign graphs: one group of bars per email or campaign (most sent first),
 * sends, opens and clicks in the colours and legend of the email-event chart, each bar as long as its
 * share of the largest send. The figures are written beside the bars, so the graph reads as a list too.
 */
export function EngagementBars({
  rows,
  label,
  testId,
}: {
  rows: EngagementRow[];
  label: string;
  testId: string;
}) {
  const largest = Math.max(1, ...rows.map((row) => Math.max(row.sends, row.opens, row.clicks)));
  return (
    <div className="engagement-bars">
      <ul className="email-chart__legend" aria-hidden="true">
        {GRAPH_METRICS.map((m) => (
          <li key={m.metric}>
            <span className="engagement-bars__swatch" style={{ background: m.color }} />
            {m.label}
          </li>
        ))}
      </ul>
      <ol className="engagement-bars__rows" aria-label={label} data-testid={testId}>
        {rows.map((row) => (
          <li key={row.id} className="engagement-bars__row" data-row-id={row.id}>
            <span className="engagement-bars__name" title={row.name}>
              <UserText>{row.name}</UserText>
            </span>
            <span className="engagement-bars__group">
              {GRAPH_METRICS.map((m) => (
                <span key={m.metric} className="engagement-bars__line">
                  <span
                    className="engagement-bars__bar"
                    aria-hidden="true"
                    style={{
                      width: `${(row[m.metric] / largest) * 100}%`,
                      background: m.color,
                    }}
                  />
                  <span className="engagement-bars__value" title={formatThousands(row[m.metric])}>
                    {abbreviateNumber(row[m.metric])}
                    <span className="ui-visually-hidden"> {m.label.toLowerCase()}</span>
                  </span>
                </span>
              ))}
            </span>
          </li>
        ))}
      </ol>
    </div>
  );
}
