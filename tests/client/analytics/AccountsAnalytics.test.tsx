import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../src/api/ApiError.ts';
import type { AnalyticsApi } from '../../../src/api/analyticsApi.ts';
import { accountRow, accountsAnswer, detailsAnswer, emailRow } from './accountFixtures.ts';
import { renderAnalytics } from './renderAnalytics.tsx';

afterEach(cleanup);

const SLOW = { timeout: 5000 };
type Asked = Parameters<AnalyticsApi['accountsListing']>[0];

/** 45 accounts, a page at a time; a search keeps those whose name has the term. */
const accountsListing = vi.fn(async (query: Asked) => {
  const all = Array.from({ length: 45 }, (_, i) =>
    accountRow(i + 1, i === 0 ? { account_name: 'Acme Logistics', sent: 2_500_000 } : {}),
  );
  const rows = all.filter((r) => r.account_name.toLowerCase().includes(query.search.toLowerCase()));
  return accountsAnswer(rows.length, rows.slice(query.offset, query.offset + query.limit));
});
const asked = () => accountsListing.mock.calls.at(-1)?.[0] as Asked;

const failingOnce = <A, R>(call: (a: A) => Promise<R>) => {
  let fail = true;
  const fn = vi.fn(async (a: A) => {
    if (fail) throw new ApiError({ kind: 'http', status: 500, message: 'The server is down.' });
    return call(a);
  });
  return { fn, heal: () => (fail = false) };
};

describe('the Accounts report', () => {
  it('lists 20 accounts a page with their counts under the filter, and Show more appends the next 20', async () => {
    accountsListing.mockClear();
    renderAnalytics({ analytics: { accountsListing } }, '/analytics/accounts?date=all');
    const rows = await screen.findAllByTestId('analytics-account-row', {}, SLOW);
    expect(rows).toHaveLength(20);
    expect(asked()).toMatchObject({ limit: 20, offset: 0, search: '', filter: 'all', sort: 'none' });
    expect(asked().startDate).toBe('2018-06-01');
    expect(within(rows[0]!).getByText('2.5M').getAttribute('title')).toBe('2,500,000');
    fireEvent.click(screen.getByRole('button', { name: /Show more/ }));
    await waitFor(() => expect(screen.getAllByTestId('analytics-account-row')).toHaveLength(40));
    expect(asked()).toMatchObject({ limit: 20, offset: 20 });
  });

  it('each name links to its dashboard with the filter and back_url, the address of the list', async () => {
    const { router } = renderAnalytics({ analytics: { accountsListing } }, '/analytics/accounts?date=all');
    const rows = await screen.findAllByTestId('analytics-account-row', {}, SLOW);
    const link = within(rows[0]!).getByRole('link', { name: 'Acme Logistics' });
    const href = new URL(link.getAttribute('href') ?? '', 'http://app.test');
    expect(href.pathname).toBe('/analytics/accounts/dashboard');
    expect(href.searchParams.get('account_id')).toMatch(/^"?1"?$/);
    expect(href.searchParams.get('date')).toMatch(/^"?all"?$/);
    expect(href.searchParams.get('back_url')).toBe(router.state.location.href);
  });

  it('sorts by a column header, searches by name and shows only accounts that clicked, in the address', async () => {
    const { router } = renderAnalytics({ analytics: { accountsListing } }, '/analytics/accounts');
    await screen.findAllByTestId('analytics-account-row', {}, SLOW);
    fireEvent.click(screen.getByRole('button', { name: 'Sent' }));
    await waitFor(() => expect(asked()).toMatchObject({ sort: 'sent.ASC', offset: 0 }));
    fireEvent.click(screen.getByRole('button', { name: 'Sent' }));
    await waitFor(() => expect(asked()).toMatchObject({ sort: 'sent.DESC' }));
    expect(screen.getByRole('columnheader', { name: 'Sent' }).getAttribute('aria-sort')).toBe('descending');
    fireEvent.change(screen.getByLabelText('Show'), { target: { value: 'clicked' } });
    await waitFor(() => expect(asked()).toMatchObject({ filter: 'clicked', sort: 'sent.DESC' }));
    fireEvent.change(screen.getByLabelText('Search accounts'), { target: { value: 'acme' } });
    await waitFor(() => expect(screen.getAllByTestId('analytics-account-row')).toHaveLength(1), SLOW);
    expect(router.state.location.search).toMatchObject({ q: 'acme', sort: 'sent.DESC', filter: 'clicked' });
    fireEvent.change(screen.getByLabelText('Search accounts'), { target: { value: 'zebra' } });
    expect(await screen.findByText('No account matches', {}, SLOW)).toBeTruthy();
  });

  it('a new organisation is told what to do; a failed load offers Try again', async () => {
    renderAnalytics(
      { analytics: { accountsListing: async () => accountsAnswer(0, []) } },
      '/analytics/accounts',
    );
    expect(await screen.findByText('No accounts reached in this period', {}, SLOW)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Campaigns' })).toBeTruthy();
    cleanup();
    const failing = failingOnce(accountsListing);
    renderAnalytics({ analytics: { accountsListing: failing.fn } }, '/analytics/accounts');
    expect(await screen.findByText('The accounts could not be loaded', {}, SLOW)).toBeTruthy();
    failing.heal();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByTestId('analytics-account-row', {}, SLOW)).toHaveLength(20);
  });
});

const accountDetails = vi.fn(async (query: { limit: number; offset: number; accountId: number }) =>
  detailsAnswer(query),
);
const dashboardStubs = (over: Partial<AnalyticsApi> = {}) => ({
  analytics: {
    accountDetails,
    accountEmailEngagement: vi.fn(async () => ({
      success: true as const,
      total_count: 1,
      data: [emailRow(5)],
      period: { start_date: null, end_date: '2026-11-28', time_zone: 'UTC' },
    })),
    accountContentEngagement: vi.fn(async () => ({ success: true as const, total_count: 0, data: [] })),
    ...over,
  },
});
const BACK = encodeURIComponent('/analytics/accounts?offset=20&q=acme');

describe('the account dashboard', () => {
  it('shows the account, its score, its stats, its contacts 20 a page, and its emails and articles', async () => {
    accountDetails.mockClear();
    renderAnalytics(dashboardStubs(), `/analytics/accounts/dashboard?account_id=9&back_url=${BACK}`);
    expect(await screen.findByText('Loading the account…', {}, SLOW)).toBeTruthy();
    expect(await screen.findByTestId('analytics-account-name', {}, SLOW)).toHaveProperty(
      'textContent',
      'Acme Logistics',
    );
    expect(accountDetails.mock.calls[0]?.[0]).toMatchObject({ accountId: 9, limit: 20, offset: 0 });
    expect(screen.getByTestId('analytics-account-score').textContent).toBe('1,234');
    const stats = screen.getByTestId('analytics-stats');
    expect(within(stats).getByText('300')).toBeTruthy();
    expect(stats.querySelector('[data-stat="total_accounts"]')).toBeNull();
    expect(screen.getAllByTestId('account-contact-row')).toHaveLength(20);
    const contact = within(screen.getAllByTestId('account-contact-row')[0]!).getByRole('link', {
      name: 'Person 1',
    });
    expect(contact.getAttribute('href')).toMatch(/^\/analytics\/contacts\/dashboard\?contact_id=/);
    fireEvent.click(screen.getByRole('button', { name: /Show more/ }));
    await waitFor(() => expect(screen.getAllByTestId('account-contact-row')).toHaveLength(40));
    expect(accountDetails.mock.calls.at(-1)?.[0]).toMatchObject({ offset: 20 });
    expect(await screen.findByTestId('account-email-row', {}, SLOW)).toHaveProperty(
      'textContent',
      expect.stringContaining('Digest 5'),
    );
    expect(await screen.findByText('No article clicked yet', {}, SLOW)).toBeTruthy();
  });

  it('Back goes to back_url, the list it came from with its page and search', async () => {
    const { router } = renderAnalytics(
      dashboardStubs(),
      `/analytics/accounts/dashboard?account_id=9&back_url=${BACK}`,
    );
    const back = await screen.findByRole('link', { name: 'Back' }, SLOW);
    expect(back.getAttribute('href')).toBe('/analytics/accounts?offset=20&q=acme');
    fireEvent.click(back);
    await waitFor(() => expect(router.state.location.pathname).toBe('/analytics/accounts'));
    expect(router.state.location.search).toMatchObject({ offset: 20, q: 'acme' });
  });

  it.each([
    'https://evil.example/analytics',
    '//evil.example/analytics',
    '/\\evil.example',
    'javascript:alert(1)',
  ])(
    'refuses a back_url that is not a path of this app (%s): Back goes to the accounts report',
    async (url) => {
      renderAnalytics(
        dashboardStubs(),
        `/analytics/accounts/dashboard?account_id=9&back_url=${encodeURIComponent(url)}`,
      );
      // Without a usable back_url the link says where it goes (as the contact dashboard's does).
      const back = await screen.findByRole('link', { name: 'All accounts' }, SLOW);
      expect(back.getAttribute('href')).toBe('/analytics/accounts');
    },
  );

  it('a failed load says so with Try again; an address without an account says none is chosen', async () => {
    const failing = failingOnce(accountDetails);
    renderAnalytics(
      dashboardStubs({ accountDetails: failing.fn }),
      '/analytics/accounts/dashboard?account_id=9',
    );
    expect(await screen.findByText('The account could not be loaded', {}, SLOW)).toBeTruthy();
    failing.heal();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('analytics-account-name', {}, SLOW)).toBeTruthy();
    cleanup();
    renderAnalytics(dashboardStubs(), '/analytics/accounts/dashboard?account_id=abc');
    expect(await screen.findByText('No account chosen', {}, SLOW)).toBeTruthy();
  });
});
