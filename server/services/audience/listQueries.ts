import { type Kysely, sql, type Transaction } from 'kysely';
import { LIST_CONTACTS_PAGE_SIZE, type ListContactKind } from '../../../domain/audienceListSchemas.ts';
import type {
  AudienceListContact,
  AudienceListContactsPage,
  AudienceListDetails,
  AudienceListSummary,
  AudienceListsPage,
} from '../../../domain/audienceLists.ts';
import { noMarketingConsent } from '../../db/noMarketingConsent.ts';
import type { ContactStatus, Database } from '../../db/schema.ts';
import { notFound } from '../../lib/AppError.ts';
import { likePattern } from '../../lib/likePattern.ts';

export type Db = Kysely<Database> | Transaction<Database>;

/** A contact counts as profiled when it has a personality type. */
export const PROFILED = sql<boolean>`c.personality_type is not null`;

type SummaryRow = {
  id: number;
  name: string;
  updated_at: Date | string;
  is_active: boolean;
  created_by: string;
  last_used_by: string | null;
  contacts: string | number;
  sent: string | number;
  clicks: string | number;
};

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

function toSummary(row: SummaryRow): AudienceListSummary {
  return {
    list_id: row.id,
    list_name: row.name,
    last_updated: iso(row.updated_at),
    created_by: row.created_by,
    last_used_by: row.last_used_by,
    totalContacts: Number(row.contacts),
    totalSent: Number(row.sent),
    totalClicks: Number(row.clicks),
    is_active: row.is_active,
  };
}

/**
 * The lists of an organisation with their totals: contacts (members), sent (the emails sent to the list:
 * 'sent' events of the emails list_sends records for it) and clicks (the 'clicked' events of those
 * emails). Emails the members got otherwise (workflows, other lists, tests) count for no list. `where`
 * narrows the lists (org, search, id).
 */
async function selectSummaries(
  db: Db,
  where: ReturnType<typeof sql>,
  page: { offset: number; limit: number },
): Promise<SummaryRow[]> {
  const { rows } = await sql<SummaryRow>`
    select l.id, l.name, l.updated_at, l.is_active,
      trim(u.first_name || ' ' || u.last_name) as created_by,
      case when lu.id is null then null else trim(lu.first_name || ' ' || lu.last_name) end as last_used_by,
      (select count(*) from list_contacts lc where lc.list_id = l.id) as contacts,
      (select count(*) from list_sends ls join email_event e on e.send_id = ls.send_id and e.kind = 'sent'
        where ls.list_id = l.id) as sent,
      (select count(*) from list_sends ls join email_event e on e.send_id = ls.send_id and e.kind = 'clicked'
        where ls.list_id = l.id) as clicks
    from contact_lists l
    join users u on u.id = l.user_id
    left join users lu on lu.id = l.last_used_by
    where ${where}
    order by l.position desc, l.id desc
    offset ${page.offset} limit ${page.limit}`.execute(db);
  return rows;
}

/** lists_listing/: a page of the organisation's lists in their place (newest first, clones after originals). */
export async function listListsPage(
  db: Db,
  orgId: number,
  query: { offset: number; limit: number; search: string },
): Promise<AudienceListsPage> {
  const where = query.search
    ? sql`l.org_id = ${orgId} and l.name ilike ${likePattern(query.search)}`
    : sql`l.org_id = ${orgId}`;
  const [rows, count] = await Promise.all([
    selectSummaries(db, where, query),
    sql<{ n: string | number }>`select count(*) as n from contact_lists l where ${where}`.execute(db),
  ]);
  return { total_count: Number(count.rows[0]?.n ?? 0), data: rows.map(toSummary) };
}

/** One list of the organisation with its totals; another organisation's (or no) list is a 404. */
export async function loadListSummary(db: Db, orgId: number, listId: number): Promise<AudienceListSummary> {
  const [row] = await selectSummaries(db, sql`l.org_id = ${orgId} and l.id = ${listId}`, {
    offset: 0,
    limit: 1,
  });
  if (!row) throw notFound('That list does not exist.');
  return toSummary(row);
}

/** The list row (locked for the rest of the transaction), or a 404. */
export async function lockOrgList(trx: Transaction<Database>, orgId: number, listId: number) {
  const row = await trx
    .selectFrom('contact_lists')
    .select(['id', 'name', 'position', 'is_active'])
    .where('id', '=', listId)
    .where('org_id', '=', orgId)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw notFound('That list does not exist.');
  return row;
}

/** A list of the organisation, or a 404 with the message the call gives. */
export async function assertOrgList(
  db: Db,
  orgId: number,
  listId: number,
  missing = 'List not found.',
): Promise<void> {
  const list = await db
    .selectFrom('contact_lists')
    .select('id')
    .where('id', '=', listId)
    .where('org_id', '=', orgId)
    .executeTakeFirst();
  if (!list) throw notFound(missing);
}

/** True when another list of the organisation has this name (case-insensitive). */
export async function listNameTaken(db: Db, orgId: number, name: string, exceptId?: number) {
  let q = db
    .selectFrom('contact_lists')
    .select('id')
    .where('org_id', '=', orgId)
    .where(sql<boolean>`lower(name) = lower(${name})`);
  if (exceptId !== undefined) q = q.where('id', '<>', exceptId);
  return Boolean(await q.executeTakeFirst());
}

/** A page of a list's profiled or non-profiled contacts, most recently added first. */
export async function listContactsPage(
  db: Db,
  listId: number,
  kind: ListContactKind,
  page: { offset: number; limit: number },
): Promise<AudienceListContactsPage> {
  const which = kind === 'profiled' ? PROFILED : sql<boolean>`not (${PROFILED})`;
  const [rows, count] = await Promise.all([
    sql<
      Omit<AudienceListContact, 'status' | 'added_at'> & { status: ContactStatus; added_at: Date | string }
    >`
      select c.id as contact_id, c.first_name, c.last_name, c.email, c.designation, a.name as account_name,
        c.personality_type, c.status, not ${noMarketingConsent} as marketing_consent, lc.added_at
      from list_contacts lc
      join contacts c on c.id = lc.contact_id
      left join accounts a on a.id = c.account_id
      where lc.list_id = ${listId} and ${which}
      order by lc.added_at desc, c.id desc
      offset ${page.offset} limit ${page.limit}`.execute(db),
    sql<{ n: string | number }>`
      select count(*) as n from list_contacts lc join contacts c on c.id = lc.contact_id
      where lc.list_id = ${listId} and ${which}`.execute(db),
  ]);
  return {
    total_count: Number(count.rows[0]?.n ?? 0),
    data: rows.rows.map((row) => ({ ...row, added_at: iso(row.added_at) })),
  };
}

/** The workflows of the organisation that use the list: as trigger 14, in an add-to-list step or a list condition. */
export async function workflowsUsingList(db: Db, orgId: number, listId: number) {
  const { rows } = await sql<{ id: number; name: string }>`
    select id, name from workflow
    where org_id = ${orgId} and (
      list_id = ${listId}
      or jsonb_path_exists(flow, '$.** ? (@.listId == $id)', jsonb_build_object('id', ${listId}::int))
      or jsonb_path_exists(flow, '$.**.list ? (@.id == $id)', jsonb_build_object('id', ${listId}::int))
    )
    order by id`.execute(db);
  return rows;
}

/**
 * list_details/: a list with a page of its profiled and of its non-profiled contacts; `kind` pages one half
 * by offset and limit (LIST_CONTACTS_PAGE_SIZE a page by default), the other then comes back empty.
 */
export async function listDetails(
  db: Db,
  orgId: number,
  query: { list_id: number; kind?: ListContactKind; offset: number; limit?: number },
): Promise<AudienceListDetails> {
  const list = await loadListSummary(db, orgId, query.list_id);
  const page = (kind: ListContactKind) =>
    query.kind === kind
      ? { offset: query.offset, limit: query.limit ?? LIST_CONTACTS_PAGE_SIZE }
      : { offset: 0, limit: LIST_CONTACTS_PAGE_SIZE };
  const empty = { total_count: 0, data: [] };
  const [profiled, unprofiled] = await Promise.all([
    query.kind === 'unprofiled' ? empty : listContactsPage(db, query.list_id, 'profiled', page('profiled')),
    query.kind === 'profiled' ? empty : listContactsPage(db, query.list_id, 'unprofiled', page('unprofiled')),
  ]);
  return { list, profiled, unprofiled };
}
