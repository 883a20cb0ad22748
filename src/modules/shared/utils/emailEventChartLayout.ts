import { line, max, scaleLinear, scaleUtc } from 'd3';
import { formatThousands } from '../../../../domain/formatThousands.ts';
import type { WorkflowGraphPoint, WorkflowGraphSeries } from '../../../../domain/workflowTypes.ts';
import { type TimeTick, timeTicks } from './timeTicks.ts';

/**
 * The email-event chart's computation (React-free), for every chart of sends, opens and clicks per day
 * (a workflow's emails, a campaign's): d3 scales and shapes turn the series into SVG paths and axis ticks;
 * React only draws them (EmailEventChart).
 */
export type GraphMetric = 'sends' | 'opens' | 'clicks';

/**
 * How a day's value is marked: shapes of decreasing size, so that equal values (the same point) still show
 * all three: a ring around a square around a dot.
 */
export type GraphMarkerShape = 'ring' | 'square' | 'dot';

export const GRAPH_METRICS: readonly {
  metric: GraphMetric;
  label: string;
  color: string;
  dash: string;
  marker: GraphMarkerShape;
}[] = [
  { metric: 'sends', label: 'Sends', color: '#001760', dash: '', marker: 'ring' },
  { metric: 'opens', label: 'Opens', color: '#0d7a31', dash: '6 3', marker: 'square' },
  { metric: 'clicks', label: 'Clicks', color: '#1c4fb0', dash: '2 3', marker: 'dot' },
];

export type GraphMargin = { top: number; right: number; bottom: number; left: number };
export const GRAPH_MARGIN: GraphMargin = { top: 16, right: 16, bottom: 32, left: 48 };

/** Up to this many days (or days with activity, over a longer period), each day's values are marked. */
export const MAX_DOTTED_DAYS = 45;

export type GraphTotals = Record<GraphMetric, number>;

export type GraphLayout = {
  width: number;
  height: number;
  margin: GraphMargin;
  /** Width and height of the plotting area (inside the margins). */
  inner: { width: number; height: number };
  lines: { metric: GraphMetric; label: string; color: string; dash: string; d: string }[];
  /**
   * One marker per day and metric: every day up to MAX_DOTTED_DAYS days; over a longer period the days with
   * activity, when there are at most that many; else none.
   */
  dots: {
    metric: GraphMetric;
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
  /** The days summed over the shown emails, in date order. */
  days: WorkflowGraphPoint[];
  totals: GraphTotals;
  perEmail: ({ email_id: number; email_name: string } & GraphTotals)[];
  /** True when nothing was sent, opened or clicked in the period. */
  empty: boolean;
};

const DAY_MS = 86_400_000;
const dayKey = (date: string) => date.slice(0, 10);
const toDate = (date: string) => new Date(`${dayKey(date)}T00:00:00Z`);

function sumTotals(points: readonly WorkflowGraphPoint[]): GraphTotals {
  const totals: GraphTotals = { sends: 0, opens: 0, clicks: 0 };
  for (const point of points) {
    totals.sends += point.sends;
    totals.opens += point.opens;
    totals.clicks += point.clicks;
  }
  return totals;
}

/** Sums the series day by day (the graph shows the workflow's emails together). */
export function sumByDay(series: readonly WorkflowGraphSeries[]): WorkflowGraphPoint[] {
  const byDay = new Map<string, WorkflowGraphPoint>();
  for (const one of series) {
    for (const point of one.points) {
      const key = dayKey(point.date);
      const day = byDay.get(key) ?? { date: key, sends: 0, opens: 0, clicks: 0 };
      day.sends += point.sends;
      day.opens += point.opens;
      day.clicks += point.clicks;
      byDay.set(key, day);
    }
  }
  return [...byDay.values()].sort((a, b) => a.date.localeCompare(b.date));
}

/** The sends, opens and clicks of the period, in all and per email; empty when nothing happened. */
export function emailEventTotals(series: readonly WorkflowGraphSeries[]) {
  const totals = sumTotals(sumByDay(series));
  const perEmail = series.map((one) => ({
    email_id: one.email_id,
    email_name: one.email_name,
    ...sumTotals(one.points),
  }));
  return { totals, perEmail, empty: totals.sends + totals.opens + totals.clicks === 0 };
}

export type GraphLayoutInput = {
  series: readonly WorkflowGraphSeries[];
  /** The period asked for (ISO dates); the x axis spans it. */
  from: string;
  to: string;
  width: number;
  height: number;
  margin?: GraphMargin;
};

export function emailEventChartLayout(input: GraphLayoutInput): GraphLayout {
  const margin = input.margin ?? GRAPH_MARGIN;
  const inner = {
    width: Math.max(10, input.width - margin.left - margin.right),
    height: Math.max(10, input.height - margin.top - margin.bottom),
  };
  const days = sumByDay(input.series);
  const { totals, perEmail, empty } = emailEventTotals(input.series);

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
  const highest = max(days, (day) => Math.max(day.sends, day.opens, day.clicks)) ?? 0;
  const y = scaleLinear()
    .domain([0, Math.max(highest, 4)])
    .nice()
    .range([inner.height, 0]);

  const lines = GRAPH_METRICS.map(({ metric, label, color, dash }) => {
    const path = line<WorkflowGraphPoint>()
      .x((day) => x(toDate(day.date)))
      .y((day) => y(day[metric]));
    return { metric, label, color, dash, d: days.length > 0 ? (path(days) ?? '') : '' };
  });
  // Markers show each day while the days stay apart; over a longer period only the days with activity,
  // when they are few (a lone send in a quarter is still seen), else the lines alone.
  const active = days.length <= MAX_DOTTED_DAYS ? days : days.filter((d) => d.sends + d.opens + d.clicks > 0);
  const dotted = active.length <= MAX_DOTTED_DAYS ? active : [];
  const dots = GRAPH_METRICS.flatMap(({ metric, color, marker }) =>
    dotted.map((day) => ({
      metric,
      color,
      marker,
      cx: x(toDate(day.date)),
      cy: y(day[metric]),
      date: day.date,
      value: day[metric],
    })),
  );
  const xTicks = timeTicks(x, inner.width);
  const yTicks = y.ticks(5).map((tick) => ({ y: y(tick), label: formatThousands(tick) }));

  return {
    width: input.width,
    height: input.height,
    margin,
    inner,
    lines,
    dots,
    xTicks,
    yTicks,
    days,
    totals,
    perEmail,
    empty,
  };
}
