import type { SortType } from '../../domain/audiencePeople.ts';
import { serviceClient } from './serviceClient.ts';

/**
 * The audience service (server/services/audience, base /api/audience/): people, accounts, lists, import,
 * forms and sales groups. Its calls are in one module per part of the area (peopleApi, accountsApi,
 * listsApi, importApi, formsApi, groupsApi), gathered in audienceApi.
 */
export const audienceService = serviceClient('audience');

/**
 * Calls whose refusals the screens show themselves (on a field, in a dialog or a toast: a taken address ...)
 * pass errorCatalogue: false, so a 400 such as 'List with that name already exists' does not open the global
 * error page.
 */
export const LOCAL_ERRORS = { errorCatalogue: false } as const;

/** A page asked for by offset, limit and an optional search word (every searched listing of the service). */
export type SearchedPage = { offset: number; limit: number; searchWord?: string };

/** GET of a searched listing: its total and the page's rows. */
export async function searchedPage<Row>(
  path: string,
  page: SearchedPage,
  signal?: AbortSignal,
): Promise<{ total_count: number; data: Row[] }> {
  const answer = await audienceService.get<{ success: true; total_count: number; data: Row[] }>(path, {
    query: { offset: page.offset, limit: page.limit, search_word: page.searchWord ?? '' },
    signal,
  });
  return { total_count: answer.total_count, data: answer.data };
}

/** A sorted page of a listing (people, accounts): its offset and limit, and the column and direction of its sort. */
export type SortedPage<Column extends string> = {
  offset: number;
  limit: number;
  sortBy: Column | null;
  sortType: SortType;
};

/** A sorted page as query fields: offset and limit, with sort_by and sort_type unless it is unsorted. */
export function sortedPageFields<Column extends string>(page: SortedPage<Column>) {
  return {
    offset: page.offset,
    limit: page.limit,
    ...(page.sortBy && page.sortType !== 'NOSORT' ? { sort_by: page.sortBy, sort_type: page.sortType } : {}),
  };
}
