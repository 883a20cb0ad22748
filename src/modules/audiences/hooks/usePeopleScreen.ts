import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  PEOPLE_PAGE_SIZE,
  type PeopleFilters,
  type PeoplePage,
  type PeopleScope,
  type PeopleSelection,
  type PeopleSortColumn,
  type PeopleTab,
} from '../../../../domain/audiencePeople.ts';
import { normaliseSearchTerm } from '../../../../domain/normaliseSearchTerm.ts';
import {
  countsLoaded,
  initialPeopleListState,
  type PeopleListState,
  type PeopleRowSelection,
  pageLoaded,
  scopeChanged,
} from '../../../../domain/peopleListState.ts';
import type { TableSort } from '../../../ui/Table.tsx';
import { useServices } from '../../shared/hooks/ServicesContext.ts';
import { useDebouncedValue } from '../../shared/hooks/useDebouncedValue.ts';
import { useLoad } from '../../shared/hooks/useLoad.ts';
import { NO_SELECTION, type RowSelection } from '../../shared/utils/rowSelection.ts';

type PageLoad = { tab: PeopleTab; offset: number; scope: PeopleScope; sort: TableSort };
type PageResult = { tab: PeopleTab; offset: number; key: string; page: PeoplePage };

const NO_SORT: TableSort = { columnId: 'full_name', direction: 'NOSORT' };

/**
 * The People screen's state: the tab (from the address), the search (settles after 300 ms), filters, sort,
 * every tab's rows and totals (peopleListState), the selection, and the loads (one load machine each for
 * the page, the tab totals and the filter counts; a newer query supersedes the one in flight).
 */
export function usePeopleScreen(tab: PeopleTab, accountId: number | null) {
  const api = useServices().audienceApi;
  const [searchText, setSearchText] = useState('');
  const searchWord = normaliseSearchTerm(useDebouncedValue(searchText)).term;
  const [filters, setFilters] = useState<PeopleFilters>({});
  const [sort, setSort] = useState<TableSort>(NO_SORT);
  const [state, setState] = useState<PeopleListState>(initialPeopleListState);
  const [selection, setSelection] = useState<RowSelection>(NO_SELECTION);

  const scope = useMemo<PeopleScope>(
    () => ({ tab, searchWord, filters, accountId }),
    [tab, searchWord, filters, accountId],
  );
  /** What the loaded rows depend on besides the tab. */
  const scopeKey = JSON.stringify([searchWord, filters, accountId, sort]);

  const pages = useLoad<PageLoad, PageResult>(async (input, signal) => {
    const page = await api.listPeople(
      {
        scope: input.scope,
        offset: input.offset,
        limit: PEOPLE_PAGE_SIZE,
        sortBy: input.sort.direction === 'NOSORT' ? null : (input.sort.columnId as PeopleSortColumn),
        sortType: input.sort.direction,
      },
      signal,
    );
    const { tab: _tab, ...rest } = input.scope;
    return {
      tab: input.tab,
      offset: input.offset,
      key: JSON.stringify([rest.searchWord, rest.filters, rest.accountId, input.sort]),
      page,
    };
  }, 'people');
  const counts = useLoad((input: PeopleScope, signal) => api.peopleTabCounts(input, signal), 'people-counts');
  const facets = useLoad(
    (input: PeopleScope, signal) => api.peopleFilterCounts(input, signal),
    'people-filters',
  );

  const loadPage = pages.load;
  const loadCounts = counts.load;
  const scopeRef = useRef(scope);
  scopeRef.current = scope;
  const sortRef = useRef(sort);
  sortRef.current = sort;

  // A new search, filters or sort: every tab loads again, nothing stays selected.
  // biome-ignore lint/correctness/useExhaustiveDependencies: scopeKey names what the rows depend on
  useEffect(() => {
    setState((current) => scopeChanged(current));
    setSelection(NO_SELECTION);
    loadCounts(scopeRef.current);
  }, [scopeKey, loadCounts]);

  // The tab shown loads its first page when it has none for this scope (or was marked for cleanup).
  const stale = state[tab].stale;
  // biome-ignore lint/correctness/useExhaustiveDependencies: scopeKey asks again when the scope changes
  useEffect(() => {
    if (stale) loadPage({ tab, offset: 0, scope: scopeRef.current, sort: sortRef.current });
  }, [tab, stale, scopeKey, loadPage]);

  // A tab change starts with nothing selected.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the selection resets when the tab changes
  useEffect(() => setSelection(NO_SELECTION), [tab]);

  const keyRef = useRef(scopeKey);
  keyRef.current = scopeKey;
  useEffect(() => {
    const result = pages.data;
    if (!result || result.key !== keyRef.current) return;
    setState((current) => pageLoaded(current, result.tab, result.offset, result.page));
  }, [pages.data]);
  useEffect(() => {
    if (counts.data)
      setState((current) => countsLoaded(current, counts.data as NonNullable<typeof counts.data>));
  }, [counts.data]);

  const loadMore = useCallback(() => {
    loadPage({ tab, offset: state[tab].rows.length, scope: scopeRef.current, sort: sortRef.current });
  }, [loadPage, tab, state]);
  const retry = useCallback(() => {
    loadPage({ tab, offset: 0, scope: scopeRef.current, sort: sortRef.current });
    loadCounts(scopeRef.current);
  }, [loadPage, loadCounts, tab]);

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
    searchText,
    setSearchText,
    searched: searchWord !== '' || Object.values(filters).some((values) => values && values.length > 0),
    filters,
    setFilters,
    sort,
    setSort,
    state,
    setState,
    selection,
    setSelection,
    rowSelection,
    apiSelection,
    pageStatus: pages.status,
    pageError: pages.error,
    loadMore,
    retry,
    reloadCounts: () => loadCounts(scopeRef.current),
    facets,
  };
}

export type PeopleScreen = ReturnType<typeof usePeopleScreen>;
