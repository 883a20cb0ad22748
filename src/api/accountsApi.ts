import type { AccountSortColumn, AccountsPage, SortType } from '../../domain/audiencePeople.ts';
import { audienceService } from './audienceService.ts';

export type AccountsPageQuery = {
  searchWord: string;
  offset: number;
  limit: number;
  sortBy: AccountSortColumn | null;
  sortType: SortType;
};

/** The accounts calls of the audience service. */
export const accountsApi = {
  /** GET accounts_listing/. */
  listAccounts: async (query: AccountsPageQuery, signal?: AbortSignal): Promise<AccountsPage> => {
    const answer = await audienceService.get<{ success: true } & AccountsPage>('accounts_listing/', {
      query: {
        search_word: query.searchWord.trim(),
        offset: query.offset,
        limit: query.limit,
        ...(query.sortBy && query.sortType !== 'NOSORT'
          ? { sort_by: query.sortBy, sort_type: query.sortType }
          : {}),
      },
      signal,
    });
    return { total_count: answer.total_count, data: answer.data };
  },
};
