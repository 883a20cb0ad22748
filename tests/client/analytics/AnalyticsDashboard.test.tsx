import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { localToday, shiftDay } from '../../../domain/analyticsPeriod.ts';
import { ApiError } from '../../../src/api/ApiError.ts';
import type { AnalyticsApi } from '../../../src/api/analyticsApi.ts';
import {
  busyStats,
  campaignGraphAnswer,
  dashboardAnswer,
  emailGraphAnswer,
  statsOf,
  trendsAnswer,
} from './analyticsFixtures.ts';
import { renderAnalytics } from './renderAnalytics.tsx';

afterEach(cleanup);

const SLOW = { timeout: 5000 };

function renderDashboard(stubs: Partial<AnalyticsApi>, at = '/analytics') {
  return renderAnalytics({ analytics: stubs }, at).api;
}

describe('Analytics dashboard', () => {
  it('shows the stats in K/M/B with the exact figure and their rates, over the last quarter', async () => {
    const api = renderDashboard({});
    const stats = await screen.findByTestId('analytics-stats', {}, SLOW);
    const card = (key: string) => stats.querySelector(`[data-stat="${key}"]`) as HTMLElement;
    expect(within(card('sent')).getByText('2.5M').getAttribute('title')).toBe('2,500,000');
    expect(card('sent').textContent).toContain('2,500,000');
    expect(within(card('unique_opens')).getByText('1.5K')).toBeTruthy();
    expect(card('unique_opens').textContent).toContain('12.35% open rate');
    expect(card('delivered').textContent).toContain('96% delivered');
    expect(within(card('opens')).getByText('999')).toBeTruthy();
    expect(within(card('total_contacts')).getByText('1.2B')).toBeTruthy();
    const today = localToday();
    expect(api.dashboard).toHaveBeenCalledWith(
      expect.objectContaining({ startDate: shiftDay(today, -89), endDate: today, campaignIds: [] }),
      expect.anything(),
    );
    expect(screen.getByText('4 emails in 2 campaigns · 12.35% open rate · 0% click rate')).toBeTruthy();
  });

  it('draws the email and campaign graphs, most sent first, with their figures', async () => {
    renderDashboard({});
    const emails = await screen.findByTestId('analytics-email-graph', {}, SLOW);
    const rows = within(emails).getAllByRole('listitem');
    expect(rows.map((r) => r.querySelector('.engagement-bars__name')?.textContent)).toEqual([
      'November digest',
      'Webinar invite',
    ]);
    expect(within(rows[0]!).getByText('1.2K').getAttribute('title')).toBe('1,200');
    const campaigns = await screen.findByTestId('analytics-campaign-graph', {}, SLOW);
    expect(campaigns.textContent).toContain('Autumn launch');
  });

  it('opens the trends at the default zoom level and shows another level on request', async () => {
    renderDashboard({});
    const zoom = (await screen.findByLabelText('Show by', {}, SLOW)) as HTMLSelectElement;
    expect(zoom.value).toBe('monthly');
    const table = screen.getByRole('table', { name: /Email trends, monthly/ });
    // Each row names its bucket as a reader says it (the month of 2026-09-01 is "Sep 2026").
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.querySelector('td')?.textContent),
    ).toEqual(['Sep 2026', 'Oct 2026', 'Nov 2026']);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
      'Period',
      'Sent',
      'Total Opens',
      'Unique Opens',
      'Total Clicks',
      'Unique Clicks',
      'Unsubscribed',
      'Bounced',
      'Total Open Rate',
      'Total Click Rate',
    ]);
    expect(within(table).getAllByText('1K')[0]?.getAttribute('title')).toBe('1,000');
    fireEvent.change(zoom, { target: { value: 'weekly' } });
    const weekly = screen.getByRole('table', { name: /Email trends, weekly/ });
    expect(within(weekly).getByText('Week of Nov 23, 2026')).toBeTruthy();
    expect(screen.getByTestId('analytics-trends-chart').getAttribute('aria-label')).toContain(
      'from 2026-11-09 to 2026-11-23',
    );
  });

  it('a period with nothing sent says what to do next and links to Campaigns', async () => {
    renderDashboard({ dashboard: vi.fn(async () => dashboardAnswer(statsOf())) });
    const title = await screen.findByText('No emails sent in this period', {}, SLOW);
    const panel = title.closest('.ui-state') as HTMLElement;
    expect(within(panel).getByRole('link', { name: 'Go to Campaigns' }).getAttribute('href')).toBe(
      '/campaigns',
    );
    expect(screen.queryByTestId('analytics-stats')).toBeNull();
  });

  it('shows loading, then a failed load with Try again, which loads again', async () => {
    let fail = true;
    let answer: () => void = () => {};
    const dashboard = vi.fn(
      () =>
        new Promise<ReturnType<typeof dashboardAnswer>>((resolve, reject) => {
          answer = () =>
            fail
              ? reject(new ApiError({ kind: 'http', status: 500, message: 'The server is down.' }))
              : resolve(dashboardAnswer(busyStats));
        }),
    );
    renderDashboard({ dashboard });
    expect(await screen.findByText('Loading the stats…', {}, SLOW)).toBeTruthy();
    answer();
    expect(await screen.findByText('The stats could not be loaded', {}, SLOW)).toBeTruthy();
    expect(screen.getByText('The server is down.')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(dashboard).toHaveBeenCalledTimes(2));
    answer();
    expect(await screen.findByTestId('analytics-stats', {}, SLOW)).toBeTruthy();
  });

  it('after an outage, one Try again loads every report of the screen that failed', async () => {
    let down = true;
    /** A call that fails while the server is down, else answers. */
    const whileUp = <T,>(answer: () => T) =>
      vi.fn(async () => {
        if (down) throw new ApiError({ kind: 'network', status: 0, message: 'No answer from the server.' });
        return answer();
      });
    renderDashboard({
      dashboard: whileUp(() => dashboardAnswer(busyStats)),
      emailGraph: whileUp(() =>
        emailGraphAnswer([{ id: 7, name: 'November digest', sent: 1200, opens: 300, clicks: 40 }]),
      ),
      campaignGraph: whileUp(() =>
        campaignGraphAnswer([{ id: 3, name: 'Autumn launch', sent: 1800, opens: 390, clicks: 48 }]),
      ),
      emailTrends: whileUp(() => trendsAnswer()),
    });
    expect(await screen.findByText('The stats could not be loaded', {}, SLOW)).toBeTruthy();
    await screen.findByText('The email graph could not be loaded', {}, SLOW);
    await screen.findByText('The campaign graph could not be loaded', {}, SLOW);
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Try again' })).toHaveLength(4));

    down = false;
    fireEvent.click(screen.getAllByRole('button', { name: 'Try again' })[0]!);
    expect(await screen.findByTestId('analytics-stats', {}, SLOW)).toBeTruthy();
    expect(await screen.findByTestId('analytics-email-graph', {}, SLOW)).toBeTruthy();
    expect(await screen.findByTestId('analytics-campaign-graph', {}, SLOW)).toBeTruthy();
    expect(await screen.findByRole('table', { name: /Email trends/ }, SLOW)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });
});
