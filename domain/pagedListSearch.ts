import { z } from 'zod';
import { normaliseSearchTerm } from './normaliseSearchTerm.ts';

/**
 * A list screen's state as query parameters, so a list is a link: `q` (the settled search term),
 * `filter`, `sort` and `offset` (the first row of the page shown). Defaults are left out of addresses;
 * a value of the wrong shape falls back to its default, never an error.
 */
export type PagedListSearch<F extends string, S extends string> = {
  q: string;
  filter: F;
  sort: S;
  offset: number;
};

export type PagedListOptions<F extends string, S extends string> = {
  /** The filters the list offers; the first is the default. */
  filters: readonly [F, ...F[]];
  /** The sorts the list offers; the first is the default. */
  sorts: readonly [S, ...S[]];
};

/** The sorts of a list without sorts (the service's order; never written to the address). */
export const NO_SORT = ['none'] as const;

/** The filters of a list without filters (never written to the address). */
export const NO_FILTER = ['all'] as const;

/**
 * The most rows one request of a list may ask for (the services' `limit` cap): a list opened from a link
 * or loaded again asks for every row shown up to its page in one request, at most this many.
 */
export const PAGED_LIST_MAX_LIMIT = 100;

/** The zod schema of a list's query parameters (its first filter and first sort are the defaults). */
export function pagedListSearchSchema<F extends string, S extends string>({
  filters,
  sorts,
}: PagedListOptions<F, S>) {
  return z.object({
    q: z
      .union([z.string(), z.number()])
      .transform((value) => normaliseSearchTerm(String(value)).term)
      .optional()
      .catch(undefined)
      .transform((value) => value ?? ''),
    filter: z
      .enum(filters as [F, ...F[]])
      .optional()
      .catch(undefined)
      .transform((value) => value ?? filters[0]),
    sort: z
      .enum(sorts as [S, ...S[]])
      .optional()
      .catch(undefined)
      .transform((value) => value ?? sorts[0]),
    offset: z.coerce
      .number()
      .int()
      .min(0)
      .optional()
      .catch(undefined)
      .transform((value) => value ?? 0),
  });
}

/** The query parameters of a list state: defaults dropped (undefined), so `/automation` stays bare. */
export function pagedListParams<F extends string, S extends string>(
  state: PagedListSearch<F, S>,
  { filters, sorts }: PagedListOptions<F, S>,
): Record<'q' | 'filter' | 'sort' | 'offset', string | number | undefined> {
  return {
    q: state.q || undefined,
    filter: state.filter === filters[0] ? undefined : state.filter,
    sort: state.sort === sorts[0] ? undefined : state.sort,
    offset: state.offset > 0 ? state.offset : undefined,
  };
}

/** A list's state with every default: what a bare address means. */
export function pagedListDefaults<F extends string, S extends string>({
  filters,
  sorts,
}: PagedListOptions<F, S>): PagedListSearch<F, S> {
  return { q: '', filter: filters[0], sort: sorts[0], offset: 0 };
}
