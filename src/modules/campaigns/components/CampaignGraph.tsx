import { type RefObject, useEffect, useMemo, useRef, useState } from 'react';
import type { CampaignGraphPoint } from '../../../../domain/campaigns.ts';
import { formatThousands } from '../../../../domain/formatThousands.ts';
import { StatePanel } from '../../../ui/StatePanel.tsx';
import { GraphMarker } from '../../shared/components/GraphMarker.tsx';
import { GRAPH_METRICS, workflowGraphLayout } from '../../shared/utils/workflowGraphLayout.ts';

const HEIGHT = 240;

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
 * Sends, opens and clicks of the campaign's emails per day: d3 computes the lines (the workflow graph's
 * layout), React draws the SVG; a clear empty state while nothing was sent.
 */
export function CampaignGraph({ points }: { points: CampaignGraphPoint[] }) {
  const [boxRef, width] = useWidth();
  const layout = useMemo(() => {
    if (points.length === 0) return null;
    const first = points[0]?.date ?? '';
    const last = points[points.length - 1]?.date ?? first;
    return workflowGraphLayout({
      series: [
        {
          email_id: 0,
          email_name: 'Campaign',
          points: points.map((p) => ({ date: p.date, sends: p.sent, opens: p.opens, clicks: p.clicks })),
        },
      ],
      from: first,
      to: last,
      width,
      height: HEIGHT,
    });
  }, [points, width]);

  let body = null;
  if (!layout || layout.empty) {
    body = (
      <StatePanel compact kind="empty" title="Nothing sent yet">
        Sends, opens and clicks of this campaign's emails appear here once an edition is sent.
      </StatePanel>
    );
  } else {
    const { margin, inner } = layout;
    const description = `Sends, opens and clicks per day from ${points[0]?.date} to ${points[points.length - 1]?.date}: ${GRAPH_METRICS.map(
      (m) => `${formatThousands(layout.totals[m.metric])} ${m.label.toLowerCase()}`,
    ).join(', ')}.`;
    body = (
      <>
        <ul className="campaign-graph__legend" aria-label="Legend">
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
          width={layout.width}
          height={layout.height}
          role="img"
          aria-label={description}
          data-testid="campaign-graph"
        >
          <g transform={`translate(${margin.left},${margin.top})`}>
            {layout.yTicks.map((tick) => (
              <g key={`y${tick.y}`} transform={`translate(0,${tick.y})`}>
                <line x2={inner.width} className="campaign-graph__grid" />
                <text x={-8} dy="0.32em" textAnchor="end" className="campaign-graph__tick">
                  {tick.label}
                </text>
              </g>
            ))}
            {layout.xTicks.map((tick) => (
              <text
                key={`x${tick.x}`}
                x={tick.x}
                y={inner.height + 20}
                textAnchor="middle"
                className="campaign-graph__tick"
              >
                {tick.label}
              </text>
            ))}
            {layout.lines.map((l) => (
              <path
                key={l.metric}
                d={l.d}
                fill="none"
                stroke={l.color}
                strokeWidth={2}
                strokeDasharray={l.dash}
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
      </>
    );
  }
  return (
    <section className="campaign-graph" aria-labelledby="campaign-graph-title">
      <h2 id="campaign-graph-title" className="campaign-section__title">
        Sends, opens and clicks
      </h2>
      <div ref={boxRef} className="campaign-graph__box">
        {body}
      </div>
    </section>
  );
}
