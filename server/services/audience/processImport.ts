import { type Kysely, sql } from 'kysely';
import { checkImportRow, isEmptyRow } from '../../../domain/contactImport.ts';
import type { Database } from '../../db/schema.ts';
import { duplicateRule, importFormat, importText, parseRows } from './importFile.ts';
import {
  type ImportBatch,
  type ImportProgress,
  ImportSuperseded,
  listStartsWorkflows,
  writeImportBatch,
} from './writeImportBatch.ts';

/** Data rows a batch covers at least (one statement and one transaction each); it ends with a parsed piece. */
export const IMPORT_BATCH_ROWS = 10_000;

/**
 * How a run of an import ended: the file is imported ('done'), the run stopped at a batch's end with rows
 * left ('more': its time was up, or it was asked to stop), or there was nothing for it to do ('gone': the
 * import is finished, deleted, or another run moved it on).
 */
export type ImportRunOutcome = 'done' | 'more' | 'gone';

export type ImportRunOptions = {
  /** Stop at the first batch's end after this time (Date.now() ms). */
  until?: number;
  /** Stop at the next batch's end when this answers true (the process is stopping). */
  stopping?: () => boolean;
};

/** The import as a run reads it. */
async function loadImport(db: Kysely<Database>, importId: number) {
  return db
    .selectFrom('audience_imports')
    .select([
      'id',
      'org_id',
      'list_id',
      'status',
      'mapping',
      'custom_columns',
      'has_header',
      'duplicate_policy',
      'delimiter',
      'cursor_char',
      'processed_rows',
      'inserted',
      'updated',
      'refused',
      'duplicates',
      'empty_rows',
    ])
    .where('id', '=', importId)
    .executeTakeFirst();
}

/**
 * Runs an import from where its last committed batch left it, batch by batch, until the file ends or the
 * run is told to stop. The file's text is read from its stored pieces; the rows the duplicate policy
 * leaves out are told by duplicateRule (the same answer every run); the rows from the import's place in
 * the file (cursor_char) go through papaparse and are written in
 * batches of at least IMPORT_BATCH_ROWS (writeImportBatch), each moving the counts and the place with its
 * writes. A run that dies is taken up by another from the last committed batch: nothing is written twice
 * and the counts stay exact. At the end the import is done and its stored file deleted.
 */
export async function processImport(
  db: Kysely<Database>,
  importId: number,
  options: ImportRunOptions = {},
): Promise<ImportRunOutcome> {
  const job = await loadImport(db, importId);
  if (!job || (job.status !== 'queued' && job.status !== 'running')) return 'gone';
  // The screen says "Importing" from now on, not "Waiting to start".
  if (job.status === 'queued')
    await db
      .updateTable('audience_imports')
      .set({ status: 'running' })
      .where('id', '=', job.id)
      .where('status', '=', 'queued')
      .execute();
  const text = await importText(db, job.id);
  const format = importFormat(text, job.delimiter);
  const duplicateOf = await duplicateRule(text, format, job, job.cursor_char);
  // A list an active workflow starts on ("subscribes to a list"): its new members go through the one
  // list-subscription path, which enrols them; any other list gets its members in the upsert itself.
  const watched = job.list_id !== null && (await listStartsWorkflows(db, job.org_id, job.list_id));
  let progress: ImportProgress = job;
  let line = job.cursor_char === 0 ? 0 : job.processed_rows + (job.has_header ? 1 : 0);
  let batch: ImportBatch = emptyBatch(job.cursor_char);
  const stopNow = () =>
    (options.until !== undefined && Date.now() >= options.until) || options.stopping?.() === true;
  try {
    const read = await parseRows(text, job.cursor_char, format, async (rows, cursor) => {
      for (const cells of rows) {
        line++;
        if (line === 1 && job.has_header) continue;
        batch.rows++;
        if (isEmptyRow(cells)) {
          batch.emptyRows++;
          continue;
        }
        const check = checkImportRow(cells, job.mapping, job.custom_columns);
        const duplicate = check.ok ? duplicateOf(line, check.values.email.toLowerCase()) : null;
        if (!check.ok) batch.notImported.push({ line, reason: check.reason, cells, kind: 'refused' });
        else if (duplicate) batch.notImported.push({ line, reason: duplicate, cells, kind: 'duplicate' });
        else batch.good.push({ values: check.values, custom: check.custom });
      }
      batch.cursor = cursor;
      if (batch.rows < IMPORT_BATCH_ROWS) return true;
      progress = await writeImportBatch(db, job, progress, batch, watched);
      batch = emptyBatch(cursor);
      return !stopNow();
    });
    if (read === 'stopped') return 'more';
    if (batch.rows > 0 || batch.cursor !== progress.cursor_char)
      progress = await writeImportBatch(db, job, progress, batch, watched);
  } catch (error) {
    if (error instanceof ImportSuperseded) return 'gone';
    throw error;
  }
  await finishImport(db, job.id, progress.cursor_char);
  return 'done';
}

function emptyBatch(cursor: number): ImportBatch {
  return { good: [], notImported: [], rows: 0, emptyRows: 0, cursor };
}

/** Marks the import done (its total: the rows read) and deletes its stored file, if this run still holds it. */
async function finishImport(db: Kysely<Database>, importId: number, cursor: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const done = await trx
      .updateTable('audience_imports')
      .set({ status: 'done', finished_at: sql`now()`, total_rows: sql`processed_rows` })
      .where('id', '=', importId)
      .where('cursor_char', '=', cursor)
      .where('status', 'in', ['queued', 'running'])
      .returning('id')
      .executeTakeFirst();
    if (done) await trx.deleteFrom('audience_import_chunks').where('import_id', '=', importId).execute();
  });
}

/** Marks an import failed with a message the screen shows (its job gave up). */
export async function failImport(db: Kysely<Database>, importId: number): Promise<void> {
  await db
    .updateTable('audience_imports')
    .set({
      status: 'failed',
      finished_at: sql`now()`,
      error: 'The file could not be imported. Try again, or import a smaller file.',
    })
    .where('id', '=', importId)
    .where('status', 'in', ['queued', 'running'])
    .execute();
}
