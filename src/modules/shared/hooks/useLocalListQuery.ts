import { useCallback, useRef, useState } from 'react';
import {
  type PagedListOptions,
  type PagedListSearch,
  pagedListDefaults,
} from '../../../../domain/pagedListSearch.ts';

/** Where a paged list keeps its search, filter, sort and offset: the address, or the component. */
export type ListQuerySource<F extends string, S extends string> = {
  query: PagedListSearch<F, S>;
  /** The query as last changed (ahead of `query` until the next render). */
  current: () => PagedListSearch<F, S>;
  /** Applies a change; false when it changes nothing. */
  change: (patch: Partial<PagedListSearch<F, S>>) => boolean;
};

/** Two queries are the same list state. */
export function sameListQuery<F extends string, S extends string>(
  a: PagedListSearch<F, S>,
  b: PagedListSearch<F, S>,
): boolean {
  return a.q === b.q && a.filter === b.filter && a.sort === b.sort && a.offset === b.offset;
}

/**
 * The local mode's query (a list inside a dialog, a card or a side panel): held by the component, starting
 * from the defaults, gone when it closes.
 */
export function useLocalListQuery<F extends string, S extends string>(
  options: PagedListOptions<F, S>,
  _follow: (q: string) => void,
): ListQuerySource<F, S> {
  const [query, setQuery] = useState(() => pagedListDefaults(options));
  const ref = useRef(query);
  const change = useCallback((patch: Partial<PagedListSearch<F, S>>) => {
    const next = { ...ref.current, ...patch };
    if (sameListQuery(next, ref.current)) return false;
    ref.current = next;
    setQuery(next);
    return true;
  }, []);
  const current = useCallback(() => ref.current, []);
  return { query, current, change };
}
