import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CampaignDetails } from '../../../domain/campaigns.ts';
import type { Article, ArticlesPage, SourceFilterEntry } from '../../../domain/contentArticles.ts';
import { ApiError } from '../../../src/api/ApiError.ts';
import { type CampaignApi, campaignApi } from '../../../src/api/campaignApi.ts';
import { type ArticlesQuery, type ContentApi, contentApi } from '../../../src/api/contentApi.ts';
import { campaignIdOf } from '../../../src/modules/campaigns/components/CampaignsPage.tsx';
import {
  CampaignContentPage,
  campaignContentStepOf,
} from '../../../src/modules/content/components/CampaignContentPage.tsx';
import { appServices, ServicesContext } from '../../../src/modules/shared/hooks/ServicesContext.ts';
import { parsePlainSearch, stringifyPlainSearch } from '../../../src/router/plainSearch.ts';
import { ToastProvider } from '../../../src/ui/ToastProvider.tsx';
import '../jsdomDialog.ts';
import { campaign } from '../campaigns/campaignFixtures.ts';

afterEach(cleanup);
const SLOW = { timeout: 5000 };

const article = (id: number): Article => ({
  id,
  article_id: id,
  title: `Article ${id}`,
  description: `About ${id}`,
  image_url: null,
  website: 'news.example',
  link: `https://news.example/${id}`,
  publishDate: '2026-11-20T10:00:00.000Z',
  entities: [],
  concepts: [],
  source_id: 1,
  source_name: 'News',
  is_curated: false,
  is_favourite: true,
  article_is_favourite: true,
  is_checked: false,
  sent_date: null,
  clicks: null,
  highlights: null,
});
const page = (ids: number[]): ArticlesPage => ({ total_count: ids.length, data: ids.map(article) });

const SOURCES: SourceFilterEntry[] = [
  {
    type: 'global',
    is_active: true,
    data: { name: 'Global pool', sources: [{ id: 11, name: 'Fintech Daily' }] },
  },
  {
    type: 'feed',
    is_active: true,
    data: {
      id: 4,
      name: 'Our newsroom',
      feed_url: 'https://news.example/feed.xml',
      kind: 'rss',
      last_fetched_at: '2026-11-27T10:00:00.000Z',
      last_error: null,
      articles_count: 12,
    },
  },
];

const details = (advanced: Record<string, unknown> = {}): CampaignDetails => ({
  ...campaign(3, { campaign_name: 'Launch week', name: 'Launch week' }),
  keywords: [],
  advanced_search: advanced,
  content_sources: { include: [], exclude: [] },
  list_ids: [],
  contact_ids: [],
  emails: { draft: [], sent: [], test: [], scheduled: [], all: [] },
  graph: [],
});

function renderStep(at: string, content: Partial<ContentApi>, campaigns: Partial<CampaignApi>) {
  const root = createRootRoute();
  const route = createRoute({
    getParentRoute: () => root,
    path: '/campaigns/{-$page}/{-$tab}/{-$subTab}',
    component: function Step() {
      const params = route.useParams() as { tab?: string; subTab?: string };
      const search = route.useSearch() as { campaign_id?: unknown };
      return (
        <CampaignContentPage
          step={campaignContentStepOf([params.tab, params.subTab])}
          campaignId={campaignIdOf(search.campaign_id)}
        />
      );
    },
  });
  const router = createRouter({
    routeTree: root.addChildren([route]),
    history: createMemoryHistory({ initialEntries: [at] }),
    parseSearch: parsePlainSearch,
    stringifySearch: stringifyPlainSearch,
  });
  render(
    <ServicesContext.Provider
      value={{
        ...appServices,
        contentApi: {
          ...contentApi,
          listSources: async () => SOURCES,
          curationTargets: async () => ({ total_count: 0, data: [] }),
          ...content,
        },
        campaignApi: { ...campaignApi, campaignNames: async () => [], ...campaigns },
      }}
    >
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </ServicesContext.Provider>,
  );
  return router;
}

describe('campaignContentStepOf', () => {
  it('reads the favourites step from any part holding "favorites", else the source step', () => {
    expect(campaignContentStepOf(['favorites', undefined])).toBe('favorites');
    expect(campaignContentStepOf(['source', 'my-favorites'])).toBe('favorites');
    expect(campaignContentStepOf(['source', undefined])).toBe('source');
    expect(campaignContentStepOf([undefined, undefined])).toBe('source');
  });

  it('reads the previously sent step from a part "sent" or "previous"', () => {
    expect(campaignContentStepOf(['sent', undefined])).toBe('sent');
    expect(campaignContentStepOf(['previous', undefined])).toBe('sent');
    expect(campaignContentStepOf(['sent', 'favorites'])).toBe('favorites');
  });
});

describe('the source step (/campaigns/content/source)', () => {
  it('starts from the global pool by default, saves the chosen sources and lists what they give', async () => {
    const queries: ArticlesQuery[] = [];
    const setCampaignSources = vi.fn(async () => campaign(3));
    renderStep(
      '/campaigns/content/source?campaign_id=3',
      {
        listArticles: async (query) => {
          queries.push(query);
          return page([1, 2]);
        },
      },
      { details: async () => details({ include_keywords: ['cloud'] }), setCampaignSources },
    );
    expect(await screen.findByRole('heading', { name: 'Launch week' }, SLOW)).toBeTruthy();
    const form = screen.getByRole('form', { name: 'Campaign sources' });
    const global = await within(form).findByRole('checkbox', { name: 'Global pool (default)' }, SLOW);
    expect((global as HTMLInputElement).checked).toBe(true);
    expect((within(form).getByRole('checkbox', { name: 'Our newsroom' }) as HTMLInputElement).checked).toBe(
      true,
    );
    await waitFor(() => expect(queries.at(-1)).toMatchObject({ tab: 'explorer' }));
    expect(queries.at(-1)?.advanced.includeSources).toEqual([]);
    const save = within(form).getByRole('button', { name: 'Save sources' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);

    fireEvent.click(global);
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Fintech Daily' }));
    fireEvent.click(save);
    await waitFor(() => expect(setCampaignSources).toHaveBeenCalled(), SLOW);
    expect(setCampaignSources).toHaveBeenCalledWith(
      {
        campaignId: 3,
        advancedSearch: { include_keywords: ['cloud'], include_sources: [4], exclude_sources: [11] },
      },
      expect.anything(),
    );
    // The articles follow the saved sources, with the campaign's keywords.
    await waitFor(
      () =>
        expect(queries.at(-1)?.advanced).toMatchObject({
          includeSources: ['4'],
          excludeSources: ['11'],
          includeKeywords: ['cloud'],
        }),
      SLOW,
    );
    expect(await screen.findByText('The campaign’s sources were saved.', undefined, SLOW)).toBeTruthy();
  });

  it('shows why a save was refused and keeps the choice', async () => {
    const setCampaignSources = vi.fn(async () => {
      throw new ApiError({ kind: 'http', status: 404, message: 'Source not found.' });
    });
    renderStep(
      '/campaigns/content/source?campaign_id=3',
      { listArticles: async () => page([1]) },
      { details: async () => details(), setCampaignSources },
    );
    const form = await screen.findByRole('form', { name: 'Campaign sources' }, SLOW);
    const feed = await within(form).findByRole('checkbox', { name: 'Our newsroom' }, SLOW);
    fireEvent.click(feed);
    fireEvent.click(within(form).getByRole('button', { name: 'Save sources' }));
    expect(await within(form).findByText('Source not found.', undefined, SLOW)).toBeTruthy();
    expect((feed as HTMLInputElement).checked).toBe(false);
  });

  it('asks for a campaign without campaign_id, and offers Try again when the campaign fails to load', async () => {
    renderStep('/campaigns/content/source', {}, {});
    expect(await screen.findByText('No campaign chosen', undefined, SLOW)).toBeTruthy();
    cleanup();
    const load = vi.fn(async () => {
      throw new ApiError({ kind: 'http', status: 404, message: 'Campaign not found.' });
    });
    renderStep('/campaigns/content/favorites?campaign_id=99', {}, { details: load });
    expect(await screen.findByText('This campaign could not be loaded', undefined, SLOW)).toBeTruthy();
    expect(screen.getByRole('button', { name: /Try again/ })).toBeTruthy();
  });
});

describe('the favourites step (/campaigns/content/favorites)', () => {
  it("lists the user's favourites and curates checked ones for the campaign", async () => {
    const queries: ArticlesQuery[] = [];
    renderStep(
      '/campaigns/content/favorites?campaign_id=3',
      {
        listArticles: async (query) => {
          queries.push(query);
          return page([5, 6]);
        },
      },
      { details: async () => details({ include_sources: [4] }) },
    );
    expect(await screen.findByText('Article 5', undefined, SLOW)).toBeTruthy();
    expect(queries.at(-1)).toMatchObject({ tab: 'favorites' });
    expect(screen.queryByRole('form', { name: 'Campaign sources' })).toBeNull();
    const nav = screen.getByRole('navigation', { name: 'Content steps' });
    expect(within(nav).getByRole('link', { name: 'Favourites' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'Source' }).getAttribute('href')).toBe(
      '/campaigns/content/source?campaign_id=3',
    );
    fireEvent.click(screen.getAllByRole('checkbox')[0] as HTMLElement);
    fireEvent.click(screen.getByRole('button', { name: 'Add to email' }));
    expect(await screen.findByText('No draft emails yet', undefined, SLOW)).toBeTruthy();
  });
});

describe('the previously sent step (/campaigns/editionedit/sent and /previous)', () => {
  it("lists the campaign's sent articles, one paged list, and curates checked ones into a draft", async () => {
    const queries: ArticlesQuery[] = [];
    renderStep(
      '/campaigns/editionedit/sent?campaign_id=3',
      {
        listArticles: async (query) => {
          queries.push(query);
          return { total_count: 30, data: Array.from({ length: query.limit }, (_, i) => article(i + 1)) };
        },
      },
      { details: async () => details() },
    );
    expect(await screen.findByText('Article 1', undefined, SLOW)).toBeTruthy();
    expect(queries.at(-1)).toMatchObject({ tab: 'previously_sent', campaignId: 3, offset: 0 });
    expect(screen.getByText(/Articles this campaign’s sent editions held/)).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Campaign sources' })).toBeNull();
    const nav = screen.getByRole('navigation', { name: 'Content steps' });
    expect(within(nav).getByRole('link', { name: 'Previously sent' }).getAttribute('aria-current')).toBe(
      'page',
    );
    // The next page comes from the same list, still for this campaign only.
    fireEvent.click(await screen.findByRole('button', { name: /more/i }, SLOW));
    await waitFor(() => expect(queries.at(-1)).toMatchObject({ offset: 20, campaignId: 3 }), SLOW);
    fireEvent.click(screen.getAllByRole('checkbox')[0] as HTMLElement);
    fireEvent.click(screen.getByRole('button', { name: 'Add to email' }));
    expect(await screen.findByText('No draft emails yet', undefined, SLOW)).toBeTruthy();

    // "previous" names the same step.
    cleanup();
    queries.length = 0;
    renderStep(
      '/campaigns/editionedit/previous?campaign_id=3',
      {
        listArticles: async (query) => {
          queries.push(query);
          return page([7]);
        },
      },
      { details: async () => details() },
    );
    expect(await screen.findByText('Article 7', undefined, SLOW)).toBeTruthy();
    expect(queries.at(-1)).toMatchObject({ tab: 'previously_sent', campaignId: 3 });
  });
});
