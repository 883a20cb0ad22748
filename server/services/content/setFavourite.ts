import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { notFound } from '../../lib/AppError.ts';
import { ARTICLE_NOT_FOUND, visibleTo } from './articleListing.ts';

/** Marks or unmarks an article as one of the user's favourites (idempotent). */
export async function setFavourite(
  db: Kysely<Database>,
  viewer: { orgId: number; userId: number },
  articleId: number,
  isFavourite: boolean,
): Promise<void> {
  const { rows } = await sql<{ id: number }>`
    select a.id from articles a where a.id = ${articleId} and ${visibleTo(viewer.orgId)}
  `.execute(db);
  if (rows.length === 0) throw notFound(ARTICLE_NOT_FOUND);
  if (isFavourite)
    await db
      .insertInto('article_favourites')
      .values({ user_id: viewer.userId, article_id: articleId })
      .onConflict((oc) => oc.columns(['user_id', 'article_id']).doNothing())
      .execute();
  else
    await db
      .deleteFrom('article_favourites')
      .where('user_id', '=', viewer.userId)
      .where('article_id', '=', articleId)
      .execute();
}
