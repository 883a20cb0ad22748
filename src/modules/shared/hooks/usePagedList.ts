import { useMatch, useRouter, useSearch } from '@tanstack/react-router';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { normaliseSearchTerm } from '../../../../domain/normaliseSearchTerm.ts';
import {
  NO_SORT,
  type PagedListOptions,
  type PagedListSearch,
  pagedListParams,
  pagedListSearchSchema,
} from '../../../../domain/pagedListSearch.ts';
import type { RequestFailure } from '../../../../domain/requestFailure.ts';
import type { LoadStatus } from '../../../../machines/loadMachine.ts';
import { useDebouncedValue } from './useDebouncedValue.ts';
import { type LoadRun, useLoad } from './useLoad.ts';

/** What a list screen asks its service for: the settled search term, filter, sort and the page. */
export type PagedListQuery<F extends string, S extends string> = PagedListSearch<F, S> & { limit: number };

export type PagedListConfig<F extends string, S extends string, TAnswer> = {
  /** The filters the list offers; the first is the default. */
  filters: PagedListOptions<F, S>['filters'];
  /** The sorts the list offers; the first is the default. None: the service's order. */
  sorts?: PagedListOptions<F, S>['sorts'];
  /** The load actor's name in the session log ("load:<name>"). */
  name: string;
  pageSize: number;
  load: LoadRun<PagedListQuery<F, S>, TAnswer>;
  /**
   * Set for a list that grows ("Load more"): a later page is appended to what is shown, offset 0
   * replaces it. Without it, each page replaces the last (numbered pages).
   */
  append?: (shown: TAnswer, page: TAnswer) => TAnswer;
};

export type PagedList<F extends string, S extends string, TAnswer> = {
  /** The search field's text (the query follows it once it settles, blank resetting the search). */
  searchText: string;
  setSearchText: (text: string) => void;
  /** The query of the latest load: settled search, filter, sort, offset. */
  query: PagedListSearch<F, S>;
  setFilter: (filter: F) => void;
  setSort: (sort: S) => void;
  /** Shows the page starting at offset (appended when the list grows, replacing otherwise). */
  setOffset: (offset: number) => void;
  /**
   * Loads the current query again (after a change on the server), optionally at another offset; a list
   * with `append` starts again at offset 0.
   */
  reload: (offset?: number) => void;
  status: LoadStatus;
  /** The rows shown: the latest page, or with `append` every page loaded since offset 0. */
  data: TAnswer | null;
  error: RequestFailure | null;
};

/**
 * One list screen's plumbing: search (debounced, blank resets), filter, sort and paging, loaded through
 * the load machine (a newer query supersedes the one in flight, without an error), with the state in the
 * address's query parameters (`q`, `filter`, `sort`, `offset`; defaults left out) so a list is a link.
 * A new search, filter or sort starts again at offset 0. The address is written with replace, so Back
 * leaves the list as before; an address changed from outside (a link) is followed.
 */
export function usePagedList<F extends string, S extends string, TAnswer>(
  config: PagedListConfig<F, S, TAnswer>,
): PagedList<F, S, TAnswer> {
  const { filters, pageSize, name } = config;
  const sorts = config.sorts ?? (NO_SORT as unknown as PagedListOptions<F, S>['sorts']);
  const schema = useMemo(() => pagedListSearchSchema({ filters, sorts }), [filters, sorts]);
  const router = useRouter();
  // The page this list is on: a search that settles after the user has left it (a click on a row while the
  // debounce runs) must not write its terms into the next page's address.
  const pathname = useMatch({ strict: false, select: (match) => match.pathname });
  const pathnameRef = useRef(pathname);
  pathnameRef.current = pathname;
  const rawSearch = useSearch({ strict: false }) as Record<string, unknown>;
  const fromAddress = schema.parse(rawSearch) as PagedListSearch<F, S>;
  const addressKey = JSON.stringify(fromAddress);

  const [query, setQuery] = useState<PagedListSearch<F, S>>(() => fromAddress);
  const [seq, setSeq] = useState(0);
  const [searchText, setSearchText] = useState(fromAddress.q);
  const settled = normaliseSearchTerm(useDebouncedValue(searchText)).term;

  const configRef = useRef(config);
  configRef.current = config;
  const list = useLoad<PagedListQuery<F, S>, TAnswer>(
    (input, signal) => configRef.current.load(input, signal),
    name,
  );
  const { load } = list;

  const queryRef = useRef(query);
  // Addresses this hook wrote and the router has not yet reported back.
  const written = useRef<string[]>([]);

  // The state goes to the address (replace: Back is not a list of every keystroke).
  const change = useCallback(
    (patch: Partial<PagedListSearch<F, S>>) => {
      const next = { ...queryRef.current, ...patch };
      const key = JSON.stringify(next);
      if (key === JSON.stringify(queryRef.current)) return;
      queryRef.current = next;
      setQuery(next);
      if (
        withoutTrailingSlash(router.history.location.pathname) !== withoutTrailingSlash(pathnameRef.current)
      )
        return;
      written.current.push(key);
      const params = pagedListParams(next, { filters, sorts });
      void router.navigate({
        to: pathnameRef.current,
        search: (previous: Record<string, unknown>) => ({ ...previous, ...params }),
        replace: true,
        // Typing a search or turning a page keeps the scroll position (the page is not left).
        resetScroll: false,
      } as never);
    },
    [router, filters, sorts],
  );

  // A settled search term that differs from the query's starts again from the first page.
  useEffect(() => {
    if (settled !== queryRef.current.q) change({ q: settled, offset: 0 });
  }, [settled, change]);

  // An address changed from outside (a link to a filtered list, Back) is followed.
  useEffect(() => {
    const mine = written.current.indexOf(addressKey);
    if (mine >= 0) {
      written.current.splice(0, mine + 1);
      return;
    }
    if (JSON.stringify(queryRef.current) === addressKey) return;
    const parsed = JSON.parse(addressKey) as PagedListSearch<F, S>;
    queryRef.current = parsed;
    setQuery(parsed);
    setSearchText((text) => (normaliseSearchTerm(text).term === parsed.q ? text : parsed.q));
  }, [addressKey]);

  const [shown, setShown] = useState<TAnswer | null>(null);
  const requested = useRef(query.offset);
  // biome-ignore lint/correctness/useExhaustiveDependencies: seq asks for the same query again (reload)
  useEffect(() => {
    requested.current = query.offset;
    load({ ...query, limit: pageSize });
  }, [query, seq, pageSize, load]);

  useEffect(() => {
    const page = list.data;
    if (page === null) return;
    const append = configRef.current.append;
    setShown((current) =>
      append && current !== null && requested.current > 0 ? append(current, page) : page,
    );
  }, [list.data]);

  return {
    searchText,
    setSearchText,
    query,
    setFilter: useCallback((filter: F) => change({ filter, offset: 0 }), [change]),
    setSort: useCallback((sort: S) => change({ sort, offset: 0 }), [change]),
    setOffset: useCallback((offset: number) => change({ offset }), [change]),
    reload: useCallback(
      (offset?: number) => {
        // A growing list loads again from its first page (appending again would repeat rows).
        const at = offset ?? (configRef.current.append ? 0 : undefined);
        if (at !== undefined) change({ offset: at });
        setSeq((n) => n + 1);
      },
      [change],
    ),
    status: list.status,
    data: shown,
    error: list.error,
  };
}

/** '/automation/' and '/automation' are one page. */
function withoutTrailingSlash(path: string): string {
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}
