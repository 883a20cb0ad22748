import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Article, ArticlesPage } from '../../../domain/contentArticles.ts';
import { isContentTab } from '../../../domain/contentArticles.ts';
import { ApiError } from '../../../src/api/ApiError.ts';
import { type ArticlesQuery, type ContentApi, contentApi } from '../../../src/api/contentApi.ts';
import { ContentPage } from '../../../src/modules/content/components/ContentPage.tsx';
import { appServices, ServicesContext } from '../../../src/modules/shared/hooks/ServicesContext.ts';
import { ToastProvider } from '../../../src/ui/ToastProvider.tsx';

afterEach(cleanup);

const SLOW = { timeout: 5000 };

function article(id: number, fields: Partial<Article> = {}): Article {
  return {
    id,
    article_id: id,
    title: `Article ${id}`,
    description: `About ${id}`,
    image_url: null,
    website: 'news.example',
    link: `https://news.example/${id}`,
    publishDate: '2026-11-20T10:00:00.000Z',
    entities: [],
    concepts: [{ name: 'freight', relevance: 1 }],
    source_id: 1,
    source_name: 'News',
    is_curated: false,
    is_favourite: false,
    article_is_favourite: false,
    is_checked: false,
    sent_date: null,
    clicks: null,
    highlights: null,
    ...fields,
  };
}

const page = (ids: number[], total: number | null = ids.length): ArticlesPage => ({
  total_count: total,
  data: ids.map((id) => article(id)),
});

function renderContent(stubs: Partial<ContentApi>, at = '/content/explorer') {
  const root = createRootRoute();
  const content = createRoute({
    getParentRoute: () => root,
    path: '/content/$tab',
    component: function Content() {
      const { tab } = content.useParams();
      return isContentTab(tab) ? <ContentPage tab={tab} /> : <p>Not found</p>;
    },
  });
  const router = createRouter({
    routeTree: root.addChildren([content]),
    history: createMemoryHistory({ initialEntries: [at] }),
  });
  render(
    <ServicesContext.Provider
      value={{
        ...appServices,
        contentApi: { ...contentApi, listSources: async () => [], ...stubs },
      }}
    >
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </ServicesContext.Provider>,
  );
  return router;
}

const titles = () =>
  within(screen.getByRole('list', { name: 'Articles' }))
    .getAllByRole('heading', { level: 3 })
    .map((h) => h.textContent);

describe('Content explorer list', () => {
  it('shows loading until the first page, then the cards with their total', async () => {
    let answer: (value: ArticlesPage) => void = () => {};
    const listArticles = vi.fn(() => new Promise<ArticlesPage>((resolve) => (answer = resolve)));
    renderContent({ listArticles });
    expect(await screen.findByText('Loading articles…', undefined, SLOW)).toBeTruthy();
    await waitFor(() => expect(listArticles).toHaveBeenCalled());
    const query = listArticles.mock.calls[0] as unknown as [ArticlesQuery];
    expect(query[0]).toMatchObject({ tab: 'explorer', offset: 0, limit: 20, search: '' });
    act(() => answer(page([1, 2], 2)));
    expect(await screen.findByRole('heading', { level: 3, name: 'Article 1' })).toBeTruthy();
    expect(screen.queryByText('Loading articles…')).toBeNull();
    expect(screen.getByTestId('articles-total').textContent).toBe('2 articles');
  });

  it('says a tab is empty', async () => {
    renderContent({ listArticles: async () => page([], 0) }, '/content/favorites');
    expect(await screen.findByText('Nothing here yet', undefined, SLOW)).toBeTruthy();
    expect(screen.getByText('Star an article in the Explorer to keep it here.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the Explorer' }).getAttribute('href')).toBe(
      '/content/explorer',
    );
  });

  it('leaves loading on an error and loads again with Retry', async () => {
    const listArticles = vi
      .fn<ContentApi['listArticles']>()
      .mockRejectedValueOnce(new ApiError({ kind: 'http', status: 500, message: 'The pool is asleep.' }))
      .mockResolvedValue(page([7]));
    renderContent({ listArticles });
    expect(await screen.findByText('The articles could not be loaded', undefined, SLOW)).toBeTruthy();
    expect(screen.queryByText('Loading articles…')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 3, name: 'Article 7' })).toBeTruthy();
  });

  it('a new search that fails shows the error in place of the older answer, and Try again runs that search', async () => {
    const listArticles = vi.fn(async (query: ArticlesQuery) => {
      if (query.search !== 'ports') return page([1, 2], 2);
      if (listArticles.mock.calls.filter(([q]) => q.search === 'ports').length === 1)
        throw new ApiError({ kind: 'network', status: 0, message: 'The server did not answer.' });
      return page([99], 1);
    });
    renderContent({ listArticles });
    expect(await screen.findByRole('heading', { level: 3, name: 'Article 1' }, SLOW)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Search articles'), { target: { value: 'ports' } });
    expect(await screen.findByText('The articles could not be loaded', undefined, SLOW)).toBeTruthy();
    // Neither the older cards nor their count pass for this search's answer.
    expect(screen.queryByRole('heading', { level: 3, name: 'Article 1' })).toBeNull();
    expect(screen.getByTestId('articles-total').textContent).toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 3, name: 'Article 99' })).toBeTruthy();
    expect(screen.getByTestId('articles-total').textContent).toBe('1 article');
    expect((screen.getByLabelText('Search articles') as HTMLInputElement).value).toBe('ports');
  });

  it('appends a later page and replaces the list from offset 0 on a new search', async () => {
    const full = Array.from({ length: 20 }, (_, i) => i + 1);
    const listArticles = vi.fn(async (query: ArticlesQuery) => {
      if (query.search === 'ports') return page([99], 1);
      return query.offset === 0 ? page(full, 23) : page([21, 22, 23], 23);
    });
    renderContent({ listArticles });
    expect(await screen.findByRole('heading', { level: 3, name: 'Article 20' }, SLOW)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show more articles' }));
    expect(await screen.findByRole('heading', { level: 3, name: 'Article 23' })).toBeTruthy();
    expect(titles()).toHaveLength(23);
    expect(titles()[0]).toBe('Article 1');
    expect(listArticles).toHaveBeenLastCalledWith(expect.objectContaining({ offset: 20 }), expect.anything());
    expect(screen.getByText('All 23 articles shown')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Search articles'), { target: { value: 'ports' } });
    await waitFor(() => expect(titles()).toEqual(['Article 99']), SLOW);
    expect(listArticles).toHaveBeenLastCalledWith(
      expect.objectContaining({ offset: 0, search: 'ports' }),
      expect.anything(),
    );
  });

  it('marks the matched words of a search as <mark>, never as HTML', async () => {
    renderContent({
      listArticles: async () => ({
        total_count: 1,
        data: [
          article(5, {
            title: '<b>Bold</b> ports',
            highlights: { title: '&#60;b&#62;Bold&#60;/b&#62; <mark>ports</mark>', description: 'About' },
          }),
        ],
      }),
    });
    const heading = await screen.findByRole('heading', { level: 3 }, SLOW);
    expect(heading.textContent).toBe('<b>Bold</b> ports');
    expect(heading.querySelector('mark')?.textContent).toBe('ports');
    expect(heading.querySelector('b')).toBeNull();
  });
});

describe('Favourite star', () => {
  it('toggles with aria-pressed and calls favourite_article/', async () => {
    const setFavourite = vi.fn(async () => {});
    renderContent({ listArticles: async () => page([3]), setFavourite });
    const star = await screen.findByRole('button', { name: 'Favourite' }, SLOW);
    expect(star.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(star);
    await waitFor(() => expect(star.getAttribute('aria-pressed')).toBe('true'));
    expect(setFavourite).toHaveBeenCalledWith(3, true);
    await waitFor(() => expect((star as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(star);
    await waitFor(() => expect(star.getAttribute('aria-pressed')).toBe('false'));
    expect(setFavourite).toHaveBeenLastCalledWith(3, false);
  });

  it('goes back when the call fails', async () => {
    const setFavourite = vi.fn(async () => {
      throw new ApiError({ kind: 'http', status: 500, message: 'Not now.' });
    });
    renderContent({ listArticles: async () => page([4]), setFavourite });
    const star = await screen.findByRole('button', { name: 'Favourite' }, SLOW);
    fireEvent.click(star);
    await waitFor(() => expect(setFavourite).toHaveBeenCalled());
    await waitFor(() => expect(star.getAttribute('aria-pressed')).toBe('false'));
  });

  it('opens the selection bar when articles are checked', async () => {
    renderContent({ listArticles: async () => page([1, 2]) });
    const boxes = await screen.findAllByRole('checkbox', undefined, SLOW);
    fireEvent.click(boxes[0] as HTMLElement);
    fireEvent.click(boxes[1] as HTMLElement);
    const bar = screen.getByRole('region', { name: 'Selected articles' });
    expect(within(bar).getByText('2 selected')).toBeTruthy();
    expect(within(bar).getByRole('button', { name: 'Add to email' })).toBeTruthy();
  });

  it('opens the curation panel on the draft editions; all already there opens the already-added notice', async () => {
    const curate = vi.fn(async () => ({
      version_id: 31,
      email_id: 9,
      campaign_id: null,
      articles_count: 2,
      last_update: '2026-11-27T10:00:00.000Z',
      image: null,
      added_article_ids: [],
      articles_already_curated: [1],
    }));
    renderContent({
      listArticles: async () => page([1, 2]),
      curate,
      curationTargets: async () => ({
        total_count: 1,
        data: [
          {
            version_id: 31,
            email_id: 9,
            email_name: 'Weekly digest',
            name: 'Draft Edition',
            campaign_id: null,
            campaign_name: null,
            articles_count: 2,
            image: null,
            last_update: '2026-11-26T10:00:00.000Z',
            created_on: '2026-11-20T10:00:00.000Z',
          },
        ],
      }),
    });
    const boxes = await screen.findAllByRole('checkbox', undefined, SLOW);
    fireEvent.click(boxes[0] as HTMLElement);
    fireEvent.click(screen.getByRole('button', { name: 'Add to email' }));
    const target = await screen.findByRole('listitem', { name: 'Weekly digest' });
    fireEvent.click(within(target).getByRole('button', { name: 'Add here' }));
    expect(await screen.findByText('Already added')).toBeTruthy();
    expect(curate).toHaveBeenCalledWith(31, [1], expect.anything());
    expect(within(target).queryByText('Just added')).toBeNull();
  });
});

describe('Article preview', () => {
  it('asks for the article 100 ms after it opens and shows it in the side panel', async () => {
    const articlePreview = vi.fn(async (id: number) => ({
      ...article(id, { title: 'Previewed', source_name: 'Harbor News' }),
      content_excerpt: 'The whole story.',
      in_edition: false,
    }));
    renderContent({ listArticles: async () => page([8]), articlePreview });
    const open = await screen.findByRole('button', { name: 'Article 8' }, SLOW);
    fireEvent.click(open);
    const panel = screen.getByRole('complementary', { name: 'Article preview' });
    expect(articlePreview).not.toHaveBeenCalled();
    expect(await within(panel).findByText('The whole story.')).toBeTruthy();
    expect(articlePreview).toHaveBeenCalledWith(8, expect.anything());
    fireEvent.click(within(panel).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('complementary', { name: 'Article preview' })).toBeNull();
  });
});
