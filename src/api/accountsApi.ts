import type { AccountSortColumn, AccountsPage } from '../../domain/audiencePeople.ts';
import { audienceService, type SortedPage, sortedPageFields } from './audienceService.ts';

export type AccountsPageQuery = SortedPage<AccountSortColumn> & { searchWord: string };

/** The accounts calls of the audience service. */
export const accountsApi = {
  /** GET accounts_listing/. */
  listAccounts: async (query: AccountsPageQuery, signal?: AbortSignal): Promise<AccountsPage> => {
    const answer = await audienceService.get<{ success: true } & AccountsPage>('accounts_listing/', {
      query: {
        search_word: query.searchWord.trim(),
        ...sortedPageFields(query),
      },
      signal,
    });
    return { total_count: answer.total_count, data: answer.data };
  },
};
