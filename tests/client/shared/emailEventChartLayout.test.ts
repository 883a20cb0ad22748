import { describe, expect, it } from 'vitest';
import type { WorkflowGraphPoint } from '../../../domain/workflowTypes.ts';
import {
  emailEventChartLayout,
  MAX_DOTTED_DAYS,
  sumByDay,
} from '../../../src/modules/shared/utils/emailEventChartLayout.ts';

const series = [
  {
    email_id: 1,
    email_name: 'Welcome',
    points: [
      { date: '2026-11-02', sends: 100, opens: 40, clicks: 5 },
      { date: '2026-11-01', sends: 1200, opens: 300, clicks: 20 },
    ],
  },
  {
    email_id: 2,
    email_name: 'Follow-up',
    points: [{ date: '2026-11-02', sends: 50, opens: 10, clicks: 1 }],
  },
];

/** The layout of one email's points over a period, 400 x 200. */
const oneEmail = (points: WorkflowGraphPoint[], from: string, to: string) =>
  emailEventChartLayout({
    series: [{ email_id: 1, email_name: 'A', points }],
    from,
    to,
    width: 400,
    height: 200,
  });

describe('emailEventChartLayout', () => {
  it('sums the emails day by day, in date order', () => {
    expect(sumByDay(series)).toEqual([
      { date: '2026-11-01', sends: 1200, opens: 300, clicks: 20 },
      { date: '2026-11-02', sends: 150, opens: 50, clicks: 6 },
    ]);
  });

  it('computes one path per metric, ticks, totals per email and overall', () => {
    const layout = emailEventChartLayout({
      series,
      from: '2026-10-31',
      to: '2026-11-03',
      width: 600,
      height: 260,
    });
    expect(layout.empty).toBe(false);
    expect(layout.inner).toEqual({ width: 600 - 48 - 16, height: 260 - 16 - 32 });
    expect(layout.lines.map((l) => l.metric)).toEqual(['sends', 'opens', 'clicks']);
    for (const l of layout.lines) expect(l.d).toMatch(/^M[\d.]+,[\d.]+L[\d.]+,[\d.]+$/);
    expect(layout.totals).toEqual({ sends: 1350, opens: 350, clicks: 26 });
    expect(layout.perEmail).toEqual([
      { email_id: 1, email_name: 'Welcome', sends: 1300, opens: 340, clicks: 25 },
      { email_id: 2, email_name: 'Follow-up', sends: 50, opens: 10, clicks: 1 },
    ]);
    // The y axis starts at 0 at the bottom and reaches the highest value, with thousands separators.
    expect(layout.yTicks[0]).toEqual({ y: layout.inner.height, label: '0' });
    expect(layout.yTicks.at(-1)!.y).toBeLessThanOrEqual(layout.inner.height * 0.05 + 1);
    expect(layout.yTicks.some((t) => t.label.includes(','))).toBe(true);
    // The x axis spans the period: the first day sits at a third of the width (Oct 31 .. Nov 3).
    const sendsDots = layout.dots.filter((d) => d.metric === 'sends');
    expect(sendsDots[0]!.cx).toBeCloseTo(layout.inner.width / 3, 5);
    expect(layout.xTicks.length).toBeGreaterThan(1);
    expect(layout.xTicks[0]!.label).toMatch(/^(Oct|Nov) \d+$/);
  });

  it('marks equal values at one point with three shapes drawn largest first, so none hides another', () => {
    const layout = oneEmail(
      [{ date: '2026-11-02', sends: 1, opens: 1, clicks: 1 }],
      '2026-11-01',
      '2026-11-03',
    );
    const atPoint = layout.dots.filter((d) => d.date === '2026-11-02');
    expect(atPoint.map((d) => d.marker)).toEqual(['ring', 'square', 'dot']);
    expect(new Set(atPoint.map((d) => `${d.cx},${d.cy}`)).size).toBe(1);
    expect(new Set(atPoint.map((d) => d.color)).size).toBe(3);
  });

  it('over a long period marks only the days with activity, and none when they are too many to tell apart', () => {
    const quarter = (active: number) => {
      const points = Array.from({ length: 92 }, (_, i) => {
        const date = new Date(Date.UTC(2026, 7, 23 + i)).toISOString().slice(0, 10);
        const on = i >= 92 - active;
        return { date, sends: on ? 2 : 0, opens: on ? 1 : 0, clicks: 0 };
      });
      return oneEmail(points, '2026-08-23', '2026-11-22');
    };
    const sparse = quarter(1);
    expect(sparse.dots.map((d) => [d.date, d.metric, d.value])).toEqual([
      ['2026-11-22', 'sends', 2],
      ['2026-11-22', 'opens', 1],
      ['2026-11-22', 'clicks', 0],
    ]);
    expect(quarter(MAX_DOTTED_DAYS).dots).toHaveLength(MAX_DOTTED_DAYS * 3);
    expect(quarter(MAX_DOTTED_DAYS + 1).dots).toEqual([]);
  });

  it('is empty when nothing happened', () => {
    const layout = oneEmail(
      [{ date: '2026-11-01', sends: 0, opens: 0, clicks: 0 }],
      '2026-08-01',
      '2026-11-01',
    );
    expect(layout.empty).toBe(true);
    expect(
      emailEventChartLayout({ series: [], from: 'x', to: 'y', width: 400, height: 200 }).lines[0]!.d,
    ).toBe('');
  });
});
