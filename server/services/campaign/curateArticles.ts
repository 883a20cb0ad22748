import { type Kysely, sql } from 'kysely';
import type { CurationResult } from '../../../domain/contentArticles.ts';
import type { Database } from '../../db/schema.ts';
import { notFound } from '../../lib/AppError.ts';
import { ARTICLE_NOT_FOUND, type Viewer, visibleTo } from '../content/articleListing.ts';
import { curatedEditionSummary } from './curatedEditionSummary.ts';
import { isoTime } from './isoTime.ts';
import { lockCurationTarget } from './lockCurationTarget.ts';
import { touchCuratedEdition } from './touchCuratedEdition.ts';

/**
 * curated_articles/: adds articles to a draft edition, after its last one, in the order given, in one
 * transaction; an article the edition holds already is not added again and is named in
 * articles_already_curated. Something added bumps the edition, the email and the campaign (to the top).
 */
export async function curateArticles(
  db: Kysely<Database>,
  viewer: Viewer,
  input: {
    articleIds: number[];
    versionId: number | null;
    emailId: number | null;
    campaignId: number | null;
  },
): Promise<CurationResult> {
  return db.transaction().execute(async (trx) => {
    const edition = await lockCurationTarget(trx, viewer.orgId, input);
    const { rows: visible } = await sql<{ id: number }>`
      select a.id from articles a where a.id = any(${input.articleIds}::int[]) and ${visibleTo(viewer.orgId)}
    `.execute(trx);
    if (visible.length !== input.articleIds.length) throw notFound(ARTICLE_NOT_FOUND);
    const held = new Set(
      (
        await trx
          .selectFrom('edition_articles')
          .select('article_id')
          .where('version_id', '=', edition.id)
          .where('article_id', 'in', input.articleIds)
          .execute()
      ).map((row) => row.article_id),
    );
    const toAdd = input.articleIds.filter((id) => !held.has(id));
    let lastUpdate: Date | null = null;
    if (toAdd.length > 0) {
      await sql`
        insert into edition_articles (version_id, article_id, position, added_by)
        select ${edition.id}, t.id,
          (select coalesce(max(position), 0) from edition_articles where version_id = ${edition.id}) + t.n,
          ${viewer.userId}
        from unnest(${toAdd}::int[]) with ordinality as t(id, n)
        on conflict (version_id, article_id) do nothing
      `.execute(trx);
      lastUpdate = await touchCuratedEdition(trx, viewer.orgId, edition);
    } else {
      const row = await trx
        .selectFrom('email_versions')
        .select('updated_at')
        .where('id', '=', edition.id)
        .executeTakeFirstOrThrow();
      lastUpdate = row.updated_at as unknown as Date;
    }
    const summary = await curatedEditionSummary(trx, edition.id);
    return {
      version_id: edition.id,
      email_id: edition.email_id,
      campaign_id: edition.campaign_id,
      articles_count: summary.count,
      last_update: isoTime(lastUpdate),
      image: summary.image,
      added_article_ids: toAdd,
      articles_already_curated: input.articleIds.filter((id) => held.has(id)),
    };
  });
}
