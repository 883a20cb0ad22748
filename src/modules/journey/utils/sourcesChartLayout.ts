import { max, scaleBand, scaleLinear } from 'd3';
import { countOf } from '../../../../domain/countOf.ts';
import { formatRate } from '../../../../domain/formatRate.ts';
import { formatThousands } from '../../../../domain/formatThousands.ts';
import {
  JOURNEY_SOURCES,
  type JourneySource,
  type JourneySources,
} from '../../../../domain/journeyTracking.ts';
import { JOURNEY_SOURCE_LABELS } from '../journeySourceLabels.ts';

export type SourceRow = {
  source: JourneySource;
  label: string;
  views: number;
  visitors: number;
  /** The source's share of the period's views, in percent. */
  percent: number;
};

export type SourceBar = SourceRow & { y: number; height: number; width: number };

export type SourcesChartLayout = {
  width: number;
  height: number;
  margin: { top: number; right: number; bottom: number; left: number };
  inner: { width: number; height: number };
  bars: SourceBar[];
  ticks: { x: number; label: string }[];
};

/** Every source in the screen's order, those the answer leaves out at 0 (share: a fraction of the views). */
export function sourceRows(answer: JourneySources): SourceRow[] {
  return JOURNEY_SOURCES.map((source) => {
    const row = answer.sources.find((s) => s.source === source);
    return {
      source,
      label: JOURNEY_SOURCE_LABELS[source],
      views: row?.views ?? 0,
      visitors: row?.visitors ?? 0,
      percent: (row?.share ?? 0) * 100,
    };
  });
}

/** What one source reads as, on the chart's readout and its bar's title. */
export function sourceReadout(row: SourceRow): string {
  const views = countOf(row.views, 'view', 'views');
  return `${row.label}: ${views} (${formatRate(row.percent)} of all views), ${countOf(row.visitors, 'visitor', 'visitors')}`;
}

const BAND = 36;
/** Room for the source names left of the bars, and for the figures after them (less on a phone). */
const LABEL_WIDTH = { wide: 118, narrow: 100 };
const VALUE_ROOM = { wide: 104, narrow: 96 };
/** Ticks at least this far apart, so their labels never run together. */
const TICK_GAP = 56;

/**
 * The sources chart: one horizontal bar per source (d3's band scale places the rows, a linear scale from 0
 * to the largest count gives the lengths, with its ticks spaced for their labels), the labels left of the
 * bars and the count and share after each bar (VALUE_ROOM keeps them inside the box).
 */
export function sourcesChartLayout(rows: readonly SourceRow[], width: number): SourcesChartLayout {
  const room = width < 480 ? 'narrow' : 'wide';
  const margin = { top: 4, right: VALUE_ROOM[room], bottom: 24, left: LABEL_WIDTH[room] };
  const innerWidth = Math.max(40, width - margin.left - margin.right);
  const innerHeight = rows.length * BAND;
  const y = scaleBand<string>()
    .domain(rows.map((row) => row.source))
    .range([0, innerHeight])
    .paddingInner(0.3)
    .paddingOuter(0.15);
  const x = scaleLinear()
    .domain([0, Math.max(1, max(rows, (row) => row.views) ?? 0)])
    .range([0, innerWidth])
    .nice();
  const tickCount = Math.max(1, Math.min(6, Math.floor(innerWidth / 70)));
  return {
    width,
    height: innerHeight + margin.top + margin.bottom,
    margin,
    inner: { width: innerWidth, height: innerHeight },
    bars: rows.map((row) => ({
      ...row,
      y: y(row.source) ?? 0,
      height: y.bandwidth(),
      width: x(row.views),
    })),
    ticks: spaced(
      x
        .ticks(tickCount)
        .filter(Number.isInteger)
        .map((value) => ({ x: x(value), label: formatThousands(value) })),
    ),
  };
}

/** The ticks kept from the first on, each at least TICK_GAP after the one before. */
function spaced(ticks: { x: number; label: string }[]): { x: number; label: string }[] {
  const kept: { x: number; label: string }[] = [];
  for (const tick of ticks) {
    const last = kept.at(-1);
    if (!last || tick.x - last.x >= TICK_GAP) kept.push(tick);
  }
  return kept;
}
