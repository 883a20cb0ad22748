import { sql } from 'kysely';
import type { ArticlePreview } from '../../../domain/contentArticles.ts';
import type { Db } from '../../db/Db.ts';
import { notFound } from '../../lib/AppError.ts';
import { ARTICLE_NOT_FOUND, loadArticles, type Viewer } from '../content/articleListing.ts';
import { EDITION_NOT_FOUND } from './lockCurationTarget.ts';

/** get_article_preview/: an article with an excerpt of its text; with version_id, whether the edition holds it. */
export async function articlePreview(
  db: Db,
  viewer: Viewer,
  articleId: number,
  versionId: number | null,
): Promise<ArticlePreview> {
  let inEdition = false;
  if (versionId !== null) {
    const edition = await db
      .selectFrom('email_versions')
      .select('id')
      .where('id', '=', versionId)
      .where('org_id', '=', viewer.orgId)
      .executeTakeFirst();
    if (!edition) throw notFound(EDITION_NOT_FOUND);
    inEdition =
      (await db
        .selectFrom('edition_articles')
        .select('article_id')
        .where('version_id', '=', versionId)
        .where('article_id', '=', articleId)
        .executeTakeFirst()) !== undefined;
  }
  const article = (await loadArticles(db, viewer, [articleId], '')).get(articleId);
  if (!article) throw notFound(ARTICLE_NOT_FOUND);
  const text = await db
    .selectFrom('articles')
    .select(sql<string>`left(coalesce(content_text, description), 1500)`.as('excerpt'))
    .where('id', '=', articleId)
    .executeTakeFirstOrThrow();
  return { ...article, sent_date: null, clicks: null, content_excerpt: text.excerpt, in_edition: inEdition };
}
