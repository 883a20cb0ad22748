import { type RawBuilder, sql } from 'kysely';
import type { CONTENT_SORTS, EMAIL_ENGAGEMENT_SORTS } from '../../../domain/analyticsContactSchemas.ts';
import type { ContentEngagementRow, EmailEngagementRow } from '../../../domain/analyticsContactTypes.ts';
import type { AnalyticsSelection } from '../../../domain/analyticsSchemas.ts';
import type { AnalyticsPeriod } from '../../../domain/analyticsTypes.ts';
import { notFound } from '../../lib/AppError.ts';
import { likePattern } from '../../lib/likePattern.ts';
import { analyticsListing, listingOrder } from './analyticsListing.ts';
import { type AnalyticsUser, type Db, resolveScope, scopeMoments, scopeRows } from './analyticsScope.ts';
import { periodOf } from './statsQueries.ts';

type Numeric = number | string | null;
type SortType = 'ASC' | 'DESC' | 'NOSORT';

/** Whose engagement: one contact, or every contact of an account (their account when the email went). */
export type Engaged = { contactId: number } | { accountId: number };

/** The organisation's contact or account (else 404), as the condition on a rollup alias. */
export async function engagedRows(db: Db, orgId: number, who: Engaged, alias: string) {
  const table = 'contactId' in who ? 'contacts' : 'accounts';
  const id = 'contactId' in who ? who.contactId : who.accountId;
  const found = await db
    .selectFrom(table)
    .select('id')
    .where('id', '=', id)
    .where('org_id', '=', orgId)
    .executeTakeFirst();
  if (!found) throw notFound('contactId' in who ? 'Contact not found.' : 'Account not found.');
  return sql`${sql.ref(`${alias}.${'contactId' in who ? 'contact_id' : 'account_id'}`)} = ${id}`;
}

const STATUS_HAVING = {
  all: sql`true`,
  delivered: sql`sum(r.delivered) > 0`,
  bounced: sql`sum(r.bounced) > 0`,
  unsubscribed: sql`sum(r.unsubscribed) > 0`,
  opened: sql`sum(r.opened) > 0`,
  clicked: sql`sum(r.clicked) > 0`,
} as const;

const EMAIL_SORTS: Record<(typeof EMAIL_ENGAGEMENT_SORTS)[number], RawBuilder<unknown>> = {
  email_name: sql`lower(e.name)`,
  campaign_name: sql`lower(k.name)`,
  sent_at: sql`max(r.last_sent_at)`,
  opens: sql`sum(r.opened)`,
  clicks: sql`sum(r.clicked)`,
};

const iso = (value: unknown) => (value == null ? null : new Date(value as string).toISOString());

/**
 * contact_email_engagement/ and account_email_engagement/: the selection's emails sent to the contact (or
 * the account's contacts) in the period, each with its state, counts and first open and click; searched
 * by name or subject, by state, or only those opened or clicked; the latest send first by default.
 */
export async function emailEngagement(
  db: Db,
  user: AnalyticsUser,
  who: Engaged,
  body: AnalyticsSelection & {
    limit: number;
    offset: number;
    search_term: string;
    status: keyof typeof STATUS_HAVING;
    sort_by?: (typeof EMAIL_ENGAGEMENT_SORTS)[number];
    sort_type: SortType;
    email_by_unique_opens: boolean;
    email_by_unique_clicks: boolean;
  },
): Promise<{ total_count: number; data: EmailEngagementRow[]; period: AnalyticsPeriod }> {
  const scope = await resolveScope(db, user, body);
  const parts = [
    await engagedRows(db, scope.orgId, who, 'r'),
    scopeRows(scope, 'r'),
    scopeMoments(scope, sql`coalesce(r.last_sent_at, r.last_event_at)`),
  ];
  if (body.search_term)
    parts.push(
      sql`(e.name ilike ${likePattern(body.search_term)} or e.subject ilike ${likePattern(body.search_term)})`,
    );
  if (body.email_by_unique_opens) parts.push(sql`r.first_open_at is not null`);
  if (body.email_by_unique_clicks) parts.push(sql`r.first_click_at is not null`);
  const page = await analyticsListing<Record<string, Numeric> & { email_id: number }>(db, {
    select: sql`e.id as email_id, e.name as email_name, e.subject, k.id as campaign_id, k.name as campaign_name,
      count(*) as contacts, sum(r.sent) as sent, sum(r.delivered) as delivered, sum(r.opened) as opens,
      sum(r.clicked) as clicks, sum(r.bounced) as bounced, sum(r.unsubscribed) as unsubscribed,
      count(r.first_open_at) as unique_opens, count(r.first_click_at) as unique_clicks,
      max(r.last_sent_at) as sent_at, min(r.first_open_at) as first_open_at,
      min(r.first_click_at) as first_click_at`,
    from: sql`analytics_contact_email r join emails e on e.id = r.email_id
      left join campaigns k on k.id = e.campaign_id`,
    where: sql.join(parts, sql` and `),
    groupBy: sql`e.id, k.id`,
    having: STATUS_HAVING[body.status],
    orderBy: listingOrder(
      EMAIL_SORTS,
      body.sort_by,
      body.sort_type,
      sql`max(r.last_event_at) desc`,
      sql`e.id desc`,
    ),
    limit: body.limit,
    offset: body.offset,
  });
  return {
    total_count: page.total_count,
    data: page.rows.map((r) => {
      const n = (key: string) => Number(r[key] ?? 0);
      const status =
        n('unsubscribed') > 0
          ? 'Unsubscribed'
          : n('bounced') > 0
            ? 'Bounced'
            : n('clicks') > 0
              ? 'Clicked'
              : n('opens') > 0
                ? 'Opened'
                : n('delivered') > 0
                  ? 'Delivered'
                  : 'Sent';
      return {
        email_id: r.email_id,
        email_name: String(r.email_name),
        subject: String(r.subject),
        campaign_id: r.campaign_id == null ? null : Number(r.campaign_id),
        campaign_name: r.campaign_name == null ? null : String(r.campaign_name),
        contacts: n('contacts'),
        status,
        sent: n('sent'),
        delivered: n('delivered'),
        opens: n('opens'),
        clicks: n('clicks'),
        unique_opens: n('unique_opens'),
        unique_clicks: n('unique_clicks'),
        sent_at: iso(r.sent_at),
        first_open_at: iso(r.first_open_at),
        first_click_at: iso(r.first_click_at),
      };
    }),
    period: periodOf(scope),
  };
}

const CONTENT_SORT_SQL: Record<(typeof CONTENT_SORTS)[number], RawBuilder<unknown>> = {
  article_title: sql`lower(ar.title)`,
  clicks: sql`sum(ac.clicks)`,
  clicked_by: sql`count(distinct ac.contact_id)`,
  last_click: sql`max(ac.last_click_at)`,
};

/**
 * The articles a set of article-contact rows (alias ac) clicked, a page at a time, most clicked first.
 * The rows are the rollup's unless `source` gives rows of the same shape.
 */
export async function clickedArticles(
  db: Db,
  where: RawBuilder<unknown>,
  page: { limit: number; offset: number; sort_by?: (typeof CONTENT_SORTS)[number]; order_by: SortType },
  source: RawBuilder<unknown> = sql`analytics_article_contact`,
) {
  const listed = await analyticsListing<Record<string, Numeric> & { article_id: number }>(db, {
    select: sql`ar.id as article_id, ar.title as article_title, ar.link as article_url, ar.website, ar.image_url,
      sum(ac.clicks) as clicks, count(distinct ac.contact_id) as clicked_by,
      min(ac.first_click_at) as first_click_at, max(ac.last_click_at) as last_click_at`,
    from: sql`${source} ac join articles ar on ar.id = ac.article_id`,
    where,
    groupBy: sql`ar.id`,
    orderBy: listingOrder(
      CONTENT_SORT_SQL,
      page.sort_by,
      page.order_by,
      sql`sum(ac.clicks) desc`,
      sql`ar.id desc`,
    ),
    limit: page.limit,
    offset: page.offset,
  });
  return {
    total_count: listed.total_count,
    data: listed.rows.map(
      (r): ContentEngagementRow => ({
        article_id: r.article_id,
        article_title: String(r.article_title),
        article_url: String(r.article_url),
        website: String(r.website),
        image_url: r.image_url == null ? null : String(r.image_url),
        clicks: Number(r.clicks ?? 0),
        clicked_by: Number(r.clicked_by ?? 0),
        first_click_at: iso(r.first_click_at) ?? '',
        last_click_at: iso(r.last_click_at) ?? '',
      }),
    ),
  };
}

/** contact_content_engagement/ and account_content_engagement/: the articles they clicked (real sends). */
export async function contentEngagement(
  db: Db,
  user: AnalyticsUser,
  who: Engaged,
  page: {
    limit: number;
    offset: number;
    sort_by?: (typeof CONTENT_SORTS)[number];
    order_by: SortType;
    search_term?: string;
  },
) {
  const parts = [
    await engagedRows(db, user.org_id, who, 'ac'),
    sql`ac.org_id = ${user.org_id}`,
    sql`ac.is_test = false`,
  ];
  if (page.search_term) parts.push(sql`ar.title ilike ${likePattern(page.search_term)}`);
  return clickedArticles(db, sql.join(parts, sql` and `), page);
}
