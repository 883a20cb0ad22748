import { type RawBuilder, sql } from 'kysely';
import type { ACCOUNT_SORTS } from '../../../domain/analyticsContactSchemas.ts';
import type { AnalyticsSelection } from '../../../domain/analyticsSchemas.ts';
import type { AnalyticsPeriod, EventCounts, EventRates } from '../../../domain/analyticsTypes.ts';
import { likePattern } from '../../lib/likePattern.ts';
import { analyticsListing, listingOrder } from './analyticsListing.ts';
import {
  type AnalyticsScope,
  type AnalyticsUser,
  type Db,
  resolveScope,
  scopeMoments,
  scopeRows,
} from './analyticsScope.ts';
import { engagedRows } from './engagementQueries.ts';
import { countsOf, periodOf, ratesOf } from './statsQueries.ts';

type Numeric = number | string | null;

/** The sums over contact-and-email rows (alias r), as the count names reports use. */
export const CONTACT_ROW_SUMS = sql`coalesce(sum(r.sent), 0) as sent, coalesce(sum(r.delivered), 0) as delivered,
  coalesce(sum(r.opened), 0) as opens, coalesce(sum(r.clicked), 0) as clicks,
  coalesce(sum(r.bounced), 0) as bounced, coalesce(sum(r.unsubscribed), 0) as unsubscribed,
  count(r.first_open_at) as unique_opens, count(r.first_click_at) as unique_clicks,
  count(distinct r.contact_id) as contacts`;

/** The selection's contact rows of the period (alias r). */
export const rowsOfPeriod = (scope: AnalyticsScope): RawBuilder<unknown> =>
  sql`${scopeRows(scope, 'r')} and ${scopeMoments(scope, sql`coalesce(r.last_sent_at, r.last_event_at)`)}`;

/**
 * An account's engagement score: the sum of its contacts' scores (docs/journey.md), as Audiences ›
 * Accounts shows it (alias a: the account).
 */
const ACCOUNT_SCORE = sql`(select coalesce(sum(ec.engagement_score), 0) from contacts ec
  where ec.account_id = a.id)`;

const SORTS: Record<(typeof ACCOUNT_SORTS)[number], RawBuilder<unknown>> = {
  account_name: sql`a.name_lower`,
  contacts: sql`count(distinct r.contact_id)`,
  sent: sql`sum(r.sent)`,
  opens: sql`sum(r.opened)`,
  clicks: sql`sum(r.clicked)`,
  engagement_score: ACCOUNT_SCORE,
};

export type AccountAnalyticsRow = EventCounts & {
  account_id: number;
  account_name: string;
  website: string | null;
  industry: string | null;
  contacts: number;
  engagement_score: number;
};

/**
 * accounts_listing/: the accounts whose contacts were sent the selection's emails in the period (the
 * account a contact had when the email went), searched by name, or only those that opened or clicked.
 */
export async function accountsListing(
  db: Db,
  user: AnalyticsUser,
  body: AnalyticsSelection & {
    limit: number;
    offset: number;
    search_account: string;
    accounts_by_filter: 'all' | 'opened' | 'clicked';
    sort_by?: (typeof ACCOUNT_SORTS)[number];
    order_by: 'ASC' | 'DESC' | 'NOSORT';
  },
): Promise<{ total_records: number; result: AccountAnalyticsRow[]; period: AnalyticsPeriod }> {
  const scope = await resolveScope(db, user, body);
  const parts = [rowsOfPeriod(scope)];
  if (body.search_account) parts.push(sql`a.name ilike ${likePattern(body.search_account)}`);
  const having = { all: sql`true`, opened: sql`sum(r.opened) > 0`, clicked: sql`sum(r.clicked) > 0` };
  const page = await analyticsListing<Record<string, Numeric> & { account_id: number }>(db, {
    select: sql`a.id as account_id, a.name as account_name, a.website, a.industry, ${CONTACT_ROW_SUMS},
      ${ACCOUNT_SCORE} as engagement_score`,
    from: sql`analytics_contact_email r join accounts a on a.id = r.account_id`,
    where: sql.join(parts, sql` and `),
    groupBy: sql`a.id`,
    having: having[body.accounts_by_filter],
    orderBy: listingOrder(SORTS, body.sort_by, body.order_by, sql`sum(r.sent) desc`, sql`a.id desc`),
    limit: body.limit,
    offset: body.offset,
  });
  return {
    total_records: page.total_count,
    result: page.rows.map((r) => ({
      account_id: r.account_id,
      account_name: String(r.account_name),
      website: r.website == null ? null : String(r.website),
      industry: r.industry == null ? null : String(r.industry),
      contacts: Number(r.contacts ?? 0),
      engagement_score: Number(r.engagement_score ?? 0),
      ...countsOf(r),
    })),
    period: periodOf(scope),
  };
}

/**
 * account_details/: the account, its stats under the selection (its contacts' sends of the period while
 * they were with it) and a page of its contacts with what each was sent and did.
 */
export async function accountDetails(
  db: Db,
  user: AnalyticsUser,
  body: AnalyticsSelection & { account_id: number; limit: number; offset: number },
) {
  const scope = await resolveScope(db, user, body);
  const ofAccount = await engagedRows(db, scope.orgId, { accountId: body.account_id }, 'r');
  const account = await db
    .selectFrom('accounts')
    .select(['id', 'name', 'website', 'industry', 'revenue'])
    .where('id', '=', body.account_id)
    .executeTakeFirstOrThrow();
  const stats = await sql<Record<string, Numeric>>`
    select ${CONTACT_ROW_SUMS} from analytics_contact_email r
    where ${ofAccount} and ${rowsOfPeriod(scope)}`.execute(db);
  const counts = countsOf(stats.rows[0]);
  const contacts = await analyticsListing<Record<string, Numeric> & { contact_id: number }>(db, {
    select: sql`c.id as contact_id, trim(c.first_name || ' ' || c.last_name) as contact_name,
      c.email as contact_email, c.designation, c.status, c.engagement_score,
      coalesce(sum(r.sent), 0) as sent, coalesce(sum(r.opened), 0) as opens,
      coalesce(sum(r.clicked), 0) as clicks, max(r.last_event_at) as last_activity`,
    from: sql`contacts c left join analytics_contact_email r on r.contact_id = c.id and ${ofAccount}
      and ${rowsOfPeriod(scope)}`,
    where: sql`c.account_id = ${account.id}`,
    groupBy: sql`c.id`,
    orderBy: sql`c.engagement_score desc, max(r.last_event_at) desc nulls last`,
    limit: body.limit,
    offset: body.offset,
  });
  const score = await sql<{ score: number | string | null }>`
    select ${ACCOUNT_SCORE} as score from accounts a where a.id = ${account.id}`.execute(db);
  const stat: EventCounts & EventRates & { total_contacts: number } = {
    total_contacts: Number(stats.rows[0]?.contacts ?? 0),
    ...counts,
    ...ratesOf(counts),
  };
  return {
    company_id: account.id,
    company_name: account.name,
    company_website: account.website,
    industry: account.industry,
    revenue: account.revenue,
    engagement_score: Number(score.rows[0]?.score ?? 0),
    account_stats: stat,
    account_contacts: {
      total_count: contacts.total_count,
      data: contacts.rows.map((r) => ({
        contact_id: r.contact_id,
        contact_name: String(r.contact_name ?? ''),
        contact_email: String(r.contact_email ?? ''),
        designation: r.designation == null ? null : String(r.designation),
        status: String(r.status),
        engagement_score: Number(r.engagement_score ?? 0),
        sent: Number(r.sent ?? 0),
        opens: Number(r.opens ?? 0),
        clicks: Number(r.clicks ?? 0),
        last_activity: r.last_activity == null ? null : new Date(r.last_activity).toISOString(),
      })),
    },
    period: periodOf(scope),
  };
}
