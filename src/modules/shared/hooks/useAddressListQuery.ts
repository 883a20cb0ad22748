import { useMatch, useRouter, useSearch } from '@tanstack/react-router';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  type PagedListOptions,
  type PagedListSearch,
  pagedListParams,
  pagedListSearchSchema,
} from '../../../../domain/pagedListSearch.ts';
import { type ListQuerySource, sameListQuery } from './useLocalListQuery.ts';

/**
 * The URL mode's query (a route's list, so a list is a link): read from the address's `q`, `filter`,
 * `sort` and `offset`, and written back with replace (Back is not a list of keystrokes; defaults left out).
 * An address changed from outside (a link, Back) is followed, and `follow` hears its search term.
 */
export function useAddressListQuery<F extends string, S extends string>(
  options: PagedListOptions<F, S>,
  follow: (q: string) => void,
): ListQuerySource<F, S> {
  const schema = useMemo(() => pagedListSearchSchema(options), [options]);
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
  const queryRef = useRef(query);
  // Addresses this hook wrote and the router has not yet reported back.
  const written = useRef<string[]>([]);

  const change = useCallback(
    (patch: Partial<PagedListSearch<F, S>>) => {
      const next = { ...queryRef.current, ...patch };
      if (sameListQuery(next, queryRef.current)) return false;
      queryRef.current = next;
      setQuery(next);
      if (
        withoutTrailingSlash(router.history.location.pathname) !== withoutTrailingSlash(pathnameRef.current)
      )
        return true;
      written.current.push(JSON.stringify(next));
      const params = pagedListParams(next, options);
      void router.navigate({
        to: pathnameRef.current,
        search: (previous: Record<string, unknown>) => ({ ...previous, ...params }),
        replace: true,
        // Typing a search or showing more keeps the scroll position (the page is not left).
        resetScroll: false,
      } as never);
      return true;
    },
    [router, options],
  );

  const followRef = useRef(follow);
  followRef.current = follow;
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
    followRef.current(parsed.q);
  }, [addressKey]);

  const current = useCallback(() => queryRef.current, []);
  return { query, current, change };
}

/** '/automation/' and '/automation' are one page. */
function withoutTrailingSlash(path: string): string {
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}
