import { sql } from 'kysely';
import type { CONTENT_SORTS } from '../../../domain/analyticsContactSchemas.ts';
import type { AnalyticsSelection } from '../../../domain/analyticsSchemas.ts';
import { likePattern } from '../../lib/likePattern.ts';
import { type AnalyticsUser, type Db, resolveScope, scopeMoments } from './analyticsScope.ts';
import { clickedArticles } from './engagementQueries.ts';
import { periodOf } from './statsQueries.ts';

/** Contacts shown on an article's card. */
export const ARTICLE_THUMBNAIL_CONTACTS = 5;

type ClickedBy = { contact_id: number; contactName: string; contactEmail: string; clickCount: number };

/**
 * content_listing/: the articles clicked in the period (by real or test sends), searched by title, most
 * clicked first; each with its first five contacts by clicks, and the total of articles and of clicks.
 * Article clicks are kept per article and contact, so campaign and email choices do not narrow them.
 */
export async function contentListing(
  db: Db,
  user: AnalyticsUser,
  body: AnalyticsSelection & {
    limit: number;
    offset: number;
    search_content: string;
    sort_by?: (typeof CONTENT_SORTS)[number];
    order_by: 'ASC' | 'DESC' | 'NOSORT';
  },
) {
  const scope = await resolveScope(db, user, body);
  const parts = [
    sql`ac.org_id = ${scope.orgId}`,
    sql`ac.is_test = ${scope.isTest}`,
    scopeMoments(scope, 'ac.last_click_at'),
  ];
  if (body.search_content) parts.push(sql`ar.title ilike ${likePattern(body.search_content)}`);
  const where = sql.join(parts, sql` and `);
  const page = await clickedArticles(db, where, body);
  const score = await sql<{ clicks: number | string | null }>`
    select coalesce(sum(ac.clicks), 0) as clicks
    from analytics_article_contact ac join articles ar on ar.id = ac.article_id where ${where}`.execute(db);
  const ids = page.data.map((a) => a.article_id);
  const thumbnails =
    ids.length === 0
      ? []
      : (
          await sql<ClickedBy & { article_id: number }>`
      select x.article_id, x.contact_id, x."contactName", x."contactEmail", x."clickCount" from (
        select ac.article_id, c.id as contact_id, trim(c.first_name || ' ' || c.last_name) as "contactName",
          c.email as "contactEmail", ac.clicks as "clickCount",
          row_number() over (partition by ac.article_id order by ac.clicks desc, ac.last_click_at desc, c.id) as n
        from analytics_article_contact ac join articles ar on ar.id = ac.article_id
        join contacts c on c.id = ac.contact_id
        where ${where} and ac.article_id in (${sql.join(ids.map((id) => sql`${id}`))})
      ) x where x.n <= ${ARTICLE_THUMBNAIL_CONTACTS} order by x.article_id, x.n`.execute(db)
        ).rows;
  return {
    total_count: page.total_count,
    total_articles_count: page.total_count,
    total_article_score: Number(score.rows[0]?.clicks ?? 0),
    data: page.data.map((article) => ({
      ...article,
      articleId: article.article_id,
      clickedBy: {
        contacts: thumbnails
          .filter((t) => t.article_id === article.article_id)
          .map(({ article_id: _, ...contact }) => ({ ...contact, clickCount: Number(contact.clickCount) })),
      },
    })),
    period: periodOf(scope),
  };
}
