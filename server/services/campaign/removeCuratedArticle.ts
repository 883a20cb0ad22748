import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { notFound } from '../../lib/AppError.ts';
import type { Viewer } from '../content/articleListing.ts';
import { curatedEditionSummary } from './curatedEditionSummary.ts';
import { isoTime } from './isoTime.ts';
import { lockCurationTarget } from './lockCurationTarget.ts';
import { touchCuratedEdition } from './touchCuratedEdition.ts';

const NOT_IN_EDITION = 'This article is not in the edition.';

/** delete_curated_article/: takes an article out of a draft edition. */
export async function removeCuratedArticle(
  db: Kysely<Database>,
  viewer: Viewer,
  versionId: number,
  articleId: number,
): Promise<{ articles_count: number; last_update: string; image: string | null }> {
  return db.transaction().execute(async (trx) => {
    const edition = await lockCurationTarget(trx, viewer.orgId, {
      versionId,
      emailId: null,
      campaignId: null,
    });
    const removed = await trx
      .deleteFrom('edition_articles')
      .where('version_id', '=', edition.id)
      .where('article_id', '=', articleId)
      .returning('article_id')
      .executeTakeFirst();
    if (!removed) throw notFound(NOT_IN_EDITION);
    const lastUpdate = await touchCuratedEdition(trx, viewer.orgId, edition);
    const summary = await curatedEditionSummary(trx, edition.id);
    return { articles_count: summary.count, last_update: isoTime(lastUpdate), image: summary.image };
  });
}
