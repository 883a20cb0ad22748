import type { z } from 'zod';
import {
  PEOPLE_SORT_COLUMNS,
  type PeopleFilters,
  type PeopleSortColumn,
  type PeopleTab,
  type SortType,
} from './audiencePeople.ts';
import { peopleFiltersFieldSchema } from './audiencePeopleSchemas.ts';
import { type PagedListSearch, pagedListDefaults, pagedListSearchSchema } from './pagedListSearch.ts';

/**
 * The People screen's state in its address, so a list of people is a link (/audiences/people/{tab}):
 * `q` (the settled search), `sort` ("none": newest first, or "<column>.ASC|DESC"), `offset` (the rows
 * "Show more" has reached), and `filters`, the same JSON object text people_listing/ takes
 * ({"status":["Subscribed"]}). Defaults are left out; a value of the wrong shape falls back to its default.
 */
const SORTED_COLUMNS = PEOPLE_SORT_COLUMNS.filter((column) => column !== 'contact_name');
export const PEOPLE_SORTS = [
  'none',
  ...SORTED_COLUMNS.flatMap((column) => [`${column}.ASC`, `${column}.DESC`]),
] as [string, ...string[]];
export const PEOPLE_LIST_OPTIONS = { filters: ['all'] as const, sorts: PEOPLE_SORTS };

export const peopleListSearchSchema = pagedListSearchSchema(PEOPLE_LIST_OPTIONS).extend({
  filters: peopleFiltersFieldSchema.catch({}),
});
export type PeopleListSearch = z.output<typeof peopleListSearchSchema>;

/** What a bare /audiences/people/{tab} means (stripped from addresses). */
export const PEOPLE_LIST_DEFAULTS: PeopleListSearch = {
  ...(pagedListDefaults(PEOPLE_LIST_OPTIONS) as PagedListSearch<'all', string>),
  filters: {},
};

/** The column and direction of a sort of the address ("none": newest first). */
export function peopleSortOf(sort: string): { column: PeopleSortColumn | null; type: SortType } {
  const [column, type] = sort.split('.');
  const known = SORTED_COLUMNS.find((c) => c === column);
  if (!known || (type !== 'ASC' && type !== 'DESC')) return { column: null, type: 'NOSORT' };
  return { column: known, type };
}

/** The address's sort of a column and direction (the name column's other id, contact_name, is full_name). */
export function peopleSortKey(column: string, type: SortType): string {
  if (type === 'NOSORT') return 'none';
  const id = column === 'contact_name' ? 'full_name' : column;
  const key = `${id}.${type}`;
  return PEOPLE_SORTS.includes(key) ? key : 'none';
}

/** The filters with the categories that have no value left out ({} when none). */
export function chosenFilters(filters: PeopleFilters): PeopleFilters {
  return Object.fromEntries(
    Object.entries(filters).filter(([, values]) => values && values.length > 0),
  ) as PeopleFilters;
}

/** Whether the scope is narrowed by a search or a filter (its totals are counted, not kept). */
export const isSearched = (q: string, filters: PeopleFilters): boolean =>
  q !== '' || Object.keys(chosenFilters(filters)).length > 0;

/** Names one query of the list: the rows loaded for one key are never shown for another. */
export function peopleQueryKey(query: {
  tab: PeopleTab;
  accountId: number | null;
  q: string;
  filters: PeopleFilters;
  sort: string;
}): string {
  return JSON.stringify([query.tab, query.accountId, query.q, chosenFilters(query.filters), query.sort]);
}
