import { type ReactNode, type RefObject, useEffect, useMemo, useRef, useState } from 'react';
import { countOf } from '../../../../domain/countOf.ts';
import { formatThousands } from '../../../../domain/formatThousands.ts';
import type { WorkflowGraphSeries } from '../../../../domain/workflowTypes.ts';
import { emailEventChartLayout, GRAPH_METRICS } from '../utils/emailEventChartLayout.ts';
import { GraphMarker } from './GraphMarker.tsx';
import './emailEventChart.css';

type Props = {
  /** One series per email (summed day by day), as the analytics and campaign calls answer them. */
  series: readonly WorkflowGraphSeries[];
  /** The period shown (ISO dates): the x axis spans it (one day sits in the middle). */
  from: string;
  to: string;
  height?: number;
  testId: string;
  /** Shown instead of the chart when nothing was sent, opened or clicked in the period. */
  empty: ReactNode;
};

/** Follows the width of its box (the chart is drawn again by React at that width). */
function useWidth(): [RefObject<HTMLDivElement | null>, number] {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(640);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.max(260, Math.round(entry.contentRect.width)));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}

/**
 * The one chart of email events: sends, opens and clicks per day, with a legend of the totals. d3
 * computes the scales, lines and time ticks (emailEventChartLayout: whole days, weeks or months, every
 * label once, none cut by the edges); React draws the SVG. Used by the workflow's and the campaign's
 * email graphs.
 */
export function EmailEventChart({ series, from, to, height = 240, testId, empty }: Props) {
  const [boxRef, width] = useWidth();
  const layout = useMemo(
    () => emailEventChartLayout({ series, from, to, width, height }),
    [series, from, to, width, height],
  );
  if (layout.empty) {
    return (
      <div ref={boxRef} className="email-chart">
        {empty}
      </div>
    );
  }
  const { margin, inner } = layout;
  // "1 click", "3 sends": the metric's label is its plural, its singular that without the final s.
  const totals = GRAPH_METRICS.map((m) => {
    const plural = m.label.toLowerCase();
    return countOf(layout.totals[m.metric], plural.slice(0, -1), plural);
  }).join(', ');
  return (
    <div ref={boxRef} className="email-chart">
      <ul className="email-chart__legend" aria-label="Legend">
        {GRAPH_METRICS.map((m) => (
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
            {m.label} <strong>{formatThousands(layout.totals[m.metric])}</strong>
          </li>
        ))}
      </ul>
      <svg
        className="email-chart__svg"
        width={layout.width}
        height={layout.height}
        role="img"
        aria-label={`Sends, opens and clicks per day from ${from} to ${to}: ${totals}.`}
        data-testid={testId}
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
              <title>{`${dot.date}: ${formatThousands(dot.value)} ${dot.metric}`}</title>
            </GraphMarker>
          ))}
        </g>
      </svg>
    </div>
  );
}
