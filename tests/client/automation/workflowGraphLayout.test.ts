import { describe, expect, it } from 'vitest';
import { sumByDay, workflowGraphLayout } from '../../../src/modules/automation/utils/workflowGraphLayout.ts';

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

describe('workflowGraphLayout', () => {
  it('sums the emails day by day, in date order', () => {
    expect(sumByDay(series)).toEqual([
      { date: '2026-11-01', sends: 1200, opens: 300, clicks: 20 },
      { date: '2026-11-02', sends: 150, opens: 50, clicks: 6 },
    ]);
  });

  it('computes one path per metric, ticks, totals per email and overall', () => {
    const layout = workflowGraphLayout({
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

  it('is empty when nothing happened', () => {
    const layout = workflowGraphLayout({
      series: [
        { email_id: 1, email_name: 'A', points: [{ date: '2026-11-01', sends: 0, opens: 0, clicks: 0 }] },
      ],
      from: '2026-08-01',
      to: '2026-11-01',
      width: 400,
      height: 200,
    });
    expect(layout.empty).toBe(true);
    expect(workflowGraphLayout({ series: [], from: 'x', to: 'y', width: 400, height: 200 }).lines[0]!.d).toBe(
      '',
    );
  });
});
