import { castDraft, type Draft, produce } from 'immer';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { normaliseSearchTerm } from '../../../../domain/normaliseSearchTerm.ts';
import {
  NO_FILTER,
  NO_SORT,
  PAGED_LIST_MAX_LIMIT,
  type PagedListSearch,
} from '../../../../domain/pagedListSearch.ts';
import type { RequestFailure } from '../../../../domain/requestFailure.ts';
import type { LoadStatus } from '../../../../machines/loadMachine.ts';
import type { PagedRows } from '../utils/pagedRows.ts';
import { useAddressListQuery } from './useAddressListQuery.ts';
import { useDebouncedValue } from './useDebouncedValue.ts';
import { type LoadRun, useLoad } from './useLoad.ts';
import { useLocalListQuery } from './useLocalListQuery.ts';

/** What a list asks its service for: the settled search term, filter, sort and the rows wanted. */
export type PagedListQuery<F extends string, S extends string> = PagedListSearch<F, S> & { limit: number };

/**
 * 'url': a route's list, its state in the address so a list is a link. 'local': a list inside a dialog, a
 * card or a side panel, its state held by the component.
 */
export type PagedListMode = 'url' | 'local';

export type PagedListConfig<TAnswer, TRow, F extends string, S extends string> = {
  mode: PagedListMode;
  /** The load actor's name in the session log ("load:<name>"). */
  name: string;
  pageSize: number;
  /** The filters the list offers; the first is the default. None: `NO_FILTER`. */
  filters?: readonly [F, ...F[]];
  /** The sorts the list offers; the first is the default. None: the service's order. */
  sorts?: readonly [S, ...S[]];
  load: LoadRun<PagedListQuery<F, S>, TAnswer>;
  /** The rows of one answer. */
  rowsOf: (answer: TAnswer) => readonly TRow[];
  /** The number of rows the service counts for the query. */
  totalOf: (answer: TAnswer) => number;
  /** A row's identity: a row already shown is not appended twice. */
  rowKey: (row: TRow) => string | number;
  /** Whether rows lie beyond those shown, for a service that does not count them all (default: shown < total). */
  moreAfter?: (answer: TAnswer, query: PagedListQuery<F, S>) => boolean;
  /**
   * What else the load reads (a form's dates, a list's id) as one string: when it changes, the list starts
   * again at its first page.
   */
  key?: string;
  /** False: nothing loads yet (a card whose data is not there). Default true. */
  enabled?: boolean;
  /** The most rows the service gives in one request (default PAGED_LIST_MAX_LIMIT). */
  maxLimit?: number;
};

export type PagedList<TAnswer, TRow, F extends string, S extends string> = {
  /** The search field's text (the query follows it once it settles, blank resetting the search). */
  searchText: string;
  setSearchText: (text: string) => void;
  /** The list's state: settled search, filter, sort, and the offset of the last page asked for. */
  query: PagedListSearch<F, S>;
  setFilter: (filter: F) => void;
  setSort: (sort: S) => void;
  /** Every row loaded since offset 0 (empty before the first answer). */
  rows: TRow[];
  total: number;
  /** The newest answer (for what else it carries: counts, flags), null before the first. */
  latest: TAnswer | null;
  /** Rows lie beyond those shown. */
  hasMore: boolean;
  /** Loads the next page and appends it. */
  showMore: () => void;
  /** Asks again for every row shown (after a change on the server), replacing them. */
  reload: () => void;
  /** Sends the request that failed again. */
  retry: () => void;
  /** Changes the rows shown after a change the server confirmed (an immer recipe: pagedRows.ts). */
  edit: (recipe: (draft: Draft<PagedRows<TRow>>) => void) => void;
  status: LoadStatus;
  /**
   * The latest request is a next page (Show more): while it loads or after it failed, the rows shown stay
   * and the pager shows its state.
   */
  appending: boolean;
  error: RequestFailure | null;
};

type Request<F extends string, S extends string> = PagedListQuery<F, S> & { append: boolean };
type Loaded<TAnswer, F extends string, S extends string> = { request: Request<F, S>; answer: TAnswer };
type Shown<TRow> = PagedRows<TRow> & { more?: boolean };

const NO_ROWS: never[] = [];

/**
 * Every paged list: search (debounced, blank resets), filter, sort and Show more, loaded
 * through the load machine (load / success / fail / reset; a newer query supersedes the one in flight, its
 * request aborted, no error shown). Later pages are appended; offset 0 replaces. A new search, filter,
 * sort or key starts again at the first page. A list opened at an offset (a link, Back) or loaded again
 * asks for every row up to that page in one request (at most `maxLimit`), so it shows what was shown.
 * The mode of a call site never changes, so the same hooks run on every render.
 */
export function usePagedList<TAnswer, TRow, F extends string = 'all', S extends string = 'none'>(
  config: PagedListConfig<TAnswer, TRow, F, S>,
): PagedList<TAnswer, TRow, F, S> {
  const { pageSize, name } = config;
  const maxLimit = config.maxLimit ?? PAGED_LIST_MAX_LIMIT;
  const key = config.key ?? '';
  const enabled = config.enabled ?? true;
  const filters = config.filters ?? (NO_FILTER as unknown as readonly [F, ...F[]]);
  const sorts = config.sorts ?? (NO_SORT as unknown as readonly [S, ...S[]]);
  const options = useMemo(() => ({ filters, sorts }), [filters, sorts]);
  const [mode] = useState(config.mode);
  const useQuerySource = mode === 'url' ? useAddressListQuery : useLocalListQuery;

  // The field's text; null until typed, showing the query's term (from the address in URL mode).
  const [typed, setTyped] = useState<string | null>(null);
  const follow = useCallback(
    (q: string) => setTyped((text) => (text === null || normaliseSearchTerm(text).term === q ? text : q)),
    [],
  );
  const source = useQuerySource<F, S>(options, follow);
  const { query, change, current } = source;
  const searchText = typed ?? query.q;
  const settled = normaliseSearchTerm(useDebouncedValue(searchText)).term;
  // A settled search term that differs from the query's starts again from the first page.
  useEffect(() => {
    if (settled !== current().q) change({ q: settled, offset: 0 });
  }, [settled, change, current]);

  const configRef = useRef(config);
  configRef.current = config;
  const loader = useLoad<Request<F, S>, Loaded<TAnswer, F, S>>(async (request, signal) => {
    const { append: _append, ...asked } = request;
    return { request, answer: await configRef.current.load(asked, signal) };
  }, name);
  const { load } = loader;

  const [shown, setShown] = useState<Shown<TRow> | null>(null);
  const [latest, setLatest] = useState<TAnswer | null>(null);
  const shownRef = useRef(shown);
  shownRef.current = shown;
  const [seq, setSeq] = useState(0);
  const appendNext = useRef(false);
  const reloadNext = useRef(false);
  const last = useRef<{ request: Request<F, S>; key: string; seq: number } | null>(null);
  const clamp = useCallback(
    (rows: number) => Math.min(Math.max(rows, pageSize), maxLimit),
    [pageSize, maxLimit],
  );

  useEffect(() => {
    if (!enabled) return;
    const shownCount = shownRef.current?.rows.length ?? 0;
    const keyChanged = last.current !== null && last.current.key !== key;
    const asked = { q: query.q, filter: query.filter, sort: query.sort };
    let request: Request<F, S>;
    if (keyChanged) {
      request = { ...asked, offset: 0, limit: pageSize, append: false };
      if (query.offset > 0) change({ offset: 0 });
    } else if (appendNext.current && shownCount > 0) {
      request = { ...asked, offset: query.offset, limit: pageSize, append: true };
    } else if (reloadNext.current) {
      request = { ...asked, offset: 0, limit: clamp(shownCount), append: false };
    } else {
      request = { ...asked, offset: 0, limit: clamp(query.offset + pageSize), append: false };
    }
    appendNext.current = false;
    reloadNext.current = false;
    // The same request again (the address catching up with a change made here) is not sent twice.
    const previous = last.current;
    if (
      previous &&
      previous.seq === seq &&
      previous.key === key &&
      JSON.stringify(previous.request) === JSON.stringify(request)
    )
      return;
    last.current = { request, key, seq };
    load(request);
  }, [query, seq, key, enabled, pageSize, clamp, change, load]);

  useEffect(() => {
    const loaded = loader.data;
    if (loaded === null) return;
    const { request, answer } = loaded;
    const { rowsOf, totalOf, rowKey, moreAfter } = configRef.current;
    const fresh = rowsOf(answer);
    setShown((before) => {
      const base: Shown<TRow> = request.append && before ? before : { rows: [], total: 0 };
      return produce(base, (draft) => {
        if (base === before) {
          const seen = new Set(draft.rows.map((row) => rowKey(row as TRow)));
          for (const row of fresh) if (!seen.has(rowKey(row))) draft.rows.push(castDraft(row));
        } else {
          draft.rows = castDraft([...fresh]);
        }
        draft.total = totalOf(answer);
        draft.more = moreAfter ? moreAfter(answer, request) : undefined;
      });
    });
    setLatest(answer);
  }, [loader.data]);

  const statusRef = useRef(loader.status);
  statusRef.current = loader.status;
  const showMore = useCallback(() => {
    const now = shownRef.current;
    // One request at a time: a next page asked while the list loads would mix with what it brings.
    if (!now || statusRef.current === 'loading') return;
    appendNext.current = true;
    // The offset may already be there (rows taken away since): ask again all the same.
    if (!change({ offset: now.rows.length })) setSeq((n) => n + 1);
  }, [change]);

  const rows = shown?.rows ?? NO_ROWS;
  const total = shown?.total ?? 0;
  return {
    searchText,
    setSearchText: setTyped,
    query,
    setFilter: useCallback((filter: F) => void change({ filter, offset: 0 }), [change]),
    setSort: useCallback((sort: S) => void change({ sort, offset: 0 }), [change]),
    rows,
    total,
    latest,
    hasMore: shown ? (shown.more ?? rows.length < total) : false,
    showMore,
    reload: useCallback(() => {
      reloadNext.current = true;
      setSeq((n) => n + 1);
    }, []),
    retry: useCallback(() => {
      if (last.current) load(last.current.request);
    }, [load]),
    edit: useCallback(
      (recipe: (draft: Draft<PagedRows<TRow>>) => void) =>
        setShown((before) =>
          before ? produce(before, (draft) => recipe(draft as Draft<PagedRows<TRow>>)) : before,
        ),
      [],
    ),
    status: loader.status,
    appending: loader.status !== 'success' && last.current?.request.append === true,
    error: loader.error,
  };
}

/** The answer most list calls give (`total_count` and the page's rows as `data`). */
export type CountedPage<TRow> = { total_count: number; data: TRow[] };

/** rowsOf, totalOf and rowKey of a list answered as a CountedPage. */
export function countedRows<TRow>(rowKey: (row: TRow) => string | number) {
  return {
    rowsOf: (answer: CountedPage<TRow>) => answer.data,
    totalOf: (answer: CountedPage<TRow>) => answer.total_count,
    rowKey,
  };
}
