import { type RawBuilder, sql } from 'kysely';
import type { CONTENT_SORTS } from '../../../domain/analyticsContactSchemas.ts';
import type { AnalyticsSelection } from '../../../domain/analyticsSchemas.ts';
import { firstOfItsKindWindow } from '../../lib/eventIdentity.ts';
import { likePattern } from '../../lib/likePattern.ts';
import { listingOrder } from './analyticsListing.ts';
import {
  type AnalyticsScope,
  type AnalyticsUser,
  type Db,
  resolveScope,
  scopeMoments,
  scopeRows,
} from './analyticsScope.ts';
import { periodOf } from './statsQueries.ts';

/** Contacts shown on an article's card. */
export const ARTICLE_THUMBNAIL_CONTACTS = 5;

type ClickedBy = { contact_id: number; contactName: string; contactEmail: string; clickCount: number };

/** An article of a content_listing/ page (alias p: its sums; ar: the article), as the query answers it. */
type ListedArticle = {
  article_id: number;
  article_title: string;
  article_url: string;
  website: string;
  image_url: string | null;
  clicks: number | string;
  clicked_by: number | string;
  first_click_at: string | Date;
  last_click_at: string | Date;
  total_count: number | string;
  total_clicks: number | string;
  contacts: ClickedBy[] | null;
};

/** The sorts of content by article, on an article's sums (alias p) and the article (ar). */
const CONTENT_SORT_SQL: Record<(typeof CONTENT_SORTS)[number], RawBuilder<unknown>> = {
  article_title: sql`lower(ar.title)`,
  clicks: sql`p.clicks`,
  clicked_by: sql`p.clicked_by`,
  last_click: sql`p.last_click_at`,
};

/** How many articles and clicks the rows hold (a page past the end still says them). */
async function articleTotals(
  db: Db,
  source: RawBuilder<unknown>,
  where: RawBuilder<unknown>,
  search: string,
): Promise<{ articles: number; clicks: number }> {
  const { rows } = await sql<{ articles: number | string; clicks: number | string | null }>`
    select count(distinct ac.article_id) as articles, coalesce(sum(ac.clicks), 0) as clicks
    from ${source} ac ${search ? sql`join articles ar on ar.id = ac.article_id` : sql``}
    where ${where}`.execute(db);
  return { articles: Number(rows[0]?.articles ?? 0), clicks: Number(rows[0]?.clicks ?? 0) };
}

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
export function articleContactsOfEmails(scope: AnalyticsScope): RawBuilder<unknown> {
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
  const inPeriod = sql.join(
    [
      sql`ac.org_id = ${scope.orgId}`,
      sql`ac.is_test = ${scope.isTest}`,
      scopeMoments(scope, 'ac.last_click_at'),
    ],
    sql` and `,
  );
  const where = body.search_content
    ? sql`${inPeriod} and ar.title ilike ${likePattern(body.search_content)}`
    : inPeriod;
  const order = listingOrder(
    CONTENT_SORT_SQL,
    body.sort_by,
    body.order_by,
    sql`p.clicks desc`,
    sql`p.article_id desc`,
  );
  // One statement: the period's article and contact rows are summed per article straight from the index
  // on their last click (which covers them) before the few articles are joined; the page's thumbnails read
  // the rows of its articles alone.
  const { rows } = await sql<ListedArticle>`
    with per_article as (
      select ac.article_id, sum(ac.clicks) as clicks, count(*) as clicked_by,
        min(ac.first_click_at) as first_click_at, max(ac.last_click_at) as last_click_at
      from ${source} ac ${body.search_content ? sql`join articles ar on ar.id = ac.article_id` : sql``}
      where ${where} group by ac.article_id
    ), listed as (
      select p.*, ar.title as article_title, ar.link as article_url, ar.website, ar.image_url,
        count(*) over () as total_count, sum(p.clicks) over () as total_clicks,
        row_number() over (order by ${order}) as position
      from per_article p join articles ar on ar.id = p.article_id
      order by ${order}
      limit ${body.limit} offset ${body.offset}
    ), thumbnails as (
      select x.article_id, json_agg(json_build_object('contact_id', c.id,
          'contactName', trim(c.first_name || ' ' || c.last_name), 'contactEmail', c.email,
          'clickCount', x.clicks) order by x.n) as contacts
      from (
        select ac.article_id, ac.contact_id, ac.clicks,
          row_number() over (partition by ac.article_id order by ac.clicks desc, ac.last_click_at desc, ac.contact_id) as n
        from ${source} ac where ${inPeriod} and ac.article_id in (select article_id from listed)
      ) x join contacts c on c.id = x.contact_id
      where x.n <= ${ARTICLE_THUMBNAIL_CONTACTS}
      group by x.article_id
    )
    select l.*, t.contacts from listed l left join thumbnails t on t.article_id = l.article_id
    order by l.position`.execute(db);
  const total = rows[0]
    ? { articles: Number(rows[0].total_count), clicks: Number(rows[0].total_clicks) }
    : await articleTotals(db, source, where, body.search_content);
  const page = {
    total_count: total.articles,
    data: rows.map((r) => ({
      article_id: r.article_id,
      article_title: String(r.article_title),
      article_url: String(r.article_url),
      website: String(r.website),
      image_url: r.image_url == null ? null : String(r.image_url),
      clicks: Number(r.clicks ?? 0),
      clicked_by: Number(r.clicked_by ?? 0),
      first_click_at: new Date(r.first_click_at).toISOString(),
      last_click_at: new Date(r.last_click_at).toISOString(),
      contacts: (r.contacts ?? []).map((c) => ({ ...c, clickCount: Number(c.clickCount) })),
    })),
  };
  return {
    total_count: page.total_count,
    total_articles_count: page.total_count,
    total_article_score: total.clicks,
    data: page.data.map(({ contacts, ...article }) => ({
      ...article,
      articleId: article.article_id,
      clickedBy: { contacts },
    })),
    period: periodOf(scope),
  };
}
