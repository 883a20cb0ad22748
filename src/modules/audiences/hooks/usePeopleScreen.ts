import { useRouter, useSearch } from '@tanstack/react-router';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  PEOPLE_PAGE_SIZE,
  type PeopleFilters,
  type PeopleScope,
  type PeopleSelection,
  type PeopleTab,
  type PeopleTabCounts,
  type PersonRow,
} from '../../../../domain/audiencePeople.ts';
import {
  chosenFilters,
  isSearched,
  PEOPLE_LIST_OPTIONS,
  PEOPLE_SORTS,
  peopleListSearchSchema,
  peopleQueryKey,
  peopleSortOf,
} from '../../../../domain/peopleListSearch.ts';
import {
  NO_PEOPLE,
  type PeopleListState,
  type PeopleRowSelection,
  type PeopleRowsPage,
  rowsLoaded,
} from '../../../../domain/peopleListState.ts';
import type { AudienceApi } from '../../../api/audienceApi.ts';
import { useServices } from '../../shared/hooks/ServicesContext.ts';
import { useLoad } from '../../shared/hooks/useLoad.ts';
import { usePagedList } from '../../shared/hooks/usePagedList.ts';
import { NO_SELECTION, type RowSelection } from '../../shared/utils/rowSelection.ts';

/** A link to rows far down the list restores at most this many (then "Show more" goes on from there). */
const MAX_RESTORED_ROWS = 1_000;
/** The most people_listing/ answers at once. */
const MAX_PAGE = 100;

export type CountsStatus = 'counting' | 'counted' | 'failed';

/**
 * The rows of one load: the page at `offset`, appended to the rows shown for the same query; or, when no
 * rows of that query are shown (a link, a reload, Back), every row from the first up to that page.
 */
async function loadRows(
  api: AudienceApi,
  input: { scope: PeopleScope; sort: string; offset: number; limit: number; key: string },
  shown: PeopleListState,
  signal: AbortSignal,
): Promise<PeopleRowsPage> {
  const start = shown.key === input.key && shown.rows.length >= input.offset ? input.offset : 0;
  const end = (start === 0 ? Math.min(input.offset, MAX_RESTORED_ROWS) : input.offset) + input.limit;
  const { column, type } = peopleSortOf(input.sort);
  const rows: PersonRow[] = [];
  let hasMore = false;
  for (let offset = start; offset < end; offset += MAX_PAGE) {
    const page = await api.listPeople(
      {
        scope: input.scope,
        offset,
        limit: Math.min(MAX_PAGE, end - offset),
        sortBy: column,
        sortType: type,
      },
      signal,
    );
    rows.push(...page.data);
    hasMore = page.has_more;
    if (!hasMore) break;
  }
  return { key: input.key, start, rows, hasMore };
}

/**
 * The People screen's state: the tab (the path) and the account (?account_id=); the search, sort and
 * rows shown ("Show more") through the shared paged list, in the address (`q`, `sort`, `offset`); the
 * filters in the address too (`filters`, the JSON people_listing/ takes). The rows are those of the
 * current query only (peopleListState), the three tab totals are counted once per search and filters
 * (people_tab_counts/), the filter counts load while the panel is open; each load says when it failed.
 */
export function usePeopleScreen(tab: PeopleTab, accountId: number | null) {
  const api = useServices().audienceApi;
  const router = useRouter();
  const raw = useSearch({ strict: false }) as Record<string, unknown>;
  const filtersKey = JSON.stringify(peopleListSearchSchema.shape.filters.parse(raw.filters));
  const filters = useMemo(() => JSON.parse(filtersKey) as PeopleFilters, [filtersKey]);

  const [state, setState] = useState<PeopleListState>(NO_PEOPLE);
  const stateRef = useRef(state);
  stateRef.current = state;
  const contextRef = useRef({ tab, filters, accountId });
  contextRef.current = { tab, filters, accountId };

  // Another tab or other filters (the address): the list loads again from its first row.
  const outside = JSON.stringify([tab, filtersKey]);
  const list = usePagedList<PeopleRowsPage, PersonRow, 'all', string>({
    mode: 'url',
    name: 'people',
    key: outside,
    maxLimit: MAX_RESTORED_ROWS,
    rowsOf: (page) => page.rows,
    // people_listing/ does not count (the tabs' totals do): rows lie beyond while a page says so.
    totalOf: (page) => page.rows.length,
    moreAfter: (page) => page.hasMore,
    rowKey: (row) => row.contact_id,
    filters: PEOPLE_LIST_OPTIONS.filters,
    sorts: PEOPLE_SORTS,
    pageSize: PEOPLE_PAGE_SIZE,
    load: (query, signal) => {
      const context = contextRef.current;
      const scope = { ...context, searchWord: query.q };
      const key = peopleQueryKey({ ...context, q: query.q, sort: query.sort });
      return loadRows(api, { ...query, scope, key }, stateRef.current, signal);
    },
  });
  const { reload } = list;
  const q = list.query.q;
  const key = peopleQueryKey({ tab, accountId, q, filters, sort: list.query.sort });
  const scope = useMemo<PeopleScope>(
    () => ({ tab, searchWord: q, filters, accountId }),
    [tab, q, filters, accountId],
  );
  const scopeRef = useRef(scope);
  scopeRef.current = scope;

  useEffect(() => {
    const page = list.latest;
    if (page) setState((current) => rowsLoaded(current, page));
  }, [list.latest]);

  // The three totals, counted once per search and filters (not per tab or page).
  const countsKey = JSON.stringify([q, chosenFilters(filters), accountId]);
  const counts = useLoad(
    async (input: { key: string; scope: PeopleScope }, signal) => ({
      key: input.key,
      totals: await api.peopleTabCounts(input.scope, signal),
    }),
    'people-counts',
  );
  const loadCounts = counts.load;
  const recount = useCallback(
    () => loadCounts({ key: countsKey, scope: scopeRef.current }),
    [loadCounts, countsKey],
  );
  useEffect(() => recount(), [recount]);
  const totals: PeopleTabCounts | null =
    counts.status === 'success' && counts.data?.key === countsKey ? counts.data.totals : null;
  const countsStatus: CountsStatus =
    counts.status === 'failure' ? 'failed' : totals === null ? 'counting' : 'counted';

  // The filter counts, while the panel is open: again when the scope changes.
  const [facetsWanted, setFacetsWanted] = useState(false);
  const facets = useLoad(
    (input: PeopleScope, signal) => api.peopleFilterCounts(input, signal),
    'people-filters',
  );
  const loadFacets = facets.load;
  const facetsKey = JSON.stringify(scope);
  // biome-ignore lint/correctness/useExhaustiveDependencies: facetsKey names what the counts depend on
  useEffect(() => {
    if (facetsWanted) loadFacets(scopeRef.current);
  }, [facetsWanted, facetsKey, loadFacets]);

  // Nothing stays selected across queries.
  const [selection, setSelection] = useState<RowSelection>(NO_SELECTION);
  // biome-ignore lint/correctness/useExhaustiveDependencies: key names the query the selection belongs to
  useEffect(() => setSelection(NO_SELECTION), [key]);

  const setFilters = useCallback(
    (next: PeopleFilters) => {
      const chosen = chosenFilters(next);
      void router.navigate({
        to: router.state.location.pathname,
        search: (previous: Record<string, unknown>) => ({
          ...previous,
          filters: Object.keys(chosen).length > 0 ? chosen : undefined,
        }),
        replace: true,
        resetScroll: false,
      } as never);
    },
    [router],
  );

  const shown = state.key === key ? state : null;
  const rowSelection: PeopleRowSelection =
    selection.mode === 'all'
      ? { mode: 'all', excluded: selection.excluded }
      : { mode: 'ids', ids: selection.ids };
  const apiSelection: PeopleSelection =
    selection.mode === 'all'
      ? { kind: 'all', scope, excludedIds: selection.excluded }
      : { kind: 'ids', ids: selection.ids };

  return {
    tab,
    scope,
    searchText: list.searchText,
    setSearchText: list.setSearchText,
    searched: isSearched(q, filters) || accountId !== null,
    filters,
    setFilters,
    sort: list.query.sort,
    setSort: list.setSort,
    /** The rows of the current query, or null while none are loaded for it. */
    shown,
    /** The rows last loaded, whatever their query (shown dimmed while the current one loads). */
    previousRows: state.rows,
    setState,
    selection,
    setSelection,
    rowSelection,
    apiSelection,
    status: list.status,
    error: list.error,
    /** True when the failed load was "Show more" (the rows above it stand). */
    moreFailed: list.status === 'failure' && shown !== null && list.appending,
    loadingMore: list.status === 'loading' && shown !== null && list.appending,
    loadMore: list.showMore,
    /** Loads the list again where it failed, and the totals if they failed too. */
    retry: () => {
      list.retry();
      if (counts.status === 'failure') recount();
    },
    reloadList: reload,
    totals,
    countsStatus,
    countsError: counts.error,
    recount,
    facets,
    showFacets: setFacetsWanted,
  };
}

export type PeopleScreen = ReturnType<typeof usePeopleScreen>;
