import { type KeyboardEvent, type PointerEvent, type ReactNode, useMemo, useState } from 'react';
import { formatThousands } from '../../../../domain/formatThousands.ts';
import { BUCKET_NOUNS, type ZoomLevel } from '../../../../domain/trendZoom.ts';
import { useElementWidth } from '../hooks/useElementWidth.ts';
import { chartCursorMove } from '../utils/chartCursorMove.ts';
import {
  bucketReadout,
  type ChartMetric,
  type ChartSeries,
  chartSummary,
  emailEventChartLayout,
  GRAPH_METRICS,
  metricValueText,
} from '../utils/emailEventChartLayout.ts';
import { GraphMarker } from './GraphMarker.tsx';
import './emailEventChart.css';

type Props = {
  /** One series per email (summed bucket by bucket), as the analytics and campaign calls answer them. */
  series: readonly ChartSeries[];
  /** What is drawn of each point: sends, opens and clicks unless a report chooses other metrics or rates. */
  metrics?: readonly ChartMetric[];
  /** What one point is: a day unless the points are weeks, months, quarters or years. */
  level?: ZoomLevel;
  /** The period shown (ISO dates): the x axis spans it (one day sits in the middle). */
  from: string;
  to: string;
  height?: number;
  testId: string;
  /** Shown instead of the chart when nothing was sent, opened or clicked in the period. */
  empty: ReactNode;
};

/**
 * The one chart of email events: the chosen series (sends, opens and clicks by default; a report's
 * metrics and rates) per day, week, month, quarter or year, with a legend of the totals. d3 computes the
 * scales, lines and time ticks (emailEventChartLayout: every label once, none cut by the edges); React
 * draws the SVG. The chart takes the focus: the arrow keys (Home, End) move from bucket to bucket, and
 * the bucket's values are shown under the chart and announced (a live region); the pointer does the same.
 * Used by the workflow's and the campaign's email graphs and the analytics trends.
 */
export function EmailEventChart({
  series,
  metrics = GRAPH_METRICS,
  level = 'daily',
  from,
  to,
  height = 240,
  testId,
  empty,
}: Props) {
  const [boxRef, width] = useElementWidth();
  const [cursor, setCursor] = useState<number | null>(null);
  const layout = useMemo(
    () => emailEventChartLayout({ series, metrics, level, from, to, width, height }),
    [series, metrics, level, from, to, width, height],
  );
  if (layout.empty) {
    return (
      <div ref={boxRef} className="email-chart">
        {empty}
      </div>
    );
  }
  const { margin, inner } = layout;
  const at = cursor !== null && cursor < layout.days.length ? cursor : null;
  const point = at === null ? null : layout.days[at];
  const byKey = new Map(metrics.map((m) => [m.metric, m]));
  const dotTitle = (date: string, metric: string, value: number) => {
    const m = byKey.get(metric);
    return `${date}: ${m ? metricValueText(m, value) : formatThousands(value)}`;
  };
  const summary = chartSummary(metrics, layout.totals, level, from, to);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') return setCursor(null);
    const next = chartCursorMove(event.key, at, layout.days.length);
    if (next === null) return;
    event.preventDefault();
    setCursor(next);
  };
  const onPointerMove = (event: PointerEvent<SVGSVGElement>) => {
    const x = event.clientX - event.currentTarget.getBoundingClientRect().left - margin.left;
    let nearest = 0;
    layout.dayX.forEach((dx, i) => {
      if (Math.abs(dx - x) < Math.abs((layout.dayX[nearest] ?? 0) - x)) nearest = i;
    });
    setCursor(nearest);
  };
  return (
    <div ref={boxRef} className="email-chart">
      <ul className="email-chart__legend" aria-label="Legend">
        {metrics.map((m) => (
          <li key={m.metric}>
            <svg width="32" height="12" aria-hidden="true" focusable="false">
              <line
                x1="0"
                x2="32"
                y1="6"
                y2="6"
                stroke={m.color}
                strokeWidth="2.5"
                strokeDasharray={m.dash}
              />
              <GraphMarker shape={m.marker} color={m.color} cx={16} cy={6} />
            </svg>
            {m.label}
            {m.unit === 'percent' ? null : (
              <>
                {' '}
                <strong>{formatThousands(layout.totals[m.metric] ?? 0)}</strong>
              </>
            )}
          </li>
        ))}
      </ul>
      {/* biome-ignore lint/a11y/useSemanticElements: a chart is a group of marks, not a set of form fields */}
      <div
        className="email-chart__plot"
        role="group"
        aria-roledescription="chart"
        aria-label={`Chart: use the arrow keys to read each ${BUCKET_NOUNS[level]}`}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the chart is read bucket by bucket with the arrow keys
        tabIndex={0}
        onKeyDown={onKeyDown}
        onBlur={() => setCursor(null)}
        data-testid={`${testId}-plot`}
      >
        <svg
          className="email-chart__svg"
          width={layout.width}
          height={layout.height}
          role="img"
          aria-label={summary}
          data-testid={testId}
          onPointerMove={onPointerMove}
          onPointerLeave={() => setCursor(null)}
        >
          <g transform={`translate(${margin.left},${margin.top})`}>
            {layout.yTicks.map((tick) => (
              <g key={`y${tick.y}`} transform={`translate(0,${tick.y})`}>
                <line x2={inner.width} className="email-chart__grid" />
                <text x={-8} dy="0.32em" textAnchor="end" className="email-chart__tick">
                  {tick.label}
                </text>
              </g>
            ))}
            {layout.rateTicks.map((tick) => (
              <text
                key={`r${tick.y}`}
                x={inner.width + 8}
                y={tick.y}
                dy="0.32em"
                className="email-chart__tick"
                data-testid="email-chart-rate-tick"
              >
                {tick.label}
              </text>
            ))}
            {layout.xTicks.map((tick) => (
              <text
                key={`x${tick.x}`}
                x={tick.x}
                y={inner.height + 20}
                textAnchor={tick.anchor}
                className="email-chart__tick"
                data-testid="email-chart-day"
              >
                {tick.label}
              </text>
            ))}
            <line y1={inner.height} y2={inner.height} x2={inner.width} className="email-chart__axis" />
            {at !== null ? (
              <line
                x1={layout.dayX[at]}
                x2={layout.dayX[at]}
                y2={inner.height}
                className="email-chart__cursor"
                data-testid="email-chart-cursor"
              />
            ) : null}
            {layout.lines.map((l) => (
              <path
                key={l.metric}
                d={l.d}
                fill="none"
                stroke={l.color}
                strokeWidth={2}
                strokeDasharray={l.dash}
                data-metric={l.metric}
              />
            ))}
            {layout.dots.map((dot) => (
              <GraphMarker
                key={`${dot.metric}${dot.date}`}
                shape={dot.marker}
                color={dot.color}
                cx={dot.cx}
                cy={dot.cy}
              >
                <title>{dotTitle(dot.date, dot.metric, dot.value)}</title>
              </GraphMarker>
            ))}
          </g>
        </svg>
      </div>
      <p className="email-chart__readout" aria-live="polite" data-testid={`${testId}-readout`}>
        {point ? bucketReadout(point, metrics, level) : ''}
      </p>
    </div>
  );
}
