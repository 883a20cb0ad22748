import { line, max, scaleLinear, scaleUtc } from 'd3';
import { countOf } from '../../../../domain/countOf.ts';
import { formatRate } from '../../../../domain/formatRate.ts';
import { formatThousands } from '../../../../domain/formatThousands.ts';
import { BUCKET_NOUNS, bucketLabel, type ZoomLevel } from '../../../../domain/trendZoom.ts';
import { type TimeTick, timeTicks } from './timeTicks.ts';

/**
 * The email-event chart's computation (React-free), for every chart of email events over time (a
 * workflow's emails, a campaign's, the analytics trends): d3 scales and shapes turn the series into SVG
 * paths and axis ticks; React only draws them (EmailEventChart). It draws the series it is given: by
 * default sends, opens and clicks; a report may choose others (counts on the left axis, rates in percent
 * on the right one).
 */
export type GraphMetric = 'sends' | 'opens' | 'clicks';

/**
 * How a bucket's value is marked: shapes of decreasing size, so that equal values (the same point) still
 * show all three: a ring around a square around a dot.
 */
export type GraphMarkerShape = 'ring' | 'square' | 'dot';

/** One series the chart can draw: the point field it reads, how it is named and drawn, and its unit. */
export type ChartMetric<K extends string = string> = {
  metric: K;
  label: string;
  color: string;
  dash: string;
  marker: GraphMarkerShape;
  /** A rate in percent is drawn against the right axis (0 % to its highest value); else a count. */
  unit?: 'count' | 'percent';
  /** A count's noun, singular and plural ("1 bounce"); else the label in lower case, without its final s. */
  noun?: readonly [string, string];
};

export const GRAPH_METRICS: readonly ChartMetric<GraphMetric>[] = [
  { metric: 'sends', label: 'Sends', color: '#001760', dash: '', marker: 'ring' },
  { metric: 'opens', label: 'Opens', color: '#0d7a31', dash: '6 3', marker: 'square' },
  { metric: 'clicks', label: 'Clicks', color: '#1c4fb0', dash: '2 3', marker: 'dot' },
];

/** The drawing of the nth series a report chooses (the email-event chart's colours, dashes and marks). */
export const chartStyleAt = (n: number) => {
  const { color, dash, marker } = GRAPH_METRICS[n % GRAPH_METRICS.length] as ChartMetric;
  return { color, dash, marker };
};

/** One bucket (a day, or the first day of a week, month, quarter or year) with a value per metric. */
export type ChartPoint = { date: string; [metric: string]: number | string };
export type ChartSeries<P extends ChartPoint = ChartPoint> = {
  email_id: number;
  email_name: string;
  points: readonly P[];
};

export type GraphMargin = { top: number; right: number; bottom: number; left: number };
export const GRAPH_MARGIN: GraphMargin = { top: 16, right: 16, bottom: 32, left: 48 };
/** The right margin when a rate is drawn: room for its axis labels ("100%"). */
const RATE_MARGIN_RIGHT = 44;

/** Up to this many buckets (or buckets with activity, over a longer period), each one's values are marked. */
export const MAX_DOTTED_DAYS = 45;

export type GraphTotals = Record<GraphMetric, number>;

export type GraphLayout = {
  width: number;
  height: number;
  margin: GraphMargin;
  /** Width and height of the plotting area (inside the margins). */
  inner: { width: number; height: number };
  lines: { metric: string; label: string; color: string; dash: string; d: string }[];
  /**
   * One marker per bucket and metric: every bucket up to MAX_DOTTED_DAYS; over a longer period the
   * buckets with activity, when there are at most that many; else none.
   */
  dots: {
    metric: string;
    color: string;
    marker: GraphMarkerShape;
    cx: number;
    cy: number;
    date: string;
    value: number;
  }[];
  /** Whole days, weeks or months, each label once, none cut by the edges (timeTicks). */
  xTicks: TimeTick[];
  yTicks: { y: number; label: string }[];
  /** The right axis of the rates (percent), when a rate is drawn. */
  rateTicks: { y: number; label: string }[];
  /** The buckets summed over the shown emails, in date order, each with its place on the x axis. */
  days: ChartPoint[];
  /** Where each of `days` is on the x axis. */
  dayX: number[];
  totals: Record<string, number>;
  perEmail: ({ email_id: number; email_name: string } & Record<string, number>)[];
  /** True when every drawn value of the period is 0. */
  empty: boolean;
};

const DAY_MS = 86_400_000;
const dayKey = (date: string) => date.slice(0, 10);
const toDate = (date: string) => new Date(`${dayKey(date)}T00:00:00Z`);

/** A point's value of a metric (0 when it has none). */
export const pointValue = (point: ChartPoint, metric: string): number => Number(point[metric] ?? 0);

function sumTotals<K extends string>(
  points: readonly ChartPoint[],
  metrics: readonly ChartMetric<K>[],
): Record<K, number> {
  const totals = Object.fromEntries(metrics.map((m) => [m.metric, 0])) as Record<K, number>;
  for (const point of points) for (const m of metrics) totals[m.metric] += pointValue(point, m.metric);
  return totals;
}

/** Sums the series bucket by bucket (the graph shows the emails together), in date order. */
export function sumByDay(
  series: readonly ChartSeries[],
  metrics: readonly ChartMetric[] = GRAPH_METRICS,
): ChartPoint[] {
  const byDay = new Map<string, ChartPoint>();
  for (const one of series) {
    for (const point of one.points) {
      const key = dayKey(point.date);
      const day: ChartPoint = byDay.get(key) ?? {
        date: key,
        ...Object.fromEntries(metrics.map((m) => [m.metric, 0])),
      };
      for (const m of metrics) day[m.metric] = pointValue(day, m.metric) + pointValue(point, m.metric);
      byDay.set(key, day);
    }
  }
  return [...byDay.values()].sort((a, b) => a.date.localeCompare(b.date));
}

/** The metrics' values over the period, in all and per email; empty when every value is 0. */
export function emailEventTotals<K extends string = GraphMetric>(
  series: readonly ChartSeries[],
  metrics: readonly ChartMetric<K>[] = GRAPH_METRICS as readonly ChartMetric<never>[],
) {
  const totals = sumTotals(sumByDay(series, metrics), metrics);
  const perEmail = series.map((one) => ({
    email_id: one.email_id,
    email_name: one.email_name,
    ...sumTotals(one.points, metrics),
  }));
  const everything = metrics.reduce((sum, m) => sum + Math.abs(totals[m.metric]), 0);
  return { totals, perEmail, empty: everything === 0 };
}

export type GraphLayoutInput = {
  series: readonly ChartSeries[];
  /** The series drawn (GRAPH_METRICS unless a report chooses others). */
  metrics?: readonly ChartMetric[];
  /** What a point is (a day unless weeks, months, quarters or years): the axis ticks no finer. */
  level?: ZoomLevel;
  /** The period asked for (ISO dates); the x axis spans it. */
  from: string;
  to: string;
  width: number;
  height: number;
  margin?: GraphMargin;
};

const percentLabel = (tick: number) => `${formatThousands(tick)}%`;

export function emailEventChartLayout(input: GraphLayoutInput): GraphLayout {
  const metrics = input.metrics ?? GRAPH_METRICS;
  const counts = metrics.filter((m) => m.unit !== 'percent');
  const rates = metrics.filter((m) => m.unit === 'percent');
  const base = input.margin ?? GRAPH_MARGIN;
  const margin = rates.length > 0 ? { ...base, right: Math.max(base.right, RATE_MARGIN_RIGHT) } : base;
  const inner = {
    width: Math.max(10, input.width - margin.left - margin.right),
    height: Math.max(10, input.height - margin.top - margin.bottom),
  };
  const days = sumByDay(input.series, metrics);
  const { totals, perEmail, empty } = emailEventTotals(input.series, metrics);

  let start = toDate(input.from);
  let end = toDate(input.to);
  if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime()) || end < start) {
    start = days.length > 0 ? toDate(days[0]!.date) : new Date(0);
    end = days.length > 0 ? toDate(days[days.length - 1]!.date) : start;
  }
  if (end.getTime() === start.getTime()) {
    // One day: it sits in the middle, between the day before and the day after.
    start = new Date(start.getTime() - DAY_MS);
    end = new Date(end.getTime() + DAY_MS);
  }
  const x = scaleUtc().domain([start, end]).range([0, inner.width]);
  const highestOf = (of: readonly ChartMetric[]) =>
    max(days, (day) => Math.max(...of.map((m) => pointValue(day, m.metric)))) ?? 0;
  const y = scaleLinear()
    .domain([0, Math.max(highestOf(counts), 4)])
    .nice()
    .range([inner.height, 0]);
  const yRate = scaleLinear()
    .domain([0, Math.min(100, Math.max(highestOf(rates), 1))])
    .nice()
    .range([inner.height, 0]);
  const scaleOf = (m: ChartMetric) => (m.unit === 'percent' ? yRate : y);

  const lines = metrics.map((m) => {
    const scale = scaleOf(m);
    const path = line<ChartPoint>()
      .x((day) => x(toDate(day.date)))
      .y((day) => scale(pointValue(day, m.metric)));
    return {
      metric: m.metric,
      label: m.label,
      color: m.color,
      dash: m.dash,
      d: days.length > 0 ? (path(days) ?? '') : '',
    };
  });
  // Markers show each bucket while they stay apart; over a longer period only the buckets with activity,
  // when they are few (a lone send in a quarter is still seen), else the lines alone.
  const activeDay = (day: ChartPoint) => metrics.some((m) => pointValue(day, m.metric) !== 0);
  const active = days.length <= MAX_DOTTED_DAYS ? days : days.filter(activeDay);
  const dotted = active.length <= MAX_DOTTED_DAYS ? active : [];
  const dots = metrics.flatMap((m) =>
    dotted.map((day) => ({
      metric: m.metric,
      color: m.color,
      marker: m.marker,
      cx: x(toDate(day.date)),
      cy: scaleOf(m)(pointValue(day, m.metric)),
      date: day.date,
      value: pointValue(day, m.metric),
    })),
  );
  const xTicks = timeTicks(x, inner.width, input.level);
  const yTicks =
    counts.length > 0 ? y.ticks(5).map((tick) => ({ y: y(tick), label: formatThousands(tick) })) : [];
  const rateTicks =
    rates.length > 0 ? yRate.ticks(5).map((tick) => ({ y: yRate(tick), label: percentLabel(tick) })) : [];

  return {
    width: input.width,
    height: input.height,
    margin,
    inner,
    lines,
    dots,
    xTicks,
    yTicks,
    rateTicks,
    days,
    dayX: days.map((day) => x(toDate(day.date))),
    totals,
    perEmail,
    empty,
  };
}

/** A metric's value as the chart says it: a rate in percent, a count with its noun. */
export function metricValueText(m: ChartMetric, value: number): string {
  if (m.unit === 'percent') return `${m.label} ${formatRate(value)}`;
  const plural = m.label.toLowerCase();
  const [one, other] = m.noun ?? [plural.replace(/s$/, ''), plural];
  return countOf(value, one, other);
}

/** Names as a sentence: "Sends, opens and clicks". */
function listText(labels: readonly string[]): string {
  const words = labels.map((label, i) => {
    const lower = label.toLowerCase();
    return i === 0 ? `${lower.charAt(0).toUpperCase()}${lower.slice(1)}` : lower;
  });
  return words.length > 1 ? `${words.slice(0, -1).join(', ')} and ${words.at(-1)}` : (words[0] ?? '');
}

/** The chart's name: what it draws per bucket over the period, and the counts' totals. */
export function chartSummary(
  metrics: readonly ChartMetric[],
  totals: Record<string, number>,
  level: ZoomLevel,
  from: string,
  to: string,
): string {
  const counted = metrics
    .filter((m) => m.unit !== 'percent')
    .map((m) => metricValueText(m, totals[m.metric] ?? 0));
  const what = `${listText(metrics.map((m) => m.label))} per ${BUCKET_NOUNS[level]} from ${from} to ${to}`;
  return counted.length > 0 ? `${what}: ${counted.join(', ')}.` : `${what}.`;
}

/** One bucket read aloud (and shown under the chart): its name, then each drawn value. */
export function bucketReadout(point: ChartPoint, metrics: readonly ChartMetric[], level: ZoomLevel): string {
  const values = metrics.map((m) => metricValueText(m, pointValue(point, m.metric)));
  return `${bucketLabel(point.date, level)}: ${values.join(', ')}`;
}
