import type { AudienceListsPage } from '../domain/audienceLists.ts';
import { serviceClient } from './serviceClient.ts';

const audience = serviceClient('audience');

/**
 * The audience service (server/services/audience, base /api/audience/): people, accounts, lists, import,
 * forms and sales groups. Sections below, one per part of the area.
 */
export const audienceApi = {
  // Lists

  /** GET lists_listing/: a page of the organisation's lists, newest first, optionally searched by name. */
  listLists: async (
    page: { offset: number; limit: number; searchWord?: string },
    signal?: AbortSignal,
  ): Promise<AudienceListsPage> => {
    const answer = await audience.get<{ success: true } & AudienceListsPage>('lists_listing/', {
      query: { offset: page.offset, limit: page.limit, search_word: page.searchWord ?? '' },
      signal,
    });
    return { total_count: answer.total_count, data: answer.data };
  },
};

export type AudienceApi = typeof audienceApi;
