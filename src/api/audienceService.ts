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
