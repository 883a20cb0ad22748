import { stripSearchParams } from '@tanstack/react-router';
import {
  NO_FILTER,
  NO_SORT,
  type PagedListOptions,
  pagedListDefaults,
  pagedListSearchSchema,
} from '../../domain/pagedListSearch.ts';

/**
 * What a route whose screen is one paged list (usePagedList's URL mode) adds: `q`, `filter`, `sort` and
 * `offset` typed by validateSearch, and their defaults left out of its addresses.
 */
export function pagedListRouteSearch<F extends string = 'all', S extends string = 'none'>(
  options: Partial<PagedListOptions<F, S>> = {},
) {
  const full = {
    filters: options.filters ?? (NO_FILTER as unknown as readonly [F, ...F[]]),
    sorts: options.sorts ?? (NO_SORT as unknown as readonly [S, ...S[]]),
  };
  return {
    validateSearch: pagedListSearchSchema(full),
    // Typed by each route with its parents' parameters too; this one only strips the list's defaults.
    search: { middlewares: [stripSearchParams(pagedListDefaults(full))] as never[] },
  };
}
