import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AnalyticsApi } from '../../../src/api/analyticsApi.ts';
import { clickTrendsAnswer, trendsAnswer } from './analyticsFixtures.ts';
import { renderAnalytics } from './renderAnalytics.tsx';

afterEach(cleanup);

const SLOW = { timeout: 5000 };

const chartName = () => screen.getByTestId('analytics-trend-chart').getAttribute('aria-label');

describe('Analytics trends', () => {
  it('opens the email trends at the default level with Total Opens and Total Open Rate; the metric and rate switch what is drawn', async () => {
    const emailTrends = vi.fn(async () => trendsAnswer());
    renderAnalytics({ analytics: { emailTrends } }, '/analytics/trends');
    await screen.findByTestId('analytics-trend-chart', {}, SLOW);
    expect(emailTrends).toHaveBeenCalledTimes(1);
    expect((screen.getByLabelText('Show by') as HTMLSelectElement).value).toBe('monthly');
    // Monthly total opens: 1000, 1005, 1010.
    expect(chartName()).toBe(
      'Total opens and total open rate per month from 2026-09-01 to 2026-11-01: 3,015 total opens.',
    );
    const legend = screen.getByRole('list', { name: 'Legend' });
    expect(legend.textContent).toContain('Total Opens 3,015');
    expect(legend.textContent).toContain('Total Open Rate');
    // The rate is drawn against its own axis, in percent.
    const rateTicks = screen.getAllByTestId('email-chart-rate-tick').map((t) => t.textContent);
    expect(rateTicks.length).toBeGreaterThan(1);
    for (const tick of rateTicks) expect(tick).toMatch(/^\d+(\.\d+)?%$/);

    const metric = screen.getByLabelText('Metric') as HTMLSelectElement;
    expect([...metric.options].map((o) => o.text)).toEqual([
      'Total Opens',
      'Unique Opens',
      'Total Clicks',
      'Unique Clicks',
      'Unsubscribed',
      'Bounced',
    ]);
    fireEvent.change(metric, { target: { value: 'unique_clicks' } });
    expect(chartName()).toBe(
      'Unique clicks and total open rate per month from 2026-09-01 to 2026-11-01: 3,003 unique clicks.',
    );
    const rate = screen.getByLabelText('Rate') as HTMLSelectElement;
    expect([...rate.options].map((o) => o.text)).toEqual(['Total Open Rate', 'Total Click Rate', 'No rate']);
    fireEvent.change(rate, { target: { value: 'total_click_rate' } });
    expect(chartName()).toContain('Unique clicks and total click rate per month');
    fireEvent.change(rate, { target: { value: 'none' } });
    expect(chartName()).toContain('Unique clicks per month');
    expect(screen.queryAllByTestId('email-chart-rate-tick')).toEqual([]);
    // Another level: weekly buckets.
    fireEvent.change(screen.getByLabelText('Show by'), { target: { value: 'weekly' } });
    expect(chartName()).toBe('Unique clicks per week from 2026-11-09 to 2026-11-23: 303 unique clicks.');
    // The choices change the drawing only: the trends were asked for once.
    expect(emailTrends).toHaveBeenCalledTimes(1);
  });

  it('shows the same numbers as a table (every metric and rate of the level), and back as a chart', async () => {
    renderAnalytics({ analytics: { emailTrends: async () => trendsAnswer() } }, '/analytics/trends');
    await screen.findByTestId('analytics-trend-chart', {}, SLOW);
    const tableButton = screen.getByRole('button', { name: 'Table' });
    expect(tableButton.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(tableButton);
    expect(tableButton.getAttribute('aria-pressed')).toBe('true');
    expect(screen.queryByTestId('analytics-trend-chart')).toBeNull();
    // The table has every measure: the metric and rate choices are the chart's.
    expect(screen.queryByLabelText('Metric')).toBeNull();
    expect(screen.queryByLabelText('Rate')).toBeNull();
    const table = screen.getByRole('table', { name: /Email trends, monthly/ });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
      'Period',
      'Total Opens',
      'Unique Opens',
      'Total Clicks',
      'Unique Clicks',
      'Unsubscribed',
      'Bounced',
      'Total Open Rate',
      'Total Click Rate',
    ]);
    const rows = screen.getAllByTestId('analytics-trends-row');
    expect(rows.map((r) => r.querySelector('td')?.textContent)).toEqual(['Sep 2026', 'Oct 2026', 'Nov 2026']);
    const october = within(rows[1]!);
    expect(october.getAllByText('1K')[0]?.getAttribute('title')).toBe('1,005');
    expect(october.getByText('12.5%')).toBeTruthy();
    expect(october.getByText('3.25%')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Chart' }));
    expect(screen.getByTestId('analytics-trend-chart')).toBeTruthy();
  });

  it('is read with the keyboard: the chart takes the focus and the arrow keys announce each bucket', async () => {
    renderAnalytics({ analytics: { emailTrends: async () => trendsAnswer() } }, '/analytics/trends');
    await screen.findByTestId('analytics-trend-chart', {}, SLOW);
    const plot = screen.getByRole('group', { name: 'Chart: use the arrow keys to read each month' });
    expect(plot.tabIndex).toBe(0);
    plot.focus();
    expect(document.activeElement).toBe(plot);
    const readout = screen.getByTestId('analytics-trend-chart-readout');
    expect(readout.getAttribute('aria-live')).toBe('polite');
    expect(readout.textContent).toBe('');
    fireEvent.keyDown(plot, { key: 'ArrowRight' });
    expect(readout.textContent).toBe('Sep 2026: 1,000 total opens, Total Open Rate 12.5%');
    expect(screen.getByTestId('email-chart-cursor')).toBeTruthy();
    fireEvent.keyDown(plot, { key: 'ArrowRight' });
    expect(readout.textContent).toBe('Oct 2026: 1,005 total opens, Total Open Rate 12.5%');
    fireEvent.keyDown(plot, { key: 'End' });
    expect(readout.textContent).toMatch(/^Nov 2026: 1,010 total opens/);
    fireEvent.keyDown(plot, { key: 'ArrowRight' });
    expect(readout.textContent).toMatch(/^Nov 2026/);
    fireEvent.keyDown(plot, { key: 'ArrowLeft' });
    expect(readout.textContent).toMatch(/^Oct 2026/);
    fireEvent.keyDown(plot, { key: 'Home' });
    expect(readout.textContent).toMatch(/^Sep 2026/);
    fireEvent.change(screen.getByLabelText('Show by'), { target: { value: 'weekly' } });
    fireEvent.keyDown(plot, { key: 'End' });
    expect(readout.textContent).toMatch(/^Week of Nov 23, 2026: 110 total opens/);
    fireEvent.keyDown(plot, { key: 'Escape' });
    expect(readout.textContent).toBe('');
    expect(screen.queryByTestId('email-chart-cursor')).toBeNull();
  });

  it('the click trends tab draws the clicks and click rates of click_trends_graph/', async () => {
    const clickTrends = vi.fn(async (_query: Parameters<AnalyticsApi['clickTrends']>[0]) =>
      clickTrendsAnswer(),
    );
    const { router } = renderAnalytics({ analytics: { clickTrends } }, '/analytics/trends?campaign_id=4');
    await screen.findByTestId('analytics-trend-chart', {}, SLOW);
    const nav = screen.getByRole('navigation', { name: 'Trends reports' });
    expect(within(nav).getByRole('link', { name: 'Email trends' }).getAttribute('aria-current')).toBe('page');
    fireEvent.click(within(nav).getByRole('link', { name: 'Click trends' }));
    await waitFor(() => expect(clickTrends).toHaveBeenCalled(), SLOW);
    expect(router.state.location.pathname).toBe('/analytics/trends/click_trends_graph');
    expect(clickTrends.mock.calls[0]?.[0]).toMatchObject({ campaignIds: [4] });
    await waitFor(() => expect(chartName()).toMatch(/^Total clicks and total click rate per month/), SLOW);
    const metric = screen.getByLabelText('Metric') as HTMLSelectElement;
    expect([...metric.options].map((o) => o.text)).toEqual(['Total Clicks', 'Unique Clicks']);
    const rate = screen.getByLabelText('Rate') as HTMLSelectElement;
    expect([...rate.options].map((o) => o.text)).toEqual([
      'Total Click Rate',
      'Unique Click Rate',
      'No rate',
    ]);
    fireEvent.change(rate, { target: { value: 'unique_click_rate' } });
    fireEvent.click(screen.getByRole('button', { name: 'Table' }));
    expect(within(screen.getAllByTestId('analytics-trends-row')[0]!).getByText('2.5%')).toBeTruthy();

    // By article: the chosen article's clicks per bucket, without rates (an article has no deliveries).
    const article = screen.getByLabelText('Article') as HTMLSelectElement;
    expect([...article.options].map((o) => o.text)).toEqual([
      'All links and articles',
      'Spring launch guide',
    ]);
    fireEvent.change(article, { target: { value: '31' } });
    const row = within(screen.getAllByTestId('analytics-trends-row')[0]!);
    expect(row.getByText('7')).toBeTruthy();
    expect(row.getByText('3')).toBeTruthy();
    expect(row.queryByText('2.5%')).toBeNull();
    expect(screen.getByRole('table').textContent).toMatch(/Click trends of Spring launch guide/);
    fireEvent.click(screen.getByRole('button', { name: 'Chart' }));
    expect((screen.getByLabelText('Rate') as HTMLSelectElement).disabled).toBe(true);
    await waitFor(() => expect(chartName()).toMatch(/^Total clicks per month/), SLOW);
  });

  it('a period with nothing in it says so; a failed load offers Try again', async () => {
    const quiet = trendsAnswer();
    for (const zoom of quiet.data.levels) {
      const level = quiet.data[zoom];
      if (level) for (const key of Object.keys(level.data)) level.data[key] = level.x_axis.map(() => 0);
    }
    renderAnalytics({ analytics: { emailTrends: async () => quiet } }, '/analytics/trends');
    expect(await screen.findByText('No activity in this period', {}, SLOW)).toBeTruthy();
    cleanup();
    let fail = true;
    renderAnalytics(
      {
        analytics: {
          emailTrends: async () => {
            if (fail) throw new Error('The server is down.');
            return trendsAnswer();
          },
        },
      },
      '/analytics/trends',
    );
    expect(await screen.findByText('The email trends could not be loaded', {}, SLOW)).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('analytics-trend-chart', {}, SLOW)).toBeTruthy();
  });
});
