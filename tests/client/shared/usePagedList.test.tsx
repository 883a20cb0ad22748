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
  type PagedListMode,
  type PagedListQuery,
  usePagedList,
} from '../../../src/modules/shared/hooks/usePagedList.ts';
import { parsePlainSearch, stringifyPlainSearch } from '../../../src/router/plainSearch.ts';

afterEach(() => cleanup());

type Filter = 'all' | 'active';
type Sort = 'name' | 'newest';
type Answer = { rows: string[]; offset: number; total: number };
type Query = PagedListQuery<Filter, Sort>;

const FILTERS = ['all', 'active'] as const;
const SORTS = ['name', 'newest'] as const;

/** A load whose answers the test settles one by one. */
function controlledLoad() {
  const calls: Array<{
    query: Query;
    signal: AbortSignal;
    settle: (rows: string[], total?: number) => void;
  }> = [];
  const load = vi.fn(
    (query: Query, signal: AbortSignal) =>
      new Promise<Answer>((resolve) => {
        calls.push({
          query,
          signal,
          settle: (rows, total = 100) => resolve({ rows, offset: query.offset, total }),
        });
      }),
  );
  return { load, calls };
}

type TestList = PagedList<Answer, string, Filter, Sort>;
type ProbeProps = {
  mode: PagedListMode;
  load: (query: Query, signal: AbortSignal) => Promise<Answer>;
  seen: { list: TestList | null };
  listKey?: string;
};

/** Shows the rows the hook holds, and hands the hook's value to the test. */
function Probe({ mode, load, seen, listKey }: ProbeProps) {
  const list = usePagedList<Answer, string, Filter, Sort>({
    mode,
    name: 'test-list',
    filters: FILTERS,
    sorts: SORTS,
    pageSize: 10,
    load,
    rowsOf: (answer) => answer.rows,
    totalOf: (answer) => answer.total,
    rowKey: (row) => row,
    key: listKey,
  });
  seen.list = list;
  return <output data-testid="rows">{list.latest ? list.rows.join(',') : 'none'}</output>;
}

function renderList(at: string, load: (query: Query, signal: AbortSignal) => Promise<Answer>) {
  const seen: { list: TestList | null } = { list: null };
  const root = createRootRoute({ component: () => <Outlet /> });
  const route = createRoute({
    getParentRoute: () => root,
    path: '/list',
    component: () => <Probe mode="url" load={load} seen={seen} />,
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
    // Opened at offset 20: every row up to that page, in one request (what was shown is shown again).
    expect(calls[0]?.query).toEqual({
      q: 'welcome',
      filter: 'active',
      sort: 'newest',
      offset: 0,
      limit: 30,
    });
    expect(list().searchText).toBe('welcome');
    await act(async () => calls[0]?.settle(Array.from({ length: 30 }, (_, i) => `r${i}`)));

    act(() => list().setFilter('all'));
    await waitFor(() => expect(search()).toBe('?q=welcome&sort=newest'));
    expect(calls.at(-1)?.query).toMatchObject({ filter: 'all', offset: 0, limit: 10 });
    await act(async () => calls.at(-1)?.settle(Array.from({ length: 10 }, (_, i) => `s${i}`)));

    act(() => list().showMore());
    await waitFor(() => expect(search()).toBe('?q=welcome&sort=newest&offset=10'));
    expect(calls.at(-1)?.query).toMatchObject({ offset: 10, limit: 10 });
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

  it('Show more appends the next page (a row already shown is not repeated); offset 0 replaces', async () => {
    const { load, calls } = controlledLoad();
    const { list } = renderList('/list', load);
    await waitFor(() => expect(calls).toHaveLength(1));
    await act(async () => calls[0]?.settle(['a', 'b'], 4));
    await waitFor(() => expect(rows()).toBe('a,b'));
    expect(list().hasMore).toBe(true);
    act(() => list().showMore());
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]?.query).toMatchObject({ offset: 2, limit: 10 });
    expect(list().appending).toBe(true);
    await act(async () => calls[1]?.settle(['b', 'c', 'd'], 4));
    await waitFor(() => expect(rows()).toBe('a,b,c,d'));
    expect(list().hasMore).toBe(false);
    act(() => list().setSort('newest'));
    await waitFor(() => expect(calls).toHaveLength(3));
    expect(calls[2]?.query).toMatchObject({ sort: 'newest', offset: 0 });
    await act(async () => calls[2]?.settle(['z'], 1));
    await waitFor(() => expect(rows()).toBe('z'));
  });

  it('Show more while the list loads asks nothing: one request at a time', async () => {
    const { load, calls } = controlledLoad();
    const { list } = renderList('/list', load);
    await waitFor(() => expect(calls).toHaveLength(1));
    await act(async () => calls[0]?.settle(['a', 'b'], 4));
    act(() => list().setFilter('active'));
    await waitFor(() => expect(calls).toHaveLength(2));
    act(() => list().showMore());
    expect(calls).toHaveLength(2);
    await act(async () => calls[1]?.settle(['c'], 4));
    await waitFor(() => expect(rows()).toBe('c'));
  });

  it('a next page that fails keeps the rows shown; retry sends that page again', async () => {
    let fail = true;
    const load = vi.fn(async (query: Query) => {
      if (query.offset > 0 && fail) throw new Error('Server down');
      return { rows: query.offset === 0 ? ['a', 'b'] : ['c'], offset: query.offset, total: 3 };
    });
    const { list } = renderList('/list', load);
    await waitFor(() => expect(rows()).toBe('a,b'));
    act(() => list().showMore());
    await waitFor(() => expect(list().status).toBe('failure'));
    expect(list().appending).toBe(true);
    expect(list().error).not.toBeNull();
    expect(rows()).toBe('a,b');
    fail = false;
    act(() => list().retry());
    await waitFor(() => expect(rows()).toBe('a,b,c'));
    expect(load.mock.calls.at(-1)?.[0]).toMatchObject({ offset: 2, limit: 10 });
  });

  it('reload asks again for every row shown, in one request, and replaces them', async () => {
    const { load, calls } = controlledLoad();
    const { list } = renderList('/list', load);
    await waitFor(() => expect(calls).toHaveLength(1));
    await act(async () =>
      calls[0]?.settle(
        Array.from({ length: 10 }, (_, i) => `a${i}`),
        40,
      ),
    );
    act(() => list().showMore());
    await waitFor(() => expect(calls).toHaveLength(2));
    await act(async () =>
      calls[1]?.settle(
        Array.from({ length: 10 }, (_, i) => `b${i}`),
        40,
      ),
    );
    await waitFor(() => expect(list().rows).toHaveLength(20));
    act(() => list().reload());
    await waitFor(() => expect(calls).toHaveLength(3));
    expect(calls[2]?.query).toMatchObject({ offset: 0, limit: 20 });
    await act(async () => calls[2]?.settle(['only'], 1));
    await waitFor(() => expect(rows()).toBe('only'));
  });

  it('edit changes the rows shown with an immer recipe, leaving the old value untouched', async () => {
    const { load, calls } = controlledLoad();
    const { list } = renderList('/list', load);
    await waitFor(() => expect(calls).toHaveLength(1));
    await act(async () => calls[0]?.settle(['a', 'b'], 2));
    const before = list().rows;
    act(() =>
      list().edit((draft) => {
        draft.rows.splice(1, 0, 'copy');
        draft.total += 1;
      }),
    );
    await waitFor(() => expect(rows()).toBe('a,copy,b'));
    expect(list().total).toBe(3);
    expect(before).toEqual(['a', 'b']);
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

  it('in local mode the state stays in the component (no router needed); a new key starts again', async () => {
    const { load, calls } = controlledLoad();
    const seen: { list: TestList | null } = { list: null };
    const view = render(<Probe mode="local" load={load} seen={seen} listKey="one" />);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.query).toEqual({ q: '', filter: 'all', sort: 'name', offset: 0, limit: 10 });
    await act(async () => calls[0]?.settle(['a'], 5));
    act(() => seen.list?.showMore());
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]?.query).toMatchObject({ offset: 1 });
    await act(async () => calls[1]?.settle(['b'], 5));
    await waitFor(() => expect(rows()).toBe('a,b'));
    view.rerender(<Probe mode="local" load={load} seen={seen} listKey="two" />);
    await waitFor(() => expect(calls).toHaveLength(3));
    expect(calls[2]?.query).toMatchObject({ offset: 0, limit: 10 });
    await act(async () => calls[2]?.settle(['z'], 1));
    await waitFor(() => expect(rows()).toBe('z'));
    expect(seen.list?.query.offset).toBe(0);
    expect(calls).toHaveLength(3);
  });
});
