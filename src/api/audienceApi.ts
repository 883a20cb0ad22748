import type { ListContactKind } from '../domain/audienceListSchemas.ts';
import type {
  AudienceListContactsPage,
  AudienceListDetails,
  AudienceListSummary,
  AudienceListsPage,
} from '../domain/audienceLists.ts';
import type { ContactImportState, ImportMapping, ImportRefusal } from '../domain/contactImport.ts';
import { serviceBases } from './serviceBases.ts';
import { serviceClient } from './serviceClient.ts';

const audience = serviceClient('audience');

/*
 * Calls whose refusals the screens show themselves (on a field, in a dialog or a toast) pass
 * errorCatalogue: false, so a 400 such as 'List with that name already exists' does not open the global
 * error page.
 */

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

  /** POST create_list/: an empty list, on top. A name that exists is refused ('List with that name already exists'). */
  createList: async (name: string, signal?: AbortSignal): Promise<AudienceListSummary> =>
    (
      await audience.post<{ data: AudienceListSummary }>(
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
      await audience.post<{ data: AudienceListSummary }>(
        'rename_list/',
        { list_id: input.listId, list_name: input.name },
        { signal, errorCatalogue: false },
      )
    ).data,

  /** POST clone_list/: the copy (members included), which goes right after the original. */
  cloneList: async (listId: number, signal?: AbortSignal): Promise<AudienceListSummary> =>
    (
      await audience.post<{ data: AudienceListSummary }>(
        'clone_list/',
        { list_id: listId },
        { signal, errorCatalogue: false },
      )
    ).data,

  /** POST delete_list/: refused with a message while a workflow uses the list. */
  deleteList: async (listId: number, signal?: AbortSignal): Promise<number> =>
    (
      await audience.post<{ list_id: number }>(
        'delete_list/',
        { list_id: listId },
        { signal, errorCatalogue: false },
      )
    ).list_id,

  /** GET list_details/: the list and the first page of its profiled and non-profiled contacts. */
  listDetails: async (listId: number, signal?: AbortSignal): Promise<AudienceListDetails> => {
    const answer = await audience.get<AudienceListDetails>('list_details/', {
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
    const answer = await audience.get<AudienceListDetails>('list_details/', {
      query: { list_id: input.listId, kind: input.kind, offset: input.offset, limit: input.limit },
      signal,
    });
    return answer[input.kind];
  },

  // Import

  /** POST import_create/: an import's settings and list (list_id, or list_name for a new list). */
  createImport: async (
    input: {
      fileName: string;
      mapping: ImportMapping;
      headers: string[];
      totalRows: number;
      listId?: number;
      listName?: string;
    },
    signal?: AbortSignal,
  ): Promise<{ importId: number; listId: number | null }> => {
    const answer = await audience.post<{ import_id: number; list_id: number | null }>(
      'import_create/',
      {
        file_name: input.fileName,
        mapping: JSON.stringify(input.mapping),
        headers: JSON.stringify(input.headers),
        has_header: 1,
        total_rows: input.totalRows,
        ...(input.listId !== undefined ? { list_id: input.listId } : {}),
        ...(input.listName !== undefined ? { list_name: input.listName } : {}),
      },
      { signal, errorCatalogue: false },
    );
    return { importId: answer.import_id, listId: answer.list_id };
  },

  /** POST import_chunk/ (JSON): one piece of the file, in order from 0. */
  sendImportChunk: async (
    input: { importId: number; seq: number; text: string },
    signal?: AbortSignal,
  ): Promise<void> => {
    await audience.postJson(
      'import_chunk/',
      { import_id: input.importId, seq: input.seq, text: input.text },
      { signal, errorCatalogue: false },
    );
  },

  /** POST import_start/: the server's background job imports the uploaded file. */
  startImport: async (importId: number, signal?: AbortSignal): Promise<void> => {
    await audience.post('import_start/', { import_id: importId }, { signal, errorCatalogue: false });
  },

  /** GET import_status/: the import's progress and counts, with its first refused rows. */
  importStatus: async (
    importId: number,
    signal?: AbortSignal,
  ): Promise<{ data: ContactImportState; refusals: ImportRefusal[] }> => {
    const answer = await audience.get<{ data: ContactImportState; refusals: ImportRefusal[] }>(
      'import_status/',
      { query: { import_id: importId }, signal },
    );
    return { data: answer.data, refusals: answer.refusals };
  },

  /** Where the refused rows download (CSV) of an import is. */
  refusalsCsvUrl: (importId: number): string =>
    `${serviceBases.audience}import_refusals_csv/?import_id=${encodeURIComponent(String(importId))}`,
};

export type AudienceApi = typeof audienceApi;
