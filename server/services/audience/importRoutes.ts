import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ContactImportState, ImportRefusal } from '../../../domain/contactImport.ts';
import {
  importChunkBodySchema,
  importCreateBodySchema,
  importIdSchema,
} from '../../../domain/contactImportSchemas.ts';
import type { AppContext } from '../../lib/AppContext.ts';
import { authGuard, currentAuth } from '../../lib/sessions.ts';
import { createImport } from './createImport.ts';
import type { ImportJobs } from './ImportJobs.ts';
import { importRefusalsCsv, importStatus } from './importQueries.ts';
import { saveImportChunk } from './saveImportChunk.ts';
import { startImport } from './startImport.ts';

/**
 * CSV import of contacts: the wizard sends the import's settings (import_create/, which may create the
 * list), then the file in pieces (import_chunk/), then import_start/; a background job on pg-boss
 * (ImportJobs) imports it while import_status/ reports the progress; import_refusals_csv/ downloads the rows
 * not imported (refused, or left out as duplicates).
 * Another organisation's import is a 404. See docs/audiences.md, "Lists and import".
 */
export function importRoutes(
  ctx: AppContext,
  jobs: Pick<ImportJobs, 'queue' | 'wake'>,
): FastifyPluginAsyncZod {
  const { db, config } = ctx;
  const tags = ['audience import'];

  return async (app) => {
    app.addHook('onRequest', authGuard(ctx.sessions, config));

    app.post(
      'import_create/',
      {
        schema: {
          tags,
          summary: 'Start an import: its settings and list (an existing one or a new one)',
          description:
            'Form: file_name, mapping (JSON: contact field -> column number, email required; company, website ' +
            'and country among the fields), custom_columns (JSON list of { name, column }: columns kept as ' +
            'custom fields of the contact), headers (JSON list of the header cells), has_header (1/0), ' +
            'total_rows (the rows the wizard counted), duplicate_policy (first, last or skip: which row of an ' +
            'email the file repeats is imported; default first), delimiter (the separator the wizard found), ' +
            "list_id or list_name (a new list; a name that exists answers 'List with that name already exists').",
          body: importCreateBodySchema,
        },
      },
      async (request): Promise<{ success: true; import_id: number; list_id: number | null }> => {
        const { user } = currentAuth(request);
        const created = await createImport(db, user, request.body);
        return { success: true, import_id: created.importId, list_id: created.listId };
      },
    );

    app.post(
      'import_chunk/',
      {
        schema: {
          tags,
          summary: "One piece of the import's file (JSON body)",
          description:
            'JSON: import_id, seq (0, 1, 2 ... in order), text (at most 262,144 characters of the file). ' +
            'Sending a piece again replaces it. Only while the import is uploading.',
          body: importChunkBodySchema,
        },
      },
      async (request): Promise<{ success: true }> => {
        const { user } = currentAuth(request);
        await saveImportChunk(db, user.org_id, request.body);
        return { success: true };
      },
    );

    app.post(
      'import_start/',
      {
        schema: {
          tags,
          summary: 'Queue the uploaded import; a background job runs it',
          body: importIdSchema,
        },
      },
      async (request): Promise<{ success: true }> => {
        const { user } = currentAuth(request);
        await startImport(db, jobs, user.org_id, request.body.import_id);
        return { success: true };
      },
    );

    app.get(
      'import_status/',
      {
        schema: {
          tags,
          summary:
            "An import's progress and counts, with its first rows not imported (refused or duplicates)",
          querystring: importIdSchema,
        },
      },
      async (request): Promise<{ success: true; data: ContactImportState; refusals: ImportRefusal[] }> => {
        const { user } = currentAuth(request);
        return { success: true, ...(await importStatus(db, user.org_id, request.query.import_id)) };
      },
    );

    app.get(
      'import_refusals_csv/',
      {
        schema: {
          tags,
          summary: 'The rows an import did not import as CSV (row, reason, then the row as it was)',
          description: 'Cells starting with =, +, - or @ get a leading apostrophe (no spreadsheet formulas).',
          querystring: importIdSchema,
        },
      },
      async (request, reply) => {
        const { user } = currentAuth(request);
        const refused = await importRefusalsCsv(db, user.org_id, request.query.import_id);
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${refused.fileName}"`)
          .send(refused.csv);
      },
    );
  };
}
