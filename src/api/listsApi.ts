import type { ListContactKind } from '../../domain/audienceListSchemas.ts';
import type {
  AudienceListContactsPage,
  AudienceListDetails,
  AudienceListSummary,
  AudienceListsPage,
} from '../../domain/audienceLists.ts';
import { audienceService, type SearchedPage, searchedPage } from './audienceService.ts';

/** The lists calls of the audience service. */
export const listsApi = {
  /** GET lists_listing/: a page of the organisation's lists, newest first, optionally searched by name. */
  listLists: (page: SearchedPage, signal?: AbortSignal): Promise<AudienceListsPage> =>
    searchedPage('lists_listing/', page, signal),

  /** POST create_list/: an empty list, on top. A name that exists is refused ('List with that name already exists'). */
  createList: async (name: string, signal?: AbortSignal): Promise<AudienceListSummary> =>
    (
      await audienceService.post<{ data: AudienceListSummary }>(
        'create_list/',
        { list_name: name },
        { signal, errorCatalogue: false },
      )
    ).data,

  /** POST rename_list/. */
  renameList: async (
    input: { listId: number; name: string },
    signal?: AbortSignal,
  ): Promise<AudienceListSummary> =>
    (
      await audienceService.post<{ data: AudienceListSummary }>(
        'rename_list/',
        { list_id: input.listId, list_name: input.name },
        { signal, errorCatalogue: false },
      )
    ).data,

  /** POST clone_list/: the copy (members included), which goes right after the original. */
  cloneList: async (listId: number, signal?: AbortSignal): Promise<AudienceListSummary> =>
    (
      await audienceService.post<{ data: AudienceListSummary }>(
        'clone_list/',
        { list_id: listId },
        { signal, errorCatalogue: false },
      )
    ).data,

  /** POST delete_list/: refused with a message while a workflow uses the list. */
  deleteList: async (listId: number, signal?: AbortSignal): Promise<number> =>
    (
      await audienceService.post<{ list_id: number }>(
        'delete_list/',
        { list_id: listId },
        { signal, errorCatalogue: false },
      )
    ).list_id,

  /** GET list_details/: the list and the first page of its profiled and non-profiled contacts. */
  listDetails: async (listId: number, signal?: AbortSignal): Promise<AudienceListDetails> => {
    const answer = await audienceService.get<AudienceListDetails>('list_details/', {
      query: { list_id: listId },
      signal,
    });
    return { list: answer.list, profiled: answer.profiled, unprofiled: answer.unprofiled };
  },

  /** GET list_details/ with kind: one page of the list's profiled or non-profiled contacts. */
  listContacts: async (
    input: { listId: number; kind: ListContactKind; offset: number; limit: number },
    signal?: AbortSignal,
  ): Promise<AudienceListContactsPage> => {
    const answer = await audienceService.get<AudienceListDetails>('list_details/', {
      query: { list_id: input.listId, kind: input.kind, offset: input.offset, limit: input.limit },
      signal,
    });
    return answer[input.kind];
  },
};
