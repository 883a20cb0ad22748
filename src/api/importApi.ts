import type {
  ContactImportState,
  CustomColumn,
  DuplicatePolicy,
  ImportDelimiter,
  ImportMapping,
  ImportRefusal,
} from '../../domain/contactImport.ts';
import { audienceService } from './audienceService.ts';

/** The contact import calls of the audience service. */
export const importApi = {
  /**
   * POST import_create/: an import's settings (columns matched to fields and kept as custom fields, what to
   * do with a repeated email, the separator) and list (list_id, or list_name for a new list).
   */
  createImport: async (
    input: {
      fileName: string;
      mapping: ImportMapping;
      customColumns: CustomColumn[];
      duplicatePolicy: DuplicatePolicy;
      delimiter: ImportDelimiter;
      headers: string[];
      totalRows: number;
      listId?: number;
      listName?: string;
    },
    signal?: AbortSignal,
  ): Promise<{ importId: number; listId: number | null }> => {
    const answer = await audienceService.post<{ import_id: number; list_id: number | null }>(
      'import_create/',
      {
        file_name: input.fileName,
        mapping: JSON.stringify(input.mapping),
        custom_columns: JSON.stringify(input.customColumns),
        duplicate_policy: input.duplicatePolicy,
        delimiter: input.delimiter,
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
    await audienceService.postJson(
      'import_chunk/',
      { import_id: input.importId, seq: input.seq, text: input.text },
      { signal, errorCatalogue: false },
    );
  },

  /** POST import_start/: the server's background job imports the uploaded file. */
  startImport: async (importId: number, signal?: AbortSignal): Promise<void> => {
    await audienceService.post('import_start/', { import_id: importId }, { signal, errorCatalogue: false });
  },

  /** GET import_status/: the import's progress and counts, with its first rows not imported. */
  importStatus: async (
    importId: number,
    signal?: AbortSignal,
  ): Promise<{ data: ContactImportState; refusals: ImportRefusal[] }> => {
    const answer = await audienceService.get<{ data: ContactImportState; refusals: ImportRefusal[] }>(
      'import_status/',
      { query: { import_id: importId }, signal },
    );
    return { data: answer.data, refusals: answer.refusals };
  },

  /** Where the download (CSV) of an import's rows not imported is. */
  refusalsCsvUrl: (importId: number): string =>
    `${audienceService.base}import_refusals_csv/?import_id=${encodeURIComponent(String(importId))}`,
};
