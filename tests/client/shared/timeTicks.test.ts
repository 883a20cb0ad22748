import { scaleUtc } from 'd3';
import { afterEach, describe, expect, it } from 'vitest';
import { setDateLocale } from '../../../domain/formatDate.ts';
import {
  emailEventChartLayout,
  GRAPH_MARGIN,
} from '../../../src/modules/shared/utils/emailEventChartLayout.ts';
import { labelWidth, type TimeTick, timeTicks } from '../../../src/modules/shared/utils/timeTicks.ts';

/** The plotting widths of the charts at 1280 px and at 375 px (the chart's box less its margins). */
const WIDTHS = { desktop: 1000 - GRAPH_MARGIN.left - GRAPH_MARGIN.right, phone: 300 - 64 };
const DAY = 86_400_000;

const span = (tick: TimeTick): [number, number] => {
  const w = labelWidth(tick.label);
  return tick.anchor === 'start'
    ? [tick.x, tick.x + w]
    : tick.anchor === 'end'
      ? [tick.x - w, tick.x]
      : [tick.x - w / 2, tick.x + w / 2];
};

function expectReadable(ticks: TimeTick[], width: number) {
  expect(ticks.length).toBeGreaterThanOrEqual(2);
  expect(new Set(ticks.map((t) => t.label)).size).toBe(ticks.length);
  for (const [i, tick] of ticks.entries()) {
    const [left, right] = span(tick);
    expect(left).toBeGreaterThanOrEqual(0);
    expect(right).toBeLessThanOrEqual(width);
    if (i > 0) expect(span(ticks[i - 1] as TimeTick)[1]).toBeLessThan(left);
  }
}

afterEach(() => setDateLocale(undefined));

describe('timeTicks', () => {
  const from = Date.UTC(2026, 10, 28);
  it.each([
    ['three days', 2],
    ['a week', 7],
    ['a month', 30],
    ['a quarter', 91],
    ['a year', 365],
    ['over two years', 800],
  ])('labels %s once each, inside the chart, at 1280 and at 375 px', (_, days) => {
    for (const width of Object.values(WIDTHS)) {
      const x = scaleUtc()
        .domain([new Date(from), new Date(from + days * DAY)])
        .range([0, width]);
      expectReadable(timeTicks(x, width), width);
    }
  });

  it('marks days while they fit, then weeks, then months, with the year when the period crosses one', () => {
    const ticks = (days: number, width: number) =>
      timeTicks(
        scaleUtc()
          .domain([new Date(from), new Date(from + days * DAY)])
          .range([0, width]),
        width,
      ).map((t) => t.label);
    expect(ticks(3, WIDTHS.desktop)).toEqual(['Nov 28', 'Nov 29', 'Nov 30', 'Dec 1']);
    expect(ticks(90, WIDTHS.phone).every((label) => /^[A-Z][a-z]{2} 20\d\d$/.test(label))).toBe(true);
  });

  it('writes its days in the reader’s locale, as every date is (domain/formatDate)', () => {
    setDateLocale('en-GB');
    const x = scaleUtc()
      .domain([new Date(from), new Date(from + 3 * DAY)])
      .range([0, WIDTHS.desktop]);
    expect(timeTicks(x, WIDTHS.desktop).map((t) => t.label)).toEqual(['28 Nov', '29 Nov', '30 Nov', '1 Dec']);
  });
});

describe('a chart of weeks, months, quarters or years', () => {
  it('ticks no finer than its buckets: months for months, quarters for quarters, years for years', () => {
    const axis = (first: string, last: string) =>
      scaleUtc()
        .domain([new Date(`${first}T00:00:00Z`), new Date(`${last}T00:00:00Z`)])
        .range([0, WIDTHS.desktop]);
    const quarter = axis('2026-08-01', '2026-11-01');
    expect(timeTicks(quarter, WIDTHS.desktop).length).toBeGreaterThan(4);
    expect(timeTicks(quarter, WIDTHS.desktop, 'monthly').map((t) => t.label)).toEqual([
      'Aug',
      'Sep',
      'Oct',
      'Nov',
    ]);
    const weeks = timeTicks(axis('2026-09-07', '2026-11-23'), WIDTHS.desktop, 'weekly');
    expect(weeks.every((t) => !t.label.startsWith('Sep 8'))).toBe(true);
    expect(weeks[0]?.label).toBe('Sep 7');
    const quarters = timeTicks(axis('2025-01-01', '2026-10-01'), WIDTHS.desktop, 'quarterly');
    expect(quarters.map((t) => t.label)).toEqual([
      'Jan 2025',
      'Apr 2025',
      'Jul 2025',
      'Oct 2025',
      'Jan 2026',
      'Apr 2026',
      'Jul 2026',
      'Oct 2026',
    ]);
    expect(timeTicks(axis('2021-01-01', '2026-01-01'), WIDTHS.desktop, 'yearly').map((t) => t.label)).toEqual(
      ['2021', '2022', '2023', '2024', '2025', '2026'],
    );
  });
});

describe('the campaign chart of one day', () => {
  it('shows that day once, in the middle, and never cuts the last label (it repeated "Nov 28" nine times)', () => {
    for (const width of [1000, 300]) {
      const layout = emailEventChartLayout({
        series: [
          {
            email_id: 0,
            email_name: 'Campaign',
            points: [{ date: '2026-11-28', sends: 3, opens: 1, clicks: 0 }],
          },
        ],
        from: '2026-11-28',
        to: '2026-11-28',
        width,
        height: 240,
      });
      expectReadable(layout.xTicks, layout.inner.width);
      expect(layout.xTicks.filter((t) => t.label === 'Nov 28')).toHaveLength(1);
      expect(layout.dots[0]?.cx).toBeCloseTo(layout.inner.width / 2, 5);
    }
  });
});
