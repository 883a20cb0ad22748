import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { localToday, shiftDay } from '../../../domain/analyticsPeriod.ts';
import type { AnalyticsPageQuery } from '../../../src/api/analyticsApi.ts';
import { emailGraphAnswer, workflowGraphAnswer } from './analyticsFixtures.ts';
import { renderAnalytics } from './renderAnalytics.tsx';

afterEach(cleanup);

const SLOW = { timeout: 5000 };

describe('Analytics emails and workflows sections', () => {
  it('the emails section lists the filter’s emails with their figures, 20 a page', async () => {
    const emailGraph = vi.fn(async (query: AnalyticsPageQuery) =>
      emailGraphAnswer(
        query.offset === 0
          ? [{ id: 7, name: 'November digest', sent: 1_500_000, opens: 300, clicks: 40 }]
          : [],
      ),
    );
    renderAnalytics({ analytics: { emailGraph } }, '/analytics/emails?campaign_id=4');
    const rows = await screen.findAllByTestId('analytics-email-row', {}, SLOW);
    expect(rows).toHaveLength(1);
    const today = localToday();
    expect(emailGraph.mock.calls.at(-1)?.[0]).toMatchObject({
      limit: 20,
      offset: 0,
      campaignIds: [4],
      startDate: shiftDay(today, -89),
      endDate: today,
    });
    const row = within(rows[0]!);
    expect(row.getByRole('link', { name: 'November digest' }).getAttribute('href')).toMatch(
      /^\/campaigns\/campaign\?campaign_id=/,
    );
    expect(row.getByText('1.5M').getAttribute('title')).toBe('1,500,000');
    expect(screen.getByRole('link', { name: 'Emails' }).getAttribute('aria-current')).toBe('page');
  });

  it('the workflows section counts every workflow over all time in workflow mode, each with its status', async () => {
    const workflowGraph = vi.fn(async (_query: AnalyticsPageQuery) =>
      workflowGraphAnswer(
        [
          { id: 11, name: 'Welcome series', status: 'active', sent: 2400, opens: 900, clicks: 80 },
          { id: 12, name: 'Win-back', status: 'inactive', sent: 300, opens: 40, clicks: 2 },
        ],
        { start_date: null, end_date: '2026-11-28', time_zone: 'UTC' },
      ),
    );
    renderAnalytics({ analytics: { workflowGraph } }, '/analytics/workflows?campaign_id=4');
    const rows = await screen.findAllByTestId('analytics-workflow-row', {}, SLOW);
    expect(rows).toHaveLength(2);
    // Workflow mode: no campaigns, and no dates (all time) unless a period was chosen.
    expect(workflowGraph.mock.calls.at(-1)?.[0]).toMatchObject({
      campaignIds: [],
      workflowIds: [],
      startDate: null,
      endDate: null,
      limit: 20,
    });
    expect(screen.getByTestId('analytics-workflows-period').textContent).toBe('All time');
    // The filter bar says what the report counts: all time, every workflow (campaigns do not apply).
    const summary = within(screen.getByTestId('analytics-filter-summary'));
    expect(summary.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'All time',
      'All workflows',
      'All emails',
    ]);
    const first = within(rows[0]!);
    expect(first.getByRole('link', { name: 'Welcome series' }).getAttribute('href')).toMatch(
      /^\/automation\/details\?workflow_id=(%22)?11/,
    );
    expect(first.getByText('Active')).toBeTruthy();
    expect(within(rows[1]!).getByText('Inactive')).toBeTruthy();
    cleanup();
    workflowGraph.mockClear();
    renderAnalytics({ analytics: { workflowGraph } }, '/analytics/workflows?date=week');
    await waitFor(() => expect(workflowGraph).toHaveBeenCalled(), SLOW);
    const today = localToday();
    expect(workflowGraph.mock.calls.at(-1)?.[0]).toMatchObject({
      startDate: shiftDay(today, -6),
      endDate: today,
    });
    expect(within(screen.getByTestId('analytics-filter-summary')).getByText('Week')).toBeTruthy();
  });

  it('a new organisation’s workflows section says no workflow has sent yet', async () => {
    renderAnalytics(
      { analytics: { workflowGraph: async () => workflowGraphAnswer([]) } },
      '/analytics/workflows',
    );
    expect(await screen.findByText('No workflow has sent an email yet', {}, SLOW)).toBeTruthy();
  });
});
