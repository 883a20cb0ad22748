import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type PagedList,
  type PagedListQuery,
  usePagedList,
} from '../../../src/modules/shared/hooks/usePagedList.ts';
import { parsePlainSearch, stringifyPlainSearch } from '../../../src/router/plainSearch.ts';

afterEach(() => cleanup());

type Filter = 'all' | 'active';
type Sort = 'name' | 'newest';
type Answer = { rows: string[]; offset: number };
type Query = PagedListQuery<Filter, Sort>;

const FILTERS = ['all', 'active'] as const;
const SORTS = ['name', 'newest'] as const;

/** A load whose answers the test settles one by one. */
function controlledLoad() {
  const calls: Array<{ query: Query; signal: AbortSignal; settle: (rows: string[]) => void }> = [];
  const load = vi.fn(
    (query: Query, signal: AbortSignal) =>
      new Promise<Answer>((resolve) => {
        calls.push({ query, signal, settle: (rows) => resolve({ rows, offset: query.offset }) });
      }),
  );
  return { load, calls };
}

type ProbeProps = {
  load: (query: Query, signal: AbortSignal) => Promise<Answer>;
  append?: (shown: Answer, page: Answer) => Answer;
  seen: { list: PagedList<Filter, Sort, Answer> | null };
};

/** Shows the rows the hook holds, and hands the hook's value to the test. */
function Probe({ load, append, seen }: ProbeProps) {
  const list = usePagedList<Filter, Sort, Answer>({
    name: 'test-list',
    filters: FILTERS,
    sorts: SORTS,
    pageSize: 10,
    load,
    append,
  });
  seen.list = list;
  return <output data-testid="rows">{list.data ? list.data.rows.join(',') : 'none'}</output>;
}

function renderList(
  at: string,
  load: (query: Query, signal: AbortSignal) => Promise<Answer>,
  append?: (shown: Answer, page: Answer) => Answer,
) {
  const seen: { list: PagedList<Filter, Sort, Answer> | null } = { list: null };
  const root = createRootRoute({ component: () => <Outlet /> });
  const route = createRoute({
    getParentRoute: () => root,
    path: '/list',
    component: () => <Probe load={load} append={append} seen={seen} />,
  });
  // Another page whose loader the test holds open: while it loads, the list is still on screen.
  let leave = () => {};
  const other = createRoute({
    getParentRoute: () => root,
    path: '/other',
    loader: () =>
      new Promise<void>((resolve) => {
        leave = resolve;
      }),
    component: () => <p>Another page</p>,
  });
  const router = createRouter({
    routeTree: root.addChildren([route, other]),
    history: createMemoryHistory({ initialEntries: [at] }),
    parseSearch: parsePlainSearch,
    stringifySearch: stringifyPlainSearch,
  });
  render(<RouterProvider router={router} />);
  const list = () => {
    if (!seen.list) throw new Error('the list is not rendered yet');
    return seen.list;
  };
  return { router, list, search: () => router.state.location.searchStr, leave: () => leave() };
}

const rows = () => screen.getByTestId('rows').textContent;

describe('usePagedList', () => {
  it('reads its state from the address, and writes changes back (defaults left out)', async () => {
    const { load, calls } = controlledLoad();
    const { list, search } = renderList('/list?q=welcome&filter=active&sort=newest&offset=20', load);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.query).toEqual({
      q: 'welcome',
      filter: 'active',
      sort: 'newest',
      offset: 20,
      limit: 10,
    });
    expect(list().searchText).toBe('welcome');

    act(() => list().setFilter('all'));
    await waitFor(() => expect(search()).toBe('?q=welcome&sort=newest'));
    expect(calls.at(-1)?.query).toMatchObject({ filter: 'all', offset: 0 });

    act(() => list().setOffset(10));
    await waitFor(() => expect(search()).toBe('?q=welcome&sort=newest&offset=10'));
    expect(calls.at(-1)?.query).toMatchObject({ offset: 10 });
  });

  it('a bad address value falls back to its default', async () => {
    const { load, calls } = controlledLoad();
    renderList('/list?filter=nonsense&offset=-4&sort=up', load);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.query).toEqual({ q: '', filter: 'all', sort: 'name', offset: 0, limit: 10 });
  });

  it('searches once the text settles, from the first page; blank text resets the search', async () => {
    const { load, calls } = controlledLoad();
    const { list, search } = renderList('/list?offset=30', load);
    await waitFor(() => expect(calls).toHaveLength(1));
    vi.useFakeTimers();
    try {
      act(() => list().setSearchText(' welc'));
      act(() => list().setSearchText(' welcome  '));
      await act(async () => vi.advanceTimersByTime(299));
      expect(calls).toHaveLength(1);
      await act(async () => vi.advanceTimersByTime(1));
      expect(calls).toHaveLength(2);
      expect(calls[1]?.query).toMatchObject({ q: 'welcome', offset: 0 });
      act(() => list().setSearchText('   '));
      await act(async () => vi.advanceTimersByTime(300));
      expect(calls.at(-1)?.query).toMatchObject({ q: '' });
    } finally {
      vi.useRealTimers();
    }
    await waitFor(() => expect(search()).toBe(''));
  });

  it('a search that settles after the user has left the page does not follow them to the next page', async () => {
    const { load, calls } = controlledLoad();
    const { router, list, leave } = renderList('/list', load);
    await waitFor(() => expect(calls).toHaveLength(1));
    vi.useFakeTimers();
    try {
      act(() => list().setSearchText('onboarding'));
      // A click on a row while the search text is still settling: the next page is loading.
      act(() => void router.navigate({ to: '/other', search: { workflow_id: '1' } } as never));
      await act(async () => vi.advanceTimersByTime(300));
    } finally {
      vi.useRealTimers();
    }
    await act(async () => leave());
    await waitFor(() => expect(screen.getByText('Another page')).toBeTruthy());
    await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(router.state.location.pathname).toBe('/other');
    expect(router.state.location.searchStr).toBe('?workflow_id=1');
  });

  it('a newer query supersedes the one in flight: the old request is aborted and never shown, no error', async () => {
    const { load, calls } = controlledLoad();
    const { list } = renderList('/list', load);
    await waitFor(() => expect(calls).toHaveLength(1));
    act(() => list().setFilter('active'));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[0]?.signal.aborted).toBe(true);
    await act(async () => calls[0]?.settle(['stale']));
    await act(async () => calls[1]?.settle(['fresh']));
    await waitFor(() => expect(rows()).toBe('fresh'));
    expect(list().error).toBeNull();
    expect(list().status).toBe('success');
  });

  it('with append, later pages are appended and offset 0 replaces; without it, each page replaces', async () => {
    const appended = controlledLoad();
    const grow = renderList('/list', appended.load, (shown, page) => ({
      ...page,
      rows: [...shown.rows, ...page.rows],
    }));
    await waitFor(() => expect(appended.calls).toHaveLength(1));
    await act(async () => appended.calls[0]?.settle(['a', 'b']));
    await waitFor(() => expect(rows()).toBe('a,b'));
    act(() => grow.list().setOffset(10));
    await waitFor(() => expect(appended.calls).toHaveLength(2));
    await act(async () => appended.calls[1]?.settle(['c']));
    await waitFor(() => expect(rows()).toBe('a,b,c'));
    act(() => grow.list().setSort('newest'));
    await waitFor(() => expect(appended.calls).toHaveLength(3));
    expect(appended.calls[2]?.query).toMatchObject({ sort: 'newest', offset: 0 });
    await act(async () => appended.calls[2]?.settle(['z']));
    await waitFor(() => expect(rows()).toBe('z'));
    cleanup();

    const paged = controlledLoad();
    const pages = renderList('/list', paged.load);
    await waitFor(() => expect(paged.calls).toHaveLength(1));
    await act(async () => paged.calls[0]?.settle(['a', 'b']));
    act(() => pages.list().setOffset(10));
    await waitFor(() => expect(paged.calls).toHaveLength(2));
    await act(async () => paged.calls[1]?.settle(['c']));
    await waitFor(() => expect(rows()).toBe('c'));
  });

  it('follows an address changed from outside (a link), and reload asks again', async () => {
    const { load, calls } = controlledLoad();
    const { router, list } = renderList('/list', load);
    await waitFor(() => expect(calls).toHaveLength(1));
    await act(async () => {
      await router.navigate({ to: '/list', search: { q: 'spring', filter: 'active' } } as never);
    });
    await waitFor(() =>
      expect(calls.at(-1)?.query).toMatchObject({ q: 'spring', filter: 'active', offset: 0 }),
    );
    expect(list().searchText).toBe('spring');
    const count = calls.length;
    act(() => list().reload());
    await waitFor(() => expect(calls).toHaveLength(count + 1));
    expect(calls.at(-1)?.query).toMatchObject({ q: 'spring', filter: 'active' });
  });
});
