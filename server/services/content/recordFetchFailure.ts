import { sql } from 'kysely';
import type { Db } from '../../db/Db.ts';

export async function recordFetchFailure(db: Db, sourceId: number, error: string): Promise<void> {
  await db
    .updateTable('article_sources')
    .set({ last_fetched_at: sql<Date>`now()`, last_error: error.slice(0, 500) })
    .where('id', '=', sourceId)
    .execute();
}
