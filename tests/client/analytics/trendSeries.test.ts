import { describe, expect, it } from 'vitest';
import {
  chosenMeasures,
  defaultTrendChoice,
  NO_RATE,
  shownZoom,
  TREND_REPORTS,
  trendChart,
  trendReportOf,
} from '../../../src/modules/analytics/trendSeries.ts';
import { emailEventChartLayout } from '../../../src/modules/shared/utils/emailEventChartLayout.ts';

const [EMAIL, CLICK] = TREND_REPORTS;
const level = {
  x_axis: ['2026-11-02', '2026-11-09'],
  data: {
    total_opens: [120, 80],
    unique_clicks: [9, 4],
    total_open_rate: [24.5, 16],
    total_click_rate: [3, 1.5],
  },
};

describe('the trends series, metric and rate selection', () => {
  it('names its reports by the address tab: email trends by default, an unknown tab none', () => {
    expect(trendReportOf(undefined)).toBe(EMAIL);
    expect(trendReportOf('email_trends_graph')).toBe(EMAIL);
    expect(trendReportOf('click_trends_graph')).toBe(CLICK);
    expect(trendReportOf('opens')).toBeNull();
  });

  it('opens on the first metric and rate at the default zoom; a chosen level is kept while the period spans it', () => {
    expect(defaultTrendChoice(EMAIL)).toEqual({ metric: 'total_opens', rate: 'total_open_rate', zoom: null });
    expect(defaultTrendChoice(CLICK)).toEqual({
      metric: 'total_clicks',
      rate: 'total_click_rate',
      zoom: null,
    });
    expect(shownZoom(null, ['daily', 'weekly', 'monthly'])).toBe('monthly');
    expect(shownZoom(null, ['daily', 'weekly', 'monthly', 'quarterly'])).toBe('monthly');
    expect(shownZoom('weekly', ['daily', 'weekly', 'monthly'])).toBe('weekly');
    expect(shownZoom('daily', ['weekly', 'monthly', 'quarterly', 'yearly'])).toBe('yearly');
  });

  it('draws the chosen metric as a count and the chosen rate in percent, one point per bucket', () => {
    const chart = trendChart(EMAIL, { metric: 'unique_clicks', rate: 'total_open_rate', zoom: null }, level);
    expect(chart.metrics.map((m) => [m.metric, m.label, m.unit])).toEqual([
      ['unique_clicks', 'Unique Clicks', 'count'],
      ['total_open_rate', 'Total Open Rate', 'percent'],
    ]);
    expect(chart.series[0]?.points).toEqual([
      { date: '2026-11-02', unique_clicks: 9, total_open_rate: 24.5 },
      { date: '2026-11-09', unique_clicks: 4, total_open_rate: 16 },
    ]);
    // Without a rate only the metric; an unknown metric falls back to the report's first.
    const alone = trendChart(EMAIL, { metric: 'nonsense', rate: NO_RATE, zoom: null }, level);
    expect(alone.metrics.map((m) => m.metric)).toEqual(['total_opens']);
    expect(chosenMeasures(CLICK, { metric: 'unique_clicks', rate: 'unique_click_rate', zoom: null })).toEqual(
      [
        { key: 'unique_clicks', label: 'Unique Clicks' },
        { key: 'unique_click_rate', label: 'Unique Click Rate' },
      ],
    );
  });

  it('the chart puts counts on the left axis and the rate on a right axis in percent', () => {
    const chart = trendChart(EMAIL, defaultTrendChoice(EMAIL), level);
    const layout = emailEventChartLayout({
      ...chart,
      from: '2026-11-02',
      to: '2026-11-09',
      width: 600,
      height: 260,
    });
    expect(layout.empty).toBe(false);
    expect(layout.lines.map((l) => l.metric)).toEqual(['total_opens', 'total_open_rate']);
    expect(layout.margin.right).toBeGreaterThan(16);
    expect(layout.yTicks.at(-1)?.label).toBe('120');
    expect(layout.rateTicks[0]).toEqual({ y: layout.inner.height, label: '0%' });
    expect(layout.rateTicks.every((t) => t.label.endsWith('%'))).toBe(true);
    // The highest rate (24.5 %) is near the top of the rate axis, the highest count at the top of its own.
    const rateDot = layout.dots.find((d) => d.metric === 'total_open_rate' && d.value === 24.5);
    const countDot = layout.dots.find((d) => d.metric === 'total_opens' && d.value === 120);
    expect(countDot?.cy).toBeCloseTo(0, 5);
    expect(rateDot?.cy).toBeLessThan(layout.inner.height * 0.2);
    expect(layout.totals).toEqual({ total_opens: 200, total_open_rate: 40.5 });
  });
});
