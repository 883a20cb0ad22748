import { sql } from 'kysely';
import { type ContactImportState, csvLine, type ImportRefusal } from '../../../domain/contactImport.ts';
import type { Db } from '../../db/Db.ts';
import { notFound } from '../../lib/AppError.ts';

/** The refused rows shown on screen (all are in the download). */
const REFUSALS_SHOWN = 20;

/** An import of the organisation, with its list's name; another organisation's is a 404. */
export async function ownImport(db: Db, orgId: number, importId: number) {
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

/** import_status/: an import's progress and counts, with its first rows not imported. */
export async function importStatus(
  db: Db,
  orgId: number,
  importId: number,
): Promise<{ data: ContactImportState; refusals: ImportRefusal[] }> {
  const row = await ownImport(db, orgId, importId);
  const refusals = await db
    .selectFrom('audience_import_refusals')
    .select(['row_number', 'reason', 'cells', 'kind'])
    .where('import_id', '=', row.id)
    .orderBy('row_number')
    .limit(REFUSALS_SHOWN)
    .execute();
  const emailColumn = row.mapping.email ?? 0;
  return {
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
}

/**
 * import_refusals_csv/: the rows an import did not import as CSV (row, reason, then the row as it was;
 * csvLine keeps spreadsheet formulas out), with a file name made from the imported file's.
 */
export async function importRefusalsCsv(
  db: Db,
  orgId: number,
  importId: number,
): Promise<{ fileName: string; csv: string }> {
  const row = await ownImport(db, orgId, importId);
  const refusals = await sql<{ row_number: number; reason: string; cells: string[] }>`
    select row_number, reason, cells from audience_import_refusals
    where import_id = ${row.id} order by row_number`.execute(db);
  const width = Math.max(row.headers.length, ...refusals.rows.map((r) => r.cells.length));
  const header = ['Row', 'Reason'];
  for (let i = 0; i < width; i++) header.push(row.headers[i] ?? `Column ${i + 1}`);
  const lines = [csvLine(header)];
  for (const r of refusals.rows) lines.push(csvLine([String(r.row_number), r.reason, ...r.cells]));
  const safeName = row.file_name.replace(/[^\w.-]+/g, '_').replace(/\.csv$/i, '');
  return { fileName: `${safeName}-refused-rows.csv`, csv: `\uFEFF${lines.join('\r\n')}\r\n` };
}
