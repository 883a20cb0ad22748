import type { Db } from '../../db/Db.ts';
import type { NewArticle } from './contentQueries.ts';

/** Inserts the articles a pool does not hold yet (by canonical link); returns the new ones' ids. */
export async function insertNewArticles(
  trx: Db,
  rows: readonly NewArticle[],
): Promise<{ id: number; canonical_link: string }[]> {
  if (rows.length === 0) return [];
  return trx
    .insertInto('articles')
    .values(rows.map((row) => ({ ...row, concepts: '[]' })))
    .onConflict((oc) => oc.columns(['org_id', 'canonical_link']).doNothing())
    .returning(['id', 'canonical_link'])
    .execute();
}
