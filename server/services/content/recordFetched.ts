import { sql } from 'kysely';
import type { Db } from '../../db/Db.ts';
import type { FeedKind } from '../../db/schema.ts';

export async function recordFetched(
  db: Db,
  sourceId: number,
  result: { kind?: FeedKind; etag: string | null; lastModified: string | null },
): Promise<void> {
  await db
    .updateTable('article_sources')
    .set({
      ...(result.kind ? { kind: result.kind } : {}),
      etag: result.etag,
      last_modified: result.lastModified,
      last_fetched_at: sql<Date>`now()`,
      last_error: null,
    })
    .where('id', '=', sourceId)
    .execute();
}
