import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { badRequest } from '../../lib/AppError.ts';
import type { ImportJobs } from './ImportJobs.ts';
import { ownImport } from './importQueries.ts';

/**
 * import_start/: queues an uploaded import (every piece of its file there, in order) with its pg-boss job
 * in one transaction, then wakes the worker. An import that has started already is left as it is.
 */
export async function startImport(
  db: Kysely<Database>,
  jobs: Pick<ImportJobs, 'queue' | 'wake'>,
  orgId: number,
  importId: number,
): Promise<void> {
  const row = await ownImport(db, orgId, importId);
  if (row.status !== 'uploading') return;
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
}
