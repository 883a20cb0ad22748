import { type KeyboardEvent, useMemo, useState } from 'react';
import { abbreviateNumber } from '../../../../domain/abbreviateNumber.ts';
import { formatRate } from '../../../../domain/formatRate.ts';
import { useElementWidth } from '../../shared/hooks/useElementWidth.ts';
import { chartCursorMove } from '../../shared/utils/chartCursorMove.ts';
import { type SourceRow, sourceReadout, sourcesChartLayout } from '../utils/sourcesChartLayout.ts';

/**
 * The sources of the period's website visits as bars: d3 computes the scales (sourcesChartLayout), React
 * draws the SVG. Each bar carries its count and share; the chart takes the focus and the arrow keys (Home,
 * End) move from source to source, its figures shown under the chart and announced; the pointer does the
 * same.
 */
export function SourcesChart({ rows }: { rows: readonly SourceRow[] }) {
  const [boxRef, width] = useElementWidth(640, 300);
  const [cursor, setCursor] = useState<number | null>(null);
  const layout = useMemo(() => sourcesChartLayout(rows, width), [rows, width]);
  const { margin, inner } = layout;
  const at = cursor !== null && cursor < layout.bars.length ? cursor : null;
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') return setCursor(null);
    const next = chartCursorMove(event.key, at, layout.bars.length);
    if (next === null) return;
    event.preventDefault();
    setCursor(next);
  };
  const summary = `Views by source: ${rows.map((row) => `${row.label} ${formatRate(row.percent)}`).join(', ')}`;
  return (
    <div ref={boxRef} className="journey-sources-chart">
      {/* biome-ignore lint/a11y/useSemanticElements: a chart is a group of marks, not a set of form fields */}
      <div
        className="journey-sources-chart__plot"
        role="group"
        aria-roledescription="chart"
        aria-label="Chart: use the arrow keys to read each source"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the chart is read source by source with the arrow keys
        tabIndex={0}
        onKeyDown={onKeyDown}
        onBlur={() => setCursor(null)}
        data-testid="journey-sources-chart-plot"
      >
        <svg
          width={layout.width}
          height={layout.height}
          role="img"
          aria-label={summary}
          className="journey-sources-chart__svg"
          data-testid="journey-sources-chart"
          onPointerLeave={() => setCursor(null)}
        >
          <g transform={`translate(${margin.left},${margin.top})`}>
            {layout.ticks.map((tick) => (
              <g key={tick.x} transform={`translate(${tick.x},0)`}>
                <line y2={inner.height} className="journey-sources-chart__grid" />
                <text y={inner.height + 16} textAnchor="middle" className="journey-sources-chart__tick">
                  {tick.label}
                </text>
              </g>
            ))}
            {layout.bars.map((bar, i) => (
              <g
                key={bar.source}
                transform={`translate(0,${bar.y})`}
                onPointerEnter={() => setCursor(i)}
                data-source={bar.source}
                className={i === at ? 'journey-sources-chart__row is-current' : 'journey-sources-chart__row'}
              >
                <title>{sourceReadout(bar)}</title>
                <rect
                  x={-margin.left}
                  width={margin.left + inner.width + margin.right}
                  height={bar.height}
                  fill="transparent"
                />
                <text
                  x={-10}
                  y={bar.height / 2}
                  dy="0.32em"
                  textAnchor="end"
                  className="journey-sources-chart__label"
                >
                  {bar.label}
                </text>
                <rect
                  width={Math.max(bar.views > 0 ? 2 : 0, bar.width)}
                  height={bar.height}
                  rx={3}
                  className="journey-sources-chart__bar"
                />
                <text
                  x={bar.width + 8}
                  y={bar.height / 2}
                  dy="0.32em"
                  className="journey-sources-chart__value"
                >
                  {abbreviateNumber(bar.views)} · {formatRate(bar.percent)}
                </text>
              </g>
            ))}
            <line y2={inner.height} className="journey-sources-chart__axis" />
          </g>
        </svg>
      </div>
      <p className="journey-sources-chart__readout" aria-live="polite" data-testid="journey-sources-readout">
        {at !== null && layout.bars[at] ? sourceReadout(layout.bars[at]) : ''}
      </p>
    </div>
  );
}
