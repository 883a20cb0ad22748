import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AccountInsightRow, ListAnalyticsRow } from '../../../domain/analyticsListInsightTypes.ts';
import { ApiError } from '../../../src/api/ApiError.ts';
import type { AnalyticsApi } from '../../../src/api/analyticsApi.ts';
import { renderAnalytics } from './renderAnalytics.tsx';

afterEach(cleanup);

const SLOW = { timeout: 5000 };
const PERIOD = { start_date: null, end_date: '2026-11-28', time_zone: 'UTC' };

const listRow = (id: number, over: Partial<ListAnalyticsRow> = {}): ListAnalyticsRow => ({
  list_id: id,
  list_name: `List ${id}`,
  contacts: 10,
  sent: 100,
  delivered: 96,
  opens: 50,
  clicks: 12,
  bounced: 4,
  unsubscribed: 1,
  unique_opens: 40,
  unique_clicks: 9,
  delivered_rate: 96,
  open_rate: 41.67,
  click_rate: 9.38,
  total_open_rate: 52.08,
  total_click_rate: 12.5,
  bounce_rate: 4,
  unsubscribe_rate: 1.04,
  ...over,
});

type ListsAsked = Parameters<AnalyticsApi['listsAnalytics']>[0];
/** 30 lists, a page at a time; a search keeps those whose name has the term. */
const listsAnalytics = vi.fn(async (query: ListsAsked) => {
  const all = Array.from({ length: 30 }, (_, i) =>
    listRow(i + 1, i === 0 ? { list_name: 'Newsletter Readers', sent: 1_500_000 } : {}),
  );
  const rows = all.filter((r) => r.list_name.toLowerCase().includes(query.search.toLowerCase()));
  return {
    success: true as const,
    total_count: rows.length,
    data: rows.slice(query.offset, query.offset + query.limit),
    period: PERIOD,
  };
});
const listsAsked = () => listsAnalytics.mock.calls.at(-1)?.[0] as ListsAsked;

describe('the Lists report', () => {
  it('lists 20 lists a page with their sends, opens, clicks and rates; each name opens its list', async () => {
    listsAnalytics.mockClear();
    renderAnalytics({ analytics: { listsAnalytics } }, '/analytics/lists?date=all');
    const rows = await screen.findAllByTestId('analytics-list-row', {}, SLOW);
    expect(rows).toHaveLength(20);
    expect(listsAsked()).toMatchObject({ limit: 20, offset: 0, search: '', sort: 'none' });
    expect(listsAsked().startDate).toBe('2018-06-01');
    const first = rows[0]!;
    expect(within(first).getByText('1.5M').getAttribute('title')).toBe('1,500,000');
    // Each rate shows the unique count it is made of.
    expect(within(first).getByText('41.67%')).toBeTruthy();
    expect(within(first).getByText('unique opens', { exact: false }).textContent).toBe('40 unique opens');
    expect(within(first).getByText('unique clicks', { exact: false }).textContent).toBe('9 unique clicks');
    const link = within(first).getByRole('link', { name: 'Newsletter Readers' });
    expect(link.getAttribute('href')).toBe('/audiences/lists/view?list_id=1');
    expect(screen.getByRole('link', { name: 'Lists' }).getAttribute('aria-current')).toBe('page');
    fireEvent.click(screen.getByRole('button', { name: /Show more/ }));
    await waitFor(() => expect(screen.getAllByTestId('analytics-list-row')).toHaveLength(30));
    expect(listsAsked()).toMatchObject({ limit: 20, offset: 20 });
  });

  it('sorts by a column, a rate too, and searches by name, in the address', async () => {
    const { router } = renderAnalytics({ analytics: { listsAnalytics } }, '/analytics/lists');
    await screen.findAllByTestId('analytics-list-row', {}, SLOW);
    fireEvent.click(screen.getByRole('button', { name: 'Open rate' }));
    await waitFor(() => expect(listsAsked()).toMatchObject({ sort: 'open_rate.ASC', offset: 0 }));
    fireEvent.click(screen.getByRole('button', { name: 'Unsubscribes' }));
    await waitFor(() => expect(listsAsked()).toMatchObject({ sort: 'unsubscribed.ASC' }));
    fireEvent.change(screen.getByLabelText('Search lists'), { target: { value: 'newsletter' } });
    await waitFor(() => expect(screen.getAllByTestId('analytics-list-row')).toHaveLength(1), SLOW);
    expect(router.state.location.search).toMatchObject({ q: 'newsletter', sort: 'unsubscribed.ASC' });
    fireEvent.change(screen.getByLabelText('Search lists'), { target: { value: 'zebra' } });
    expect(await screen.findByText('No list matches', {}, SLOW)).toBeTruthy();
  });

  it('an organisation without lists is sent to make one; a failed load offers Try again', async () => {
    const none = async () => ({ success: true as const, total_count: 0, data: [], period: PERIOD });
    renderAnalytics({ analytics: { listsAnalytics: none } }, '/analytics/lists');
    expect(await screen.findByText('No lists yet', {}, SLOW)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Lists' }).getAttribute('href')).toBe('/audiences/lists');
    expect(screen.getByRole('button', { name: /Export/ }).hasAttribute('disabled')).toBe(true);
    cleanup();
    let fail = true;
    const flaky = vi.fn(async (query: ListsAsked) => {
      if (fail) throw new ApiError({ kind: 'http', status: 500, message: 'The server is down.' });
      return listsAnalytics(query);
    });
    renderAnalytics({ analytics: { listsAnalytics: flaky } }, '/analytics/lists');
    expect(await screen.findByText('The lists could not be loaded', {}, SLOW)).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByTestId('analytics-list-row', {}, SLOW)).toHaveLength(20);
  });
});

const insightRow = (id: number, change: number): AccountInsightRow => ({
  account_id: id,
  account_name: `Account ${id}`,
  this_week: change > 0 ? 10 + change : 10,
  last_week: change > 0 ? 10 : 10 - change,
  change,
  top_contacts:
    id === 1
      ? [
          { contact_id: 51, contact_name: 'Ada Lovelace', contact_email: 'ada@acme.test', this_week: 6 },
          { contact_id: 52, contact_name: '', contact_email: 'bob@acme.test', this_week: 2 },
        ]
      : [],
});

type InsightsAsked = Parameters<AnalyticsApi['weeklyAccountInsights']>[0];
const weeklyAccountInsights = vi.fn(async (query: InsightsAsked) => {
  const rows = query.direction === 'rising' ? [insightRow(1, 7), insightRow(2, 3)] : [insightRow(3, -5)];
  return {
    success: true as const,
    total_count: rows.length,
    data: rows,
    weeks: {
      this_week: { start_date: '2026-11-22', end_date: '2026-11-28' },
      last_week: { start_date: '2026-11-15', end_date: '2026-11-21' },
      time_zone: 'UTC',
    },
  };
});
const insightsAsked = () => weeklyAccountInsights.mock.calls.at(-1)?.[0] as InsightsAsked;

describe('the weekly account insight', () => {
  it('shows the accounts rising most with their change, weeks and top contacts, each a dashboard link', async () => {
    weeklyAccountInsights.mockClear();
    renderAnalytics({ analytics: { weeklyAccountInsights } }, '/analytics/insights');
    const rows = await screen.findAllByTestId('analytics-insight-row', {}, SLOW);
    expect(rows).toHaveLength(2);
    expect(insightsAsked()).toMatchObject({ direction: 'rising', limit: 20, offset: 0 });
    expect(screen.getByTestId('analytics-insight-weeks').textContent).toMatch(
      /Nov 22, 2026.*against.*Nov 15/,
    );
    const first = rows[0]!;
    expect(within(first).getByText('+7')).toBeTruthy();
    const account = within(first).getByRole('link', { name: 'Account 1' });
    expect(account.getAttribute('href')).toMatch(/^\/analytics\/accounts\/dashboard\?account_id=1/);
    const ada = within(first).getByRole('link', { name: 'Ada Lovelace' });
    expect(ada.getAttribute('href')).toMatch(/^\/analytics\/contacts\/dashboard\?contact_id=51/);
    // A contact without a name shows their address.
    expect(within(first).getByRole('link', { name: 'bob@acme.test' })).toBeTruthy();
    expect(within(rows[1]!).getByText('No contact engaged this week')).toBeTruthy();
  });

  it('shows the accounts falling most when asked, in the address', async () => {
    const { router } = renderAnalytics({ analytics: { weeklyAccountInsights } }, '/analytics/insights');
    await screen.findAllByTestId('analytics-insight-row', {}, SLOW);
    fireEvent.change(screen.getByLabelText('Show'), { target: { value: 'falling' } });
    await waitFor(() => expect(insightsAsked()).toMatchObject({ direction: 'falling', offset: 0 }));
    await waitFor(() => expect(screen.getAllByTestId('analytics-insight-row')).toHaveLength(1));
    expect(screen.getByText('−5')).toBeTruthy();
    expect(router.state.location.search).toMatchObject({ filter: 'falling' });
  });

  it('says plainly when no account moved, and offers Try again after a failure', async () => {
    const none = vi.fn(async (query: InsightsAsked) => ({
      ...(await weeklyAccountInsights(query)),
      total_count: 0,
      data: [],
    }));
    renderAnalytics({ analytics: { weeklyAccountInsights: none } }, '/analytics/insights');
    expect(await screen.findByText('No account engaged more this week', {}, SLOW)).toBeTruthy();
    cleanup();
    let fail = true;
    const flaky = vi.fn(async (query: InsightsAsked) => {
      if (fail) throw new ApiError({ kind: 'http', status: 500, message: 'The server is down.' });
      return weeklyAccountInsights(query);
    });
    renderAnalytics({ analytics: { weeklyAccountInsights: flaky } }, '/analytics/insights');
    expect(await screen.findByText('The weekly account insight could not be loaded', {}, SLOW)).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByTestId('analytics-insight-row', {}, SLOW)).toHaveLength(2);
  });
});
