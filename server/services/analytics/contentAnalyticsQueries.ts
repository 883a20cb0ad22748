import { type RawBuilder, sql } from 'kysely';
import type { CONTENT_SORTS } from '../../../domain/analyticsContactSchemas.ts';
import type { AnalyticsSelection } from '../../../domain/analyticsSchemas.ts';
import { firstOfItsKindWindow } from '../../lib/eventIdentity.ts';
import { likePattern } from '../../lib/likePattern.ts';
import {
  type AnalyticsScope,
  type AnalyticsUser,
  type Db,
  resolveScope,
  scopeMoments,
  scopeRows,
} from './analyticsScope.ts';
import { clickedArticles } from './engagementQueries.ts';
import { periodOf } from './statsQueries.ts';

/** Contacts shown on an article's card. */
export const ARTICLE_THUMBNAIL_CONTACTS = 5;

type ClickedBy = { contact_id: number; contactName: string; contactEmail: string; clickCount: number };

/** Whether the scope keeps only some emails: of chosen campaigns or workflows, by a user, picked ones. */
export function narrowsEmails(scope: AnalyticsScope): boolean {
  return (
    scope.campaigns !== null ||
    scope.excludeCampaigns.length > 0 ||
    scope.workflows !== null ||
    scope.userId !== null ||
    scope.shareTypes.length > 0 ||
    scope.emails.only ||
    scope.emails.exclude.length > 0
  );
}

/**
 * The article-and-contact rows of the scope's emails, in the rollup's shape and by its rules, counted from
 * the click events themselves (which carry their email, campaign and workflow): clicks are the clicks that
 * count once (eventIdentity), first and last the times of every click. A repeat always has its original's
 * email, so keeping some emails keeps whole groups of repeats.
 */
function articleContactsOfEmails(scope: AnalyticsScope): RawBuilder<unknown> {
  return sql`(select x.org_id, x.article_id, x.contact_id, x.is_test,
      count(*) filter (where x.counts) as clicks,
      min(x.occurred_at) as first_click_at, max(x.occurred_at) as last_click_at
    from (select e.org_id, e.article_id, e.contact_id, e.is_test, e.occurred_at,
        ${firstOfItsKindWindow('e')} as counts
      from email_event e
      where e.kind = 'clicked' and e.article_id is not null and e.contact_id is not null
        and ${scopeRows(scope, 'e')}) x
    group by x.org_id, x.article_id, x.contact_id, x.is_test)`;
}

/**
 * content_listing/: the articles clicked in the period (by real or test sends), searched by title, most
 * clicked first; each with its first five contacts by clicks, and the total of articles and of clicks.
 * Without a choice of emails the rollup of clicks per article and contact answers; a choice of campaigns,
 * workflows, emails or a user counts the clicks of those emails' events by the same rules.
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
  const source = narrowsEmails(scope) ? articleContactsOfEmails(scope) : sql`analytics_article_contact`;
  const parts = [
    sql`ac.org_id = ${scope.orgId}`,
    sql`ac.is_test = ${scope.isTest}`,
    scopeMoments(scope, 'ac.last_click_at'),
  ];
  if (body.search_content) parts.push(sql`ar.title ilike ${likePattern(body.search_content)}`);
  const where = sql.join(parts, sql` and `);
  const page = await clickedArticles(db, where, body, source);
  const score = await sql<{ clicks: number | string | null }>`
    select coalesce(sum(ac.clicks), 0) as clicks
    from ${source} ac join articles ar on ar.id = ac.article_id where ${where}`.execute(db);
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
        from ${source} ac join articles ar on ar.id = ac.article_id
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
