import { sql } from 'kysely';
import type { Db } from '../../db/Db.ts';

/** How many articles an AI variant carries. */
export const AI_ARTICLES = 5;

export type AiArticle = { id: number; title: string; summary: string };

/**
 * The articles an AI email is written around: the ones curated most recently into the campaign's editions;
 * a campaign with none (or no campaign) takes the newest of the organisation's pool and the global pool.
 */
export async function aiArticles(db: Db, orgId: number, campaignId: number | null): Promise<AiArticle[]> {
  if (campaignId !== null) {
    const { rows } = await sql<AiArticle>`
      select a.id, a.title, a.description as summary
      from articles a
      join (
        select ea.article_id, max(ea.added_at) as added_at
        from edition_articles ea
        join email_versions v on v.id = ea.version_id
        join emails e on e.id = v.email_id
        where e.campaign_id = ${campaignId} and e.org_id = ${orgId}
        group by ea.article_id
      ) curated on curated.article_id = a.id
      where a.org_id is null or a.org_id = ${orgId}
      order by curated.added_at desc, a.id desc
      limit ${AI_ARTICLES}`.execute(db);
    if (rows.length > 0) return rows;
  }
  return db
    .selectFrom('articles as a')
    .select(['a.id', 'a.title', 'a.description as summary'])
    .where((eb) => eb.or([eb('a.org_id', 'is', null), eb('a.org_id', '=', orgId)]))
    .orderBy('a.published_at', 'desc')
    .orderBy('a.id', 'desc')
    .limit(AI_ARTICLES)
    .execute();
}
