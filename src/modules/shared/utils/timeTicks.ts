import { type ScaleTime, utcDay, utcMonday, utcMonth, utcYear } from 'd3';
import { type DateStyle, formatDate } from '../../../../domain/formatDate.ts';
import type { ZoomLevel } from '../../../../domain/trendZoom.ts';

/** A label of the time axis: where it is, what it says, and which side of it the text sits on. */
export type TimeTick = { x: number; label: string; anchor: 'start' | 'middle' | 'end' };

/** About how wide one character of a tick label is (11 px, tabular figures), and the least room between labels. */
const CHAR_PX = 6.6;
const GAP_PX = 10;

/** How wide a label is drawn (an estimate on the safe side: the axis never measures the DOM). */
export const labelWidth = (label: string) => Math.ceil(label.length * CHAR_PX);

type Step = { range: (start: Date, stop: Date) => Date[]; every: number; format: (date: Date) => string };

/** The days of the axis are UTC days, written in the reader's locale (domain/formatDate). */
const utc = (style: DateStyle) => (date: Date) => formatDate(date, style, 'UTC');
const day = utc('dayMonth');

/**
 * The steps an axis may take, finest first: whole days, weeks (Mondays), months, years, each a number of
 * its unit apart counted from the first one in the period (so they are evenly spaced). Days and weeks
 * read "Nov 28" ("28 Nov" in Britain); months read "Nov", or "Nov 2026" when the period crosses a year;
 * years "2026".
 */
function stepsFor(start: Date, end: Date): Step[] {
  const month = utc(start.getUTCFullYear() === end.getUTCFullYear() ? 'month' : 'monthYear');
  const year = utc('year');
  const days = (n: number): Step => ({ range: (a, b) => utcDay.range(a, b), every: n, format: day });
  const weeks = (n: number): Step => ({ range: (a, b) => utcMonday.range(a, b), every: n, format: day });
  const months = (n: number): Step => ({ range: (a, b) => utcMonth.range(a, b), every: n, format: month });
  const years = (n: number): Step => ({ range: (a, b) => utcYear.range(a, b), every: n, format: year });
  return [
    days(1),
    days(2),
    days(3),
    weeks(1),
    weeks(2),
    months(1),
    months(2),
    months(3),
    months(6),
    years(1),
    years(2),
    years(5),
    years(10),
  ];
}

/** The ticks of one step, each label kept inside [0, width] (the first and last may lean inwards). */
function ticksOf(step: Step, x: ScaleTime<number, number>, width: number): TimeTick[] {
  const [start, end] = x.domain() as [Date, Date];
  const dates = step.range(start, new Date(end.getTime() + 1)).filter((_, i) => i % step.every === 0);
  return dates.map((date) => {
    const at = x(date);
    const label = step.format(date);
    const half = labelWidth(label) / 2;
    const anchor = at - half < 0 ? 'start' : at + half > width ? 'end' : 'middle';
    return { x: at, label, anchor };
  });
}

/** The [left, right] a tick's label covers. */
function extent(tick: TimeTick): [number, number] {
  const w = labelWidth(tick.label);
  if (tick.anchor === 'start') return [tick.x, tick.x + w];
  if (tick.anchor === 'end') return [tick.x - w, tick.x];
  return [tick.x - w / 2, tick.x + w / 2];
}

/** Every label different, and none touching the next. */
function readable(ticks: readonly TimeTick[]): boolean {
  if (new Set(ticks.map((tick) => tick.label)).size !== ticks.length) return false;
  for (let i = 1; i < ticks.length; i += 1) {
    if (extent(ticks[i - 1] as TimeTick)[1] + GAP_PX > extent(ticks[i] as TimeTick)[0]) return false;
  }
  return true;
}

/** The finest step of each bucket size (in stepsFor's order): no tick falls between two buckets. */
const FINEST_STEP: Record<ZoomLevel, number> = { daily: 0, weekly: 3, monthly: 5, quarterly: 7, yearly: 9 };

/**
 * The time axis of a chart of days, `width` pixels wide: the finest step (days, weeks, months, years)
 * whose labels are all different and do not touch, at least two of them when the period allows. No
 * label repeats (a period of one day is never cut into hours) and none is cut by the chart's edges. A
 * chart of weeks, months, quarters or years (`level`) ticks no finer than its buckets.
 */
export function timeTicks(
  x: ScaleTime<number, number>,
  width: number,
  level: ZoomLevel = 'daily',
): TimeTick[] {
  const [start, end] = x.domain() as [Date, Date];
  let fallback: TimeTick[] = [];
  for (const step of stepsFor(start, end).slice(FINEST_STEP[level])) {
    const ticks = ticksOf(step, x, width);
    if (ticks.length === 0) continue;
    if (readable(ticks)) {
      if (ticks.length >= 2) return ticks;
      if (fallback.length === 0) fallback = ticks;
    }
  }
  return fallback;
}
