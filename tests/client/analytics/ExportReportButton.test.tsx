import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../src/api/ApiError.ts';
import type { AnalyticsApi } from '../../../src/api/analyticsApi.ts';
import { campaignRow, campaignsAnswer, dashboardAnswer, statsOf } from './analyticsFixtures.ts';
import { renderAnalytics } from './renderAnalytics.tsx';

afterEach(cleanup);

const SLOW = { timeout: 5000 };

const exported = () =>
  vi.fn(async () => ({
    success: true as const,
    exported: true as const,
    export_id: 4,
    email_address: 'demo@workbench.test',
  }));

/** Opens the export menu (named after the report) and picks a format. */
async function exportAs(report: string, format: 'CSV file' | 'Excel file (XLSX)') {
  const trigger = await screen.findByRole('button', { name: `Export ${report}` }, SLOW);
  await waitFor(() => expect((trigger as HTMLButtonElement).disabled).toBe(false), SLOW);
  fireEvent.click(trigger);
  fireEvent.click(screen.getByRole('menuitem', { name: format }));
}

describe('the export control', () => {
  it('exports the dashboard as CSV or XLSX with its filter, and says where the link went', async () => {
    const exportReport = exported();
    renderAnalytics({ analytics: { exportReport } }, '/analytics?campaign_id=3');
    await screen.findByTestId('analytics-stats', {}, SLOW);
    await exportAs('the dashboard', 'Excel file (XLSX)');
    expect(
      await screen.findByText('An email has been sent to demo@workbench.test with the download link.'),
    ).toBeTruthy();
    expect(exportReport).toHaveBeenCalledWith(
      expect.objectContaining({
        call: 'analytics_dashboard',
        format: 'xlsx',
        fields: {},
        query: expect.objectContaining({ campaignIds: [3] }),
      }),
      expect.anything(),
    );
    await exportAs('the dashboard', 'CSV file');
    await waitFor(() =>
      expect(exportReport).toHaveBeenLastCalledWith(
        expect.objectContaining({ call: 'analytics_dashboard', format: 'csv' }),
        expect.anything(),
      ),
    );
  });

  it('is disabled while every stat is zero', async () => {
    const exportReport = exported();
    renderAnalytics({
      analytics: { exportReport, dashboard: vi.fn(async () => dashboardAnswer(statsOf())) },
    });
    await screen.findByRole('heading', { name: 'No emails sent in this period' }, SLOW);
    const button = screen.getByRole('button', { name: 'Export the dashboard' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText('Nothing to export: the report counts nothing in this period.')).toBeTruthy();
  });

  it('is disabled when the report failed to load, and enabled once it loads', async () => {
    let fail = true;
    const dashboard = vi.fn(async () => {
      if (fail) throw new ApiError({ kind: 'http', status: 500, message: 'The server is down.' });
      return dashboardAnswer(statsOf({ sent: 10, delivered: 10 }));
    });
    renderAnalytics({ analytics: { exportReport: exported(), dashboard } });
    const retry = await screen.findByRole('button', { name: 'Try again' }, SLOW);
    const button = screen.getByRole('button', { name: 'Export the dashboard' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(screen.getByText('The report could not be loaded, so there is nothing to export.')).toBeTruthy();
    fail = false;
    fireEvent.click(retry);
    await waitFor(
      () =>
        expect(
          (screen.getByRole('button', { name: 'Export the dashboard' }) as HTMLButtonElement).getAttribute(
            'aria-haspopup',
          ),
        ).toBe('menu'),
      SLOW,
    );
  });

  it('shows why an export could not be started', async () => {
    const exportReport = vi.fn(async () => {
      throw new ApiError({ kind: 'http', status: 400, message: 'export_format must be csv or xlsx.' });
    });
    renderAnalytics({ analytics: { exportReport: exportReport as unknown as AnalyticsApi['exportReport'] } });
    await screen.findByTestId('analytics-stats', {}, SLOW);
    await exportAs('the dashboard', 'CSV file');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The export could not be started');
    expect(alert.textContent).toContain('export_format must be csv or xlsx.');
  });

  it('exports the campaigns report with its search, and is disabled when it lists no campaign', async () => {
    const exportReport = exported();
    const campaignsAnalytics = vi.fn(async (q: { search: string }) =>
      q.search === 'none' ? campaignsAnswer(0, []) : campaignsAnswer(1, [campaignRow(3)]),
    );
    renderAnalytics(
      { analytics: { exportReport, campaignsAnalytics: campaignsAnalytics as never } },
      '/analytics/campaigns-assets?q=autumn',
    );
    await screen.findAllByTestId('analytics-campaign-row', {}, SLOW);
    await exportAs('the campaigns report', 'CSV file');
    await waitFor(() =>
      expect(exportReport).toHaveBeenCalledWith(
        expect.objectContaining({
          call: 'campaigns_analytics',
          format: 'csv',
          fields: { search_campaign: 'autumn' },
        }),
        expect.anything(),
      ),
    );
    fireEvent.change(screen.getByLabelText('Search campaigns'), { target: { value: 'none' } });
    await screen.findByText('No campaign matches', {}, SLOW);
    const button = screen.getByRole('button', { name: 'Export the campaigns report' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
  });
});
