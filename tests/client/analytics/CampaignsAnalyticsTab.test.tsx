import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../src/api/ApiError.ts';
import type { AnalyticsPageQuery } from '../../../src/api/analyticsApi.ts';
import { campaignRow, campaignsAnswer } from './analyticsFixtures.ts';
import { renderAnalytics } from './renderAnalytics.tsx';

afterEach(cleanup);

const SLOW = { timeout: 5000 };
type Asked = AnalyticsPageQuery & { search: string };

/** 45 campaigns, answered a page at a time; a search keeps those whose name has the term. */
const campaignsAnalytics = vi.fn(async (query: Asked) => {
  const all = Array.from({ length: 45 }, (_, i) =>
    campaignRow(i + 1, i === 0 ? { campaign_name: 'Spring launch' } : {}),
  );
  const rows = all.filter((r) => r.campaign_name.toLowerCase().includes(query.search.toLowerCase()));
  return campaignsAnswer(rows.length, rows.slice(query.offset, query.offset + query.limit));
});

const asked = () => campaignsAnalytics.mock.calls.at(-1)?.[0] as Asked;

describe('Campaigns analytics', () => {
  it('lists 20 campaigns a page with their figures in K/M/B, and Show more appends the next page', async () => {
    campaignsAnalytics.mockClear();
    renderAnalytics({ analytics: { campaignsAnalytics } }, '/analytics/campaigns-assets?campaign_id=4');
    const rows = await screen.findAllByTestId('analytics-campaign-row', {}, SLOW);
    expect(rows).toHaveLength(20);
    expect(asked()).toMatchObject({ limit: 20, offset: 0, search: '', campaignIds: [4] });
    const first = rows[0]!;
    // The test router quotes search values (the app's writes them plain).
    expect(within(first).getByRole('link', { name: 'Spring launch' }).getAttribute('href')).toMatch(
      /^\/campaigns\/campaign\?campaign_id=(%22)?1(%22)?$/,
    );
    expect(within(first).getByText('2.5M').getAttribute('title')).toBe('2,500,000');
    expect(within(first).getByText('1.5K')).toBeTruthy();
    expect(within(first).getByText('29.17%')).toBeTruthy();
    expect(
      screen.getAllByText((_, el) => el?.textContent === 'Showing 20 of 45 campaigns').length,
    ).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('button', { name: /Show more/ }));
    await waitFor(() => expect(screen.getAllByTestId('analytics-campaign-row')).toHaveLength(40));
    expect(asked()).toMatchObject({ limit: 20, offset: 20 });
  });

  it('a search asks again from the first page, with the term in the address', async () => {
    const { router } = renderAnalytics({ analytics: { campaignsAnalytics } }, '/analytics/campaigns-assets');
    await screen.findAllByTestId('analytics-campaign-row', {}, SLOW);
    fireEvent.change(screen.getByLabelText('Search campaigns'), { target: { value: 'spring' } });
    await waitFor(() => expect(screen.getAllByTestId('analytics-campaign-row')).toHaveLength(1), SLOW);
    expect(asked()).toMatchObject({ search: 'spring', offset: 0 });
    await waitFor(() => expect(router.state.location.search).toMatchObject({ q: 'spring' }));
    fireEvent.change(screen.getByLabelText('Search campaigns'), { target: { value: 'zebra' } });
    expect(await screen.findByText('No campaign matches', {}, SLOW)).toBeTruthy();
  });

  it('a new organisation without campaigns is led to Campaigns; a failed load offers Try again', async () => {
    renderAnalytics(
      { analytics: { campaignsAnalytics: async () => campaignsAnswer(0, []) } },
      '/analytics/campaigns-assets',
    );
    const title = await screen.findByText('No campaigns yet', {}, SLOW);
    expect(
      within(title.closest('.ui-state') as HTMLElement)
        .getByRole('link', { name: 'Go to Campaigns' })
        .getAttribute('href'),
    ).toBe('/campaigns');
    cleanup();
    let fail = true;
    const failing = vi.fn(async (query: Asked) => {
      if (fail) throw new ApiError({ kind: 'http', status: 500, message: 'The server is down.' });
      return campaignsAnalytics(query);
    });
    renderAnalytics({ analytics: { campaignsAnalytics: failing } }, '/analytics/campaigns-assets');
    expect(await screen.findByText('The campaigns could not be loaded', {}, SLOW)).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByTestId('analytics-campaign-row', {}, SLOW)).toHaveLength(20);
  });
});
