import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AnalyticsQuery } from '../../../domain/analyticsFilterSearch.ts';
import { localToday, shiftDay } from '../../../domain/analyticsPeriod.ts';
import type { AnalyticsDropdownEmail } from '../../../domain/analyticsTypes.ts';
import { ApiError } from '../../../src/api/ApiError.ts';
import type { AnalyticsPageQuery } from '../../../src/api/analyticsApi.ts';
import { renderAnalytics } from './renderAnalytics.tsx';
import '../jsdomDialog.ts';

afterEach(cleanup);

const SLOW = { timeout: 5000 };

const campaignWorkflowDropdown = vi.fn(async () => ({
  success: true as const,
  data: {
    campaigns: [
      { campaign_id: 4, campaign_name: 'Autumn launch', share_type: null },
      { campaign_id: 5, campaign_name: 'Partner outreach', share_type: null },
      { campaign_id: 6, campaign_name: 'Shared profiles', share_type: 1 },
    ],
    workflows: [],
  },
}));
const email = (id: number, name: string) =>
  ({ email_id: id, email_name: name, email_subject: `${name} subject` }) as AnalyticsDropdownEmail;
const EMAILS = [email(11, 'Launch day'), email(12, 'Launch recap'), email(13, 'Webinar')];
const emailsDropdown = vi.fn(async (query: AnalyticsPageQuery & { search: string }) => {
  const rows = EMAILS.filter((e) => e.email_name.toLowerCase().includes(query.search.toLowerCase()));
  return {
    success: true as const,
    data: rows,
    ai_group: [],
    total_count: rows.length,
    selected_count: rows.length,
    period: { start_date: null, end_date: '2026-11-28', time_zone: 'UTC' },
  };
});
const dashboardWorkflows = vi.fn(async () => ({
  success: true as const,
  data: [{ id: 7, name: 'Welcome series', status: 'active' }],
  total_count: 1,
}));

const saveFilter = vi.fn(async () => ({ success: true as const, id: 31 }));
const savedFilter = vi.fn(async (id: number) => ({
  success: true as const,
  data: {
    id,
    name: 'temporary_saved_filter',
    is_temporary: true,
    saved_data: {
      start_date: '2026-09-01',
      end_date: '2026-10-01',
      is_workflow: false,
      all_campaigns: false,
      daily_IQ: false,
      share_profile: false,
      weekly_account_insights: false,
      campaign_ids: [4],
      include_emails: [],
      workflow_ids: [],
      exclude_campaign_ids: [],
      exclude_emails: [12],
      applied_date_object: { value: 'custom', label: 'Custom' },
      is_test_email: false,
      select_all: false,
      unselect_all: true,
      search_list: [{ term: 'launch', select_all: true, email_ids: [] }],
    },
  },
}));

function renderFiltered(at = '/analytics') {
  return renderAnalytics(
    { analytics: { campaignWorkflowDropdown, emailsDropdown, dashboardWorkflows, saveFilter, savedFilter } },
    at,
  );
}

const lastQuery = (fn: { mock: { calls: unknown[][] } }) => fn.mock.calls.at(-1)?.[0] as AnalyticsQuery;
const summary = () =>
  [...screen.getByTestId('analytics-filter-summary').querySelectorAll('li')].map((li) => li.textContent);

async function openFilter() {
  fireEvent.click(await screen.findByRole('button', { name: 'Filter' }, SLOW));
  return screen.getByRole('dialog', { name: 'Filter analytics' });
}

describe('Analytics filter', () => {
  it('opens with the filter the address names: campaign_id and the period', async () => {
    const { api } = renderFiltered('/analytics?campaign_id=4,5&date=month&test_email=1');
    await screen.findByTestId('analytics-stats', {}, SLOW);
    const today = localToday();
    expect(lastQuery(vi.mocked(api.dashboard))).toMatchObject({
      campaignIds: [4, 5],
      startDate: shiftDay(today, -29),
      endDate: today,
      testEmails: true,
    });
    expect(summary()).toEqual(['Month', '2 campaigns', 'All emails', 'Test sends']);
  });

  it('edits stay selected until Apply, which reloads the reports and writes the address; Cancel drops them', async () => {
    const { api, router } = renderFiltered();
    await screen.findByTestId('analytics-stats', {}, SLOW);
    let dialog = await openFilter();
    fireEvent.change(within(dialog).getByLabelText('Period'), { target: { value: 'week' } });
    fireEvent.click(await within(dialog).findByRole('checkbox', { name: 'Autumn launch' }, SLOW));
    expect(within(dialog).getByRole('tab', { name: 'Campaigns (1)' })).toBeTruthy();
    // The fixed pseudo campaigns are not offered.
    expect(within(dialog).queryByRole('checkbox', { name: 'Shared profiles' })).toBeNull();
    // The emails offered are those of the campaign and period being chosen.
    fireEvent.click(within(dialog).getByRole('tab', { name: 'Emails' }));
    await within(dialog).findByRole('checkbox', { name: 'Webinar' }, SLOW);
    expect(emailsDropdown.mock.calls.at(-1)?.[0]).toMatchObject({
      campaignIds: [4],
      startDate: shiftDay(localToday(), -6),
      emails: { base: 'default' },
    });
    const calls = vi.mocked(api.dashboard).mock.calls.length;
    expect(summary()).toEqual(['1 QTR', 'All campaigns', 'All emails']);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply filter' }));
    await waitFor(() => expect(vi.mocked(api.dashboard).mock.calls.length).toBe(calls + 1));
    expect(lastQuery(vi.mocked(api.dashboard))).toMatchObject({
      campaignIds: [4],
      startDate: shiftDay(localToday(), -6),
    });
    // Each report reloads on its own: the trends' request may come after the dashboard's.
    await waitFor(() => expect(lastQuery(vi.mocked(api.emailTrends))).toMatchObject({ campaignIds: [4] }));
    await waitFor(() => expect(summary()).toEqual(['Week', '1 campaign', 'All emails']));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ campaign_id: 4, date: 'week' }));

    dialog = await openFilter();
    fireEvent.change(within(dialog).getByLabelText('Period'), { target: { value: 'day' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    dialog = await openFilter();
    expect((within(dialog).getByLabelText('Period') as HTMLSelectElement).value).toBe('week');
    expect(vi.mocked(api.dashboard).mock.calls.length).toBe(calls + 1);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    // Back returns to the filter before Apply.
    router.history.back();
    await waitFor(() => expect(summary()).toEqual(['1 QTR', 'All campaigns', 'All emails']));
    // The reload follows the summary (a moment later under load).
    await waitFor(() =>
      expect(lastQuery(vi.mocked(api.dashboard))).toMatchObject({
        campaignIds: [],
        startDate: shiftDay(localToday(), -89),
      }),
    );
  });

  it('choosing a workflow clears the campaigns and counts all time; the address carries workflow_id', async () => {
    const { api, router } = renderFiltered('/analytics?campaign_id=4');
    await screen.findByTestId('analytics-stats', {}, SLOW);
    const dialog = await openFilter();
    fireEvent.click(within(dialog).getByRole('tab', { name: 'Workflows' }));
    fireEvent.click(await within(dialog).findByRole('checkbox', { name: 'Welcome series' }, SLOW));
    expect(within(dialog).getByRole('tab', { name: 'Campaigns' })).toBeTruthy();
    expect((within(dialog).getByLabelText('Period') as HTMLSelectElement).value).toBe('all');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply filter' }));
    await waitFor(() =>
      expect(lastQuery(vi.mocked(api.dashboard))).toMatchObject({
        workflowIds: [7],
        campaignIds: [],
        startDate: null,
      }),
    );
    await waitFor(() => expect(router.state.location.search).toEqual({ workflow_id: 7 }));
    expect(summary()).toEqual(['All time', '1 workflow', 'All emails']);
    fireEvent.click(screen.getByRole('button', { name: 'Clear filter' }));
    await waitFor(() =>
      expect(lastQuery(vi.mocked(api.dashboard))).toMatchObject({ workflowIds: [], campaignIds: [] }),
    );
    await waitFor(() => expect(router.state.location.search).toEqual({}));
  });

  it('select all and clear all of emails, with and without a search', async () => {
    const { api, router } = renderFiltered();
    await screen.findByTestId('analytics-stats', {}, SLOW);
    const dialog = await openFilter();
    fireEvent.click(within(dialog).getByRole('tab', { name: 'Emails' }));
    const box = (name: string) =>
      within(dialog).findByRole('checkbox', { name }, SLOW) as Promise<HTMLInputElement>;
    expect((await box('Webinar')).checked).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Clear all' }));
    expect((await box('Webinar')).checked).toBe(false);
    expect(within(dialog).getByText('No emails')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Search emails'), { target: { value: 'launch' } });
    const selectMatching = await within(dialog).findByRole(
      'button',
      { name: 'Select all matching “launch”' },
      SLOW,
    );
    await waitFor(() => expect(within(dialog).queryByRole('checkbox', { name: 'Webinar' })).toBeNull());
    fireEvent.click(selectMatching);
    expect((await box('Launch day')).checked).toBe(true);
    fireEvent.click(await box('Launch recap'));
    expect(within(dialog).getByText('all matching “launch”, but 1 email')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply filter' }));
    // The parameters cannot carry a search: the filter is saved and its id goes in the address.
    await waitFor(() => expect(router.state.location.search).toEqual({ fs_id: 31 }));
    expect(saveFilter.mock.calls.at(-1)?.slice(0, 2)).toMatchObject([
      { emails: { base: 'none', exclude: [12], searches: [{ term: 'launch', select_all: true }] } },
      { value: 'qtr', label: '1 QTR' },
    ]);
    await waitFor(() =>
      expect(lastQuery(vi.mocked(api.dashboard)).emails).toEqual({
        base: 'none',
        include: [],
        exclude: [12],
        searches: [{ term: 'launch', select_all: true, email_ids: [] }],
      }),
    );
  });

  it('a link with fs_id opens the saved filter: the reports count what it keeps', async () => {
    // Only this test's saves count (an earlier test's default quarter starts on 2026-09-01 when run on
    // 2026-11-29).
    saveFilter.mockClear();
    const { api, router } = renderFiltered('/analytics?fs_id=31');
    await waitFor(() => expect(savedFilter).toHaveBeenCalledWith(31, expect.anything()));
    await waitFor(() =>
      expect(lastQuery(vi.mocked(api.dashboard))).toMatchObject({
        startDate: '2026-09-01',
        endDate: '2026-10-01',
        campaignIds: [4],
        emails: {
          base: 'none',
          exclude: [12],
          searches: [{ term: 'launch', select_all: true, email_ids: [] }],
        },
      }),
    );
    expect(summary()).toEqual([
      '2026-09-01 to 2026-10-01',
      '1 campaign',
      'all matching “launch”, but 1 email',
    ]);
    expect(router.state.location.search).toMatchObject({ fs_id: 31, campaign_id: 4, date: 'custom' });
    expect(saveFilter).not.toHaveBeenCalledWith(
      expect.objectContaining({ startDate: '2026-09-01' }),
      expect.anything(),
      expect.anything(),
    );
  });

  it('a saved filter that cannot be opened (another organisation’s) says so and shows the default filter', async () => {
    const { api } = renderAnalytics(
      {
        analytics: {
          campaignWorkflowDropdown,
          savedFilter: async () => {
            throw new ApiError({ kind: 'http', status: 404, message: 'Saved filter not found.' });
          },
        },
      },
      '/analytics?fs_id=99',
    );
    expect(await screen.findByText('This report link’s filter could not be opened', {}, SLOW)).toBeTruthy();
    expect(screen.getByText(/Saved filter not found\./)).toBeTruthy();
    expect(summary()).toEqual(['1 QTR', 'All campaigns', 'All emails']);
    expect(lastQuery(vi.mocked(api.dashboard))).toMatchObject({
      campaignIds: [],
      emails: { base: 'default' },
    });
  });
});
