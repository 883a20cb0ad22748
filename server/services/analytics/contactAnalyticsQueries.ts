import { type RawBuilder, sql } from 'kysely';
import type {
  ContactSort,
  ContactsListingBody,
  ContactTab,
  ContactTabCountsBody,
} from '../../../domain/analyticsContactSchemas.ts';
import type { ContactAnalyticsRow } from '../../../domain/analyticsContactTypes.ts';
import type { AnalyticsPeriod } from '../../../domain/analyticsTypes.ts';
import { notFound } from '../../lib/AppError.ts';
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
import { periodMoments, TAB_REACH, tabCountsKeptAhead } from './reachQueries.ts';
import { periodOf } from './statsQueries.ts';

type Numeric = number | string | null;
type PeriodStart = ReturnType<typeof periodMoments>['start'];

/** Which of a contact's rows (alias r, grouped by contact) put it in each tab. */
const TAB_HAVING: Record<ContactTab, RawBuilder<unknown>> = {
  delivered: sql`sum(r.delivered) > 0`,
  bounced: sql`sum(r.bounced) > 0`,
  unsubscribed: sql`sum(r.unsubscribed) > 0`,
  all_contacts: sql`true`,
};

const ENGAGEMENT_HAVING = {
  all: sql`true`,
  opened: sql`sum(r.opened) > 0`,
  clicked: sql`sum(r.clicked) > 0`,
  not_opened: sql`sum(r.opened) = 0`,
  not_clicked: sql`sum(r.clicked) = 0`,
} as const;

/** Which contacts of a tab a bounce filter keeps (their rows of the period, alias r, grouped). */
const BOUNCE_HAVING: Record<ContactsListingBody['bounce_filter'], RawBuilder<unknown>> = {
  all: sql`true`,
  bounced: sql`sum(r.bounced) > 0`,
  not_bounced: sql`sum(r.bounced) = 0`,
};

/** The sorts, on a tab's contacts (alias t, one row per contact) joined to contacts c and accounts a. */
const SORTS: Record<ContactSort, RawBuilder<unknown>> = {
  contact_name: sql`c.full_name_lower`,
  contact_email: sql`c.email_lower`,
  company_name: sql`lower(a.name)`,
  sent: sql`t.sent`,
  opens: sql`t.opens`,
  clicks: sql`t.clicks`,
  last_activity: sql`t.last_activity`,
};

/** The sorts that need the contact's own row (the others sort the tab's sums alone). */
const CONTACT_ROW_SORTS: ReadonlySet<ContactSort> = new Set([
  'contact_name',
  'contact_email',
  'company_name',
]);

/**
 * The contact and email rows of a selection (alias r): the contacts sent one of its emails in the period
 * (the latest send of each email counts), searched by name or address, of an account, or among those that
 * clicked an article (by id or link). Conditions on the contact read its row by id (no join of every row).
 */
async function contactRowsWhere(
  db: Db,
  scope: AnalyticsScope,
  body: ContactTabCountsBody,
): Promise<RawBuilder<unknown>> {
  const parts: RawBuilder<unknown>[] = [
    scopeRows(scope, 'r'),
    scopeMoments(scope, sql`coalesce(r.last_sent_at, r.last_event_at)`),
  ];
  const ofContact: RawBuilder<unknown>[] = [];
  if (body.search_word)
    ofContact.push(sql`(c.full_name_lower like ${likePattern(body.search_word.toLowerCase())}
      or c.email_lower like ${likePattern(body.search_word.toLowerCase())})`);
  if (body.account_id !== null) {
    const account = await db
      .selectFrom('accounts')
      .select('id')
      .where('id', '=', body.account_id)
      .where('org_id', '=', scope.orgId)
      .executeTakeFirst();
    if (!account) throw notFound('Account not found.');
    ofContact.push(sql`c.account_id = ${account.id}`);
  }
  const articleUrl = body.article_url?.trim();
  if (body.article_id !== null || articleUrl) {
    let query = db
      .selectFrom('articles')
      .select('id')
      .where((eb) => eb.or([eb('org_id', 'is', null), eb('org_id', '=', scope.orgId)]));
    if (body.article_id !== null) query = query.where('id', '=', body.article_id);
    if (articleUrl)
      query = query.where((eb) =>
        eb.or([eb('link', '=', articleUrl), eb('canonical_link', '=', articleUrl)]),
      );
    const articles = await query.execute();
    if (articles.length === 0) throw notFound('Article not found.');
    parts.push(sql`exists (select 1 from analytics_article_contact ac where ac.contact_id = r.contact_id
      and ac.is_test = ${scope.isTest} and ac.article_id in (${sql.join(articles.map((a) => sql`${a.id}`))}))`);
  }
  if (ofContact.length > 0)
    parts.push(sql`exists (select 1 from contacts c where c.id = r.contact_id
      and ${sql.join(ofContact, sql` and `)})`);
  return sql.join(parts, sql` and `);
}

/**
 * The contacts of a tab, one row each (contact_id and its sums over the selection's rows), grouped before
 * anything is joined to them: a quarter of a large organisation holds hundreds of thousands of rows.
 */
export async function contactTabQuery(db: Db, user: AnalyticsUser, body: ContactsListingBody) {
  const scope = await resolveScope(db, user, body);
  const where = await contactRowsWhere(db, scope, body);
  return { scope, where, contacts: tabContacts(where, body) };
}

/** The contacts of a tab whose rows (alias r) match `where`, one row each with its sums. */
const tabContacts = (where: RawBuilder<unknown>, body: ContactsListingBody) => sql`
    select r.contact_id, count(*) as emails, sum(r.sent) as sent, sum(r.delivered) as delivered,
      sum(r.opened) as opens, sum(r.clicked) as clicks, sum(r.bounced) as bounced,
      sum(r.unsubscribed) as unsubscribed, max(r.last_event_at) as last_activity
    from analytics_contact_email r where ${where}
    group by r.contact_id
    having ${TAB_HAVING[body.tab]} and ${ENGAGEMENT_HAVING[body.contacts_by_filter]}
      and ${BOUNCE_HAVING[body.bounce_filter]}`;

/** Whether the tabs are asked with nothing but the selection (no search, account, article or engagement). */
const plainTabs = (body: ContactTabCountsBody) =>
  !body.search_word &&
  body.account_id === null &&
  body.article_id === null &&
  !body.article_url?.trim() &&
  body.contacts_by_filter === 'all';

type TabRow = Record<string, Numeric> & { contact_id: number };

/** The most rows the walk of latestActivityPage reads before the tab's rows are grouped instead. */
const WALK_LIMIT = 50_000;

/** The fewest contacts of a sparse tab summed at a time (twice the rows up to the page's end at least). */
const SPARSE_BATCH = 16;

/** A page of rows (by contact) in the default order: the latest activity first, then the contact. */
function latestFirst(rows: TabRow[], body: ContactsListingBody): TabRow[] {
  const at = (row: TabRow) => new Date(row.last_activity as string).getTime();
  return rows
    .sort((a, b) => at(b) - at(a) || b.contact_id - a.contact_id)
    .slice(body.offset, body.offset + body.limit);
}

/**
 * A page of a tab in its default order (the latest activity first), read from the index of the rows by
 * their latest event instead of grouping every contact of the period: the rows are walked newest first,
 * a contact's first row is its latest activity, so the contacts met are the tab's first in order; their
 * sums are read for them alone. The walk grows (fourfold) until it holds the page; null past WALK_LIMIT
 * rows (a sparse tab far down), and the caller groups the rows. The sparse tabs (bounced, unsubscribed)
 * read their contacts from their reach instead (sparseTabPage).
 */
async function latestActivityPage(
  db: Db,
  scope: AnalyticsScope,
  where: RawBuilder<unknown>,
  body: ContactsListingBody,
): Promise<TabRow[] | null> {
  const { start } = periodMoments(scope);
  if (start !== null && (body.tab === 'bounced' || body.tab === 'unsubscribed'))
    return sparseTabPage(db, scope, where, body, { tab: body.tab, start });
  const wanted = body.offset + body.limit;
  for (let window = Math.max(30, Math.ceil(wanted * 1.5)); ; window *= 4) {
    const { rows: walked } = await sql<{ contact_id: number }>`
      select r.contact_id from analytics_contact_email r
      where r.org_id = ${scope.orgId} and ${where} ${start === null ? sql`` : sql`and r.last_event_at >= ${start}`}
      order by r.last_event_at desc, r.contact_id desc limit ${window}`.execute(db);
    const ids = [...new Set(walked.map((r) => r.contact_id))];
    const { rows } =
      ids.length === 0
        ? { rows: [] as TabRow[] }
        : await sql<TabRow>`${tabContacts(sql`${where} and r.contact_id = any(${ids}::int[])`, body)}`.execute(
            db,
          );
    if (rows.length >= wanted || walked.length < window) return latestFirst(rows, body);
    if (window >= WALK_LIMIT) return null;
  }
}

/**
 * A page of a sparse tab (bounced, unsubscribed) of a period reaching now: its contacts are those whose
 * reach (m0064) puts a row of the tab's kind in the period, read by their latest event of any row
 * (m0066), which is never earlier than their latest activity in the period. Contacts are summed in that
 * order, a batch at a time, until the page's last row is later than the next contact's latest event (no
 * contact not yet summed can come before it): mostly one batch, whatever the tab's size.
 */
async function sparseTabPage(
  db: Db,
  scope: AnalyticsScope,
  where: RawBuilder<unknown>,
  body: ContactsListingBody,
  { tab, start }: { tab: 'bounced' | 'unsubscribed'; start: NonNullable<PeriodStart> },
): Promise<TabRow[]> {
  const wanted = body.offset + body.limit;
  const batch = Math.max(SPARSE_BATCH, wanted * 2);
  const lastAt = sql.ref(`cr.${TAB_REACH[tab].lastAt}`);
  const summed: TabRow[] = [];
  for (let read = 0; ; read += batch) {
    const { rows: members } = await sql<{ contact_id: number; last_event_at: Date | string }>`
      select cr.contact_id, cr.last_event_at from analytics_contact_reach cr
      where cr.org_id = ${scope.orgId} and cr.is_test = ${scope.isTest} and ${lastAt} >= ${start}
      order by cr.last_event_at desc, cr.contact_id desc limit ${batch + 1} offset ${read}`.execute(db);
    const ids = members.slice(0, batch).map((m) => m.contact_id);
    if (ids.length > 0)
      summed.push(
        ...(
          await sql<TabRow>`${tabContacts(sql`${where} and r.contact_id = any(${ids}::int[])`, body)}`.execute(
            db,
          )
        ).rows,
      );
    const next = members[batch];
    if (!next) return latestFirst(summed, body);
    const page = latestFirst([...summed], { ...body, offset: 0, limit: wanted });
    const last = page[wanted - 1];
    if (last && new Date(last.last_activity as string).getTime() > new Date(next.last_event_at).getTime())
      return latestFirst(summed, body);
  }
}

/** contacts_listing/: a page of a contact tab, in its sort (the latest activity first by default). */
export async function contactsListing(
  db: Db,
  user: AnalyticsUser,
  body: ContactsListingBody,
): Promise<{ total_count: number; data: ContactAnalyticsRow[]; tab: ContactTab; period: AnalyticsPeriod }> {
  const { scope, where, contacts } = await contactTabQuery(db, user, body);
  const latestFirst = body.sort_by === undefined || body.sort_type === 'NOSORT';
  const plain = latestFirst && plainTabs(body) && body.bounce_filter === 'all';
  const counts = plain ? await tabCountsKeptAhead(db, scope) : null;
  const walked = counts ? await latestActivityPage(db, scope, where, body) : null;
  // Sorted by its sums, a page is cut from the tab's rows before the contacts are read (for those 20 only).
  const byContactRow = body.sort_by !== undefined && CONTACT_ROW_SORTS.has(body.sort_by);
  const page =
    counts && walked
      ? { total_count: counts[body.tab], rows: walked }
      : await analyticsListing<TabRow>(db, {
          select: sql`t.*`,
          from: byContactRow
            ? sql`(${contacts}) t join contacts c on c.id = t.contact_id left join accounts a on a.id = c.account_id`
            : sql`(${contacts}) t`,
          where: sql`true`,
          orderBy: listingOrder(
            SORTS,
            body.sort_by,
            body.sort_type,
            sql`t.last_activity desc`,
            sql`t.contact_id desc`,
          ),
          limit: body.limit,
          offset: body.offset,
        });
  const ids = page.rows.map((r) => r.contact_id);
  const people = new Map(
    ids.length === 0
      ? []
      : (
          await sql<Record<string, Numeric> & { contact_id: number }>`
            select c.id as contact_id, trim(c.first_name || ' ' || c.last_name) as contact_name,
              c.email as contact_email, c.designation, c.status, c.engagement_score, a.id as account_id,
              a.name as company_name
            from contacts c left join accounts a on a.id = c.account_id
            where c.id in (${sql.join(ids.map((id) => sql`${id}`))})`.execute(db)
        ).rows.map((row) => [row.contact_id, row] as const),
  );
  const rows = page.rows.map((row) => ({ ...row, ...people.get(row.contact_id) }));
  return {
    total_count: page.total_count,
    tab: body.tab,
    data: rows.map((r) => ({
      contact_id: r.contact_id,
      contact_name: String(r.contact_name ?? ''),
      contact_email: String(r.contact_email ?? ''),
      designation: r.designation === null ? null : String(r.designation),
      status: String(r.status),
      engagement_score: Number(r.engagement_score ?? 0),
      account_id: r.account_id === null ? null : Number(r.account_id),
      company_name: r.company_name === null ? null : String(r.company_name),
      emails: Number(r.emails ?? 0),
      sent: Number(r.sent ?? 0),
      delivered: Number(r.delivered ?? 0),
      opens: Number(r.opens ?? 0),
      clicks: Number(r.clicks ?? 0),
      bounced: Number(r.bounced ?? 0),
      unsubscribed: Number(r.unsubscribed ?? 0),
      last_activity: r.last_activity == null ? null : new Date(r.last_activity).toISOString(),
    })),
    period: periodOf(scope),
  };
}

/** contact_listing_tab_counts/: how many contacts each tab holds under the same filters. */
export async function contactTabCounts(
  db: Db,
  user: AnalyticsUser,
  body: ContactTabCountsBody,
): Promise<Record<ContactTab, number> & { period: AnalyticsPeriod }> {
  const scope = await resolveScope(db, user, body);
  const where = await contactRowsWhere(db, scope, body);
  const kept = plainTabs(body) ? await tabCountsKeptAhead(db, scope) : null;
  if (kept) return { ...kept, period: periodOf(scope) };
  const counted = await sql<Record<ContactTab, Numeric>>`
    select count(*) filter (where x.delivered) as delivered, count(*) filter (where x.bounced) as bounced,
      count(*) filter (where x.unsubscribed) as unsubscribed, count(*) as all_contacts
    from (
      select ${TAB_HAVING.delivered} as delivered, ${TAB_HAVING.bounced} as bounced,
        ${TAB_HAVING.unsubscribed} as unsubscribed
      from analytics_contact_email r where ${where}
      group by r.contact_id having ${ENGAGEMENT_HAVING[body.contacts_by_filter]}
    ) x`.execute(db);
  const row = counted.rows[0];
  return {
    delivered: Number(row?.delivered ?? 0),
    bounced: Number(row?.bounced ?? 0),
    unsubscribed: Number(row?.unsubscribed ?? 0),
    all_contacts: Number(row?.all_contacts ?? 0),
    period: periodOf(scope),
  };
}
