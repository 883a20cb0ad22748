import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { type ContactImportState, csvLine, type ImportRefusal } from '../../../domain/contactImport.ts';
import {
  importChunkBodySchema,
  importCreateBodySchema,
  importIdSchema,
} from '../../../domain/contactImportSchemas.ts';
import type { AppContext } from '../../lib/AppContext.ts';
import { badRequest, notFound } from '../../lib/AppError.ts';
import { authGuard, currentAuth } from '../../lib/sessions.ts';
import type { ImportJobs } from './ImportJobs.ts';
import { createList } from './listCommands.ts';

/** The refused rows shown on screen (all are in the download). */
const REFUSALS_SHOWN = 20;

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

  async function ownImport(orgId: number, importId: number) {
    const row = await db
      .selectFrom('audience_imports as i')
      .leftJoin('contact_lists as l', 'l.id', 'i.list_id')
      .select([
        'i.id',
        'i.status',
        'i.file_name',
        'i.list_id',
        'l.name as list_name',
        'i.processed_rows',
        'i.total_rows',
        'i.inserted',
        'i.updated',
        'i.refused',
        'i.duplicates',
        'i.duplicate_policy',
        'i.empty_rows',
        'i.error',
        'i.headers',
        'i.mapping',
      ])
      .where('i.id', '=', importId)
      .where('i.org_id', '=', orgId)
      .executeTakeFirst();
    if (!row) throw notFound('That import does not exist.');
    return row;
  }

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
        const body = request.body;
        let listId = body.list_id;
        if (listId !== null) {
          const list = await db
            .selectFrom('contact_lists')
            .select('id')
            .where('id', '=', listId)
            .where('org_id', '=', user.org_id)
            .executeTakeFirst();
          if (!list) throw notFound('That list does not exist.');
        } else if (body.list_name !== undefined) {
          listId = (await createList(db, user, body.list_name)).list_id;
        }
        const row = await db
          .insertInto('audience_imports')
          .values({
            org_id: user.org_id,
            user_id: user.id,
            list_id: listId,
            file_name: body.file_name,
            mapping: JSON.stringify(body.mapping),
            headers: JSON.stringify(body.headers ?? []),
            has_header: body.has_header,
            total_rows: body.total_rows,
            duplicate_policy: body.duplicate_policy,
            custom_columns: JSON.stringify(body.custom_columns),
            delimiter: body.delimiter ?? null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return { success: true, import_id: row.id, list_id: listId };
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
        const { import_id, seq, text } = request.body;
        const row = await ownImport(user.org_id, import_id);
        if (row.status !== 'uploading') throw badRequest('This import has started: its file cannot change.');
        await db
          .insertInto('audience_import_chunks')
          .values({ import_id, seq, body: text })
          .onConflict((oc) => oc.columns(['import_id', 'seq']).doUpdateSet({ body: text }))
          .execute();
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
        const row = await ownImport(user.org_id, request.body.import_id);
        if (row.status !== 'uploading') return { success: true };
        const pieces = await db
          .selectFrom('audience_import_chunks')
          .select('seq')
          .where('import_id', '=', row.id)
          .orderBy('seq')
          .execute();
        if (pieces.length === 0) throw badRequest('The file has not been uploaded.');
        if (pieces.some((piece, index) => piece.seq !== index))
          throw badRequest('A piece of the file is missing: upload it again.');
        await db.transaction().execute(async (trx) => {
          const queued = await trx
            .updateTable('audience_imports')
            .set({ status: 'queued' })
            .where('id', '=', row.id)
            .where('status', '=', 'uploading')
            .returning('id')
            .executeTakeFirst();
          if (queued) await jobs.queue(trx, row.id);
        });
        jobs.wake();
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
        const row = await ownImport(user.org_id, request.query.import_id);
        const refusals = await db
          .selectFrom('audience_import_refusals')
          .select(['row_number', 'reason', 'cells', 'kind'])
          .where('import_id', '=', row.id)
          .orderBy('row_number')
          .limit(REFUSALS_SHOWN)
          .execute();
        const emailColumn = row.mapping.email ?? 0;
        return {
          success: true,
          data: {
            import_id: row.id,
            status: row.status,
            file_name: row.file_name,
            list_id: row.list_id,
            list_name: row.list_name,
            processed_rows: row.processed_rows,
            total_rows: Math.max(row.total_rows, row.processed_rows),
            inserted: row.inserted,
            updated: row.updated,
            refused: row.refused,
            duplicates: row.duplicates,
            duplicate_policy: row.duplicate_policy,
            empty_rows: row.empty_rows,
            error: row.error,
          },
          refusals: refusals.map((r) => ({
            row_number: r.row_number,
            reason: r.reason,
            email: r.cells[emailColumn] ?? '',
            kind: r.kind,
          })),
        };
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
        const row = await ownImport(user.org_id, request.query.import_id);
        const refusals = await sql<{ row_number: number; reason: string; cells: string[] }>`
          select row_number, reason, cells from audience_import_refusals
          where import_id = ${row.id} order by row_number`.execute(db);
        const width = Math.max(row.headers.length, ...refusals.rows.map((r) => r.cells.length));
        const header = ['Row', 'Reason'];
        for (let i = 0; i < width; i++) header.push(row.headers[i] ?? `Column ${i + 1}`);
        const lines = [csvLine(header)];
        for (const r of refusals.rows) lines.push(csvLine([String(r.row_number), r.reason, ...r.cells]));
        const safeName = row.file_name.replace(/[^\w.-]+/g, '_').replace(/\.csv$/i, '');
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${safeName}-refused-rows.csv"`)
          .send(`\uFEFF${lines.join('\r\n')}\r\n`);
      },
    );
  };
}
