import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../src/api/ApiError.ts';
import type { AnalyticsApi } from '../../../src/api/analyticsApi.ts';
import { articleRow, contentAnswer } from './accountFixtures.ts';
import { renderAnalytics } from './renderAnalytics.tsx';

afterEach(cleanup);

const SLOW = { timeout: 5000 };
type Asked = Parameters<AnalyticsApi['contentListing']>[0];

/** 30 articles clicked, a page at a time; a search keeps those whose title has the term. */
const contentListing = vi.fn(async (query: Asked) => {
  const all = Array.from({ length: 30 }, (_, i) => articleRow(i + 1, i === 0 ? 7 : 1));
  const rows = all.filter((r) => r.article_title.toLowerCase().includes(query.search.toLowerCase()));
  return contentAnswer(rows.length, rows.slice(query.offset, query.offset + query.limit));
});
const asked = () => contentListing.mock.calls.at(-1)?.[0] as Asked;

describe('Content by article', () => {
  it('shows each article with who clicked it, the first five as links to their dashboards, and its score', async () => {
    contentListing.mockClear();
    const { router } = renderAnalytics({ analytics: { contentListing } }, '/analytics/content?campaign_id=4');
    const rows = await screen.findAllByTestId('analytics-article-row', {}, SLOW);
    expect(rows).toHaveLength(20);
    expect(asked()).toMatchObject({ limit: 20, offset: 0, search: '', sort: 'none', campaignIds: [4] });
    expect(screen.getByTestId('analytics-content-summary').textContent).toBe(
      '30 articles clicked, 1,234 clicks in all',
    );
    const first = rows[0]!;
    expect(within(first).getByRole('link', { name: 'Article 1' }).getAttribute('href')).toBe(
      'https://news.test/1',
    );
    expect(within(first).getByText('contacts', { exact: false }).textContent).toBe('7 contacts');
    const thumbnails = within(first).getAllByRole('listitem');
    expect(thumbnails).toHaveLength(5);
    const ada = within(first).getByRole('link', { name: 'Ada Lovelace' });
    expect(ada.textContent).toContain('AL');
    const href = new URL(ada.getAttribute('href') ?? '', 'http://app.test');
    expect(href.pathname).toBe('/analytics/contacts/dashboard');
    expect(href.searchParams.get('contact_id')).toMatch(/^"?100"?$/);
    expect(href.searchParams.get('back_url')).toBe(router.state.location.href);
    // Total score: the article's clicks.
    expect(within(first).getByText('14')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Show more/ }));
    await waitFor(() => expect(screen.getAllByTestId('analytics-article-row')).toHaveLength(30));
    expect(asked()).toMatchObject({ offset: 20 });
  });

  it('sorts by a header and searches by title, in the address', async () => {
    const { router } = renderAnalytics({ analytics: { contentListing } }, '/analytics/content');
    await screen.findAllByTestId('analytics-article-row', {}, SLOW);
    fireEvent.click(screen.getByRole('button', { name: 'Total score' }));
    await waitFor(() => expect(asked()).toMatchObject({ sort: 'clicks.ASC' }));
    fireEvent.change(screen.getByLabelText('Search articles'), { target: { value: 'article 12' } });
    await waitFor(() => expect(screen.getAllByTestId('analytics-article-row')).toHaveLength(1), SLOW);
    expect(router.state.location.search).toMatchObject({ q: 'article 12', sort: 'clicks.ASC' });
    fireEvent.change(screen.getByLabelText('Search articles'), { target: { value: 'zebra' } });
    expect(await screen.findByText('No article matches', {}, SLOW)).toBeTruthy();
  });

  it('says when nothing was clicked, and a failed load offers Try again', async () => {
    renderAnalytics(
      { analytics: { contentListing: async () => contentAnswer(0, []) } },
      '/analytics/content',
    );
    expect(await screen.findByText('No article clicked in this period', {}, SLOW)).toBeTruthy();
    expect(screen.queryByTestId('analytics-content-summary')).toBeNull();
    cleanup();
    let fail = true;
    const failing = vi.fn(async (query: Asked) => {
      if (fail) throw new ApiError({ kind: 'http', status: 500, message: 'The server is down.' });
      return contentListing(query);
    });
    renderAnalytics({ analytics: { contentListing: failing } }, '/analytics/content');
    expect(await screen.findByText('The articles could not be loaded', {}, SLOW)).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByTestId('analytics-article-row', {}, SLOW)).toHaveLength(20);
  });

  it('an article whose address is not a web address is not a link', async () => {
    const row = { ...articleRow(1), article_url: 'javascript:alert(1)' };
    renderAnalytics(
      { analytics: { contentListing: async () => contentAnswer(1, [row]) } },
      '/analytics/content',
    );
    const found = await screen.findByTestId('analytics-article-row', {}, SLOW);
    expect(within(found).queryByRole('link', { name: 'Article 1' })).toBeNull();
    expect(within(found).getByText('Article 1')).toBeTruthy();
  });
});
