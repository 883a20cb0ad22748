import type { Db } from '../../db/Db.ts';
import { badRequest } from '../../lib/AppError.ts';
import { ownImport } from './importQueries.ts';

/** import_chunk/: one piece of an uploading import's file; sending a piece again replaces it. */
export async function saveImportChunk(
  db: Db,
  orgId: number,
  chunk: { import_id: number; seq: number; text: string },
): Promise<void> {
  const row = await ownImport(db, orgId, chunk.import_id);
  if (row.status !== 'uploading') throw badRequest('This import has started: its file cannot change.');
  await db
    .insertInto('audience_import_chunks')
    .values({ import_id: chunk.import_id, seq: chunk.seq, body: chunk.text })
    .onConflict((oc) => oc.columns(['import_id', 'seq']).doUpdateSet({ body: chunk.text }))
    .execute();
}
