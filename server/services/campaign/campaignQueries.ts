import { type RawBuilder, sql } from 'kysely';
import { AI_PERSONALITIES, type AiPersonalityType } from '../../../domain/aiPersonalities.ts';
import { CAMPAIGN_NOT_FOUND } from '../../../domain/campaignSchemas.ts';
import type {
  CampaignContentSources,
  CampaignCounts,
  CampaignDetails,
  CampaignEmail,
  CampaignGraphPoint,
  CampaignSummary,
  CampaignsPage,
  Edition,
  EditionStatus,
} from '../../../domain/campaigns.ts';
import type { Db } from '../../db/Db.ts';
import type { CampaignAdvancedSearch } from '../../db/schema.ts';
import { notFound } from '../../lib/AppError.ts';
import { likePattern } from '../../lib/likePattern.ts';
import { GLOBAL_POOL_NAME } from '../content/sourceQueries.ts';

export const EMAIL_NOT_FOUND = 'Email not found.';

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();
const n = (value: unknown) => Number(value ?? 0);

type SummaryRow = {
  id: number;
  name: string;
  user_id: number;
  created_by: string;
  updated_at: Date | string;
  thumbnails: string[] | null;
  emails_count: string | number;
  contacts: string | number;
  sent: string | number;
  delivered: string | number;
  opened: string | number;
  clicked: string | number;
};

function toSummary(row: SummaryRow): CampaignSummary {
  return {
    campaign_id: row.id,
    campaign_name: row.name,
    name: row.name,
    user_id: row.user_id,
    created_by: row.created_by,
    thumbnails: (row.thumbnails ?? []).filter(Boolean),
    last_update: iso(row.updated_at),
    emails_count: n(row.emails_count),
    totals: {
      contacts: n(row.contacts),
      sent: n(row.sent),
      delivered: n(row.delivered),
      open: n(row.opened),
      clicks: n(row.clicked),
    },
  };
}

/**
 * Campaigns with their totals: emails_count, and from the email events of the campaign's emails the
 * contacts sent to (distinct), sent, delivered, opened and clicked counts. In their place (highest first).
 */
async function selectSummaries(
  db: Db,
  where: RawBuilder<unknown>,
  page: { offset: number; limit: number },
): Promise<SummaryRow[]> {
  const { rows } = await sql<SummaryRow>`
    select c.id, c.name, c.user_id, c.updated_at, trim(u.first_name || ' ' || u.last_name) as created_by,
      (select array_agg(t.thumbnail) from (select e.thumbnail from emails e
        where e.campaign_id = c.id and e.thumbnail is not null order by e.updated_at desc, e.id desc limit 3) t) as thumbnails,
      (select count(*) from emails e where e.campaign_id = c.id) as emails_count,
      s.contacts, s.sent, s.delivered, s.opened, s.clicked
    from campaigns c
    join users u on u.id = c.user_id
    cross join lateral (
      select count(distinct ev.contact_id) filter (where ev.kind = 'sent') as contacts,
        count(*) filter (where ev.kind = 'sent') as sent,
        count(*) filter (where ev.kind = 'delivered') as delivered,
        count(*) filter (where ev.kind = 'opened') as opened,
        count(*) filter (where ev.kind = 'clicked') as clicked
      from email_event ev
      where ev.email_id in (select e.id from emails e where e.campaign_id = c.id) and not ev.is_test
    ) s
    where ${where}
    order by c.position desc, c.id desc
    offset ${page.offset} limit ${page.limit}`.execute(db);
  return rows;
}

export type CampaignQuery = {
  offset: number;
  limit: number;
  userId: number | null;
  emailType: number | null;
  search: string;
};

/** get_campaigns/: a page of the organisation's campaigns in their place, with the email counts by type. */
export async function listCampaignsPage(db: Db, orgId: number, query: CampaignQuery): Promise<CampaignsPage> {
  const parts = [sql`c.org_id = ${orgId}`];
  if (query.userId !== null) parts.push(sql`c.user_id = ${query.userId}`);
  if (query.search) parts.push(sql`c.name_lower like ${likePattern(query.search.toLowerCase())}`);
  const base = sql.join(parts, sql` and `);
  const where =
    query.emailType === null
      ? base
      : sql`${base} and exists (select 1 from emails e where e.campaign_id = c.id and e.email_type = ${query.emailType})`;
  // One pass for the total and the email counts (the counts are of the campaigns matching user and search).
  const [rows, counts] = await Promise.all([
    selectSummaries(db, where, query),
    sql<Record<keyof CampaignCounts | 'total', string | number>>`
      select count(*) filter (where m.in_type) as total,
        coalesce(sum(m.emails), 0) as total_emails_count,
        coalesce(sum(m.adhoc), 0) as adhoc_emails_count,
        coalesce(sum(m.digest), 0) as digest_emails_count,
        coalesce(sum(m.ai), 0) as ai_emails_count
      from (
        select c.id, count(e.id) as emails,
          count(e.id) filter (where e.email_type = 1) as adhoc,
          count(e.id) filter (where e.email_type = 0) as digest,
          count(e.id) filter (where e.email_type = 2) as ai,
          ${query.emailType === null ? sql`true` : sql`bool_or(e.email_type = ${query.emailType})`} as in_type
        from campaigns c left join emails e on e.campaign_id = c.id
        where ${base}
        group by c.id
      ) m`.execute(db),
  ]);
  const c = counts.rows[0];
  return {
    total_count: n(c?.total),
    total_emails_count: n(c?.total_emails_count),
    adhoc_emails_count: n(c?.adhoc_emails_count),
    digest_emails_count: n(c?.digest_emails_count),
    ai_emails_count: n(c?.ai_emails_count),
    data: rows.map(toSummary),
  };
}

/** get_campaigns/?list_only=1: every campaign's id and name, for pickers. */
export async function listCampaignNames(db: Db, orgId: number) {
  const rows = await db
    .selectFrom('campaigns')
    .select(['id', 'name'])
    .where('org_id', '=', orgId)
    .orderBy('position', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return { total_count: rows.length, data: rows.map((r) => ({ campaign_id: r.id, campaign_name: r.name })) };
}

export async function loadCampaignSummary(
  db: Db,
  orgId: number,
  campaignId: number,
): Promise<CampaignSummary> {
  const [row] = await selectSummaries(db, sql`c.org_id = ${orgId} and c.id = ${campaignId}`, {
    offset: 0,
    limit: 1,
  });
  if (!row) throw notFound(CAMPAIGN_NOT_FOUND);
  return toSummary(row);
}

/** The organisation's campaign, locked for a change; another organisation's is a 404. */
export async function lockOrgCampaign(db: Db, orgId: number, campaignId: number) {
  const row = await db
    .selectFrom('campaigns')
    .selectAll()
    .where('id', '=', campaignId)
    .where('org_id', '=', orgId)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw notFound(CAMPAIGN_NOT_FOUND);
  return row;
}

/** Campaign names are unique in an organisation, in any case. */
export async function campaignNameTaken(db: Db, orgId: number, name: string, exceptId?: number) {
  let query = db
    .selectFrom('campaigns')
    .select('id')
    .where('org_id', '=', orgId)
    .where(sql<boolean>`lower(name) = lower(${name})`);
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

/** Email names are unique within their campaign (and among the emails without one), in any case. */
export async function emailNameTaken(
  db: Db,
  orgId: number,
  campaignId: number | null,
  name: string,
  exceptId?: number,
) {
  let query = db
    .selectFrom('emails')
    .select('id')
    .where('org_id', '=', orgId)
    .where(sql<boolean>`campaign_id is not distinct from ${campaignId}`)
    .where(sql<boolean>`lower(name) = lower(${name})`);
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

type EmailRow = {
  id: number;
  name: string;
  subject: string;
  email_type: number;
  user_id: number;
  campaign_id: number | null;
  campaign_name: string | null;
  thumbnail: string | null;
  created_at: Date | string;
  updated_at: Date | string;
  generation_id: number | null;
  personality_type: AiPersonalityType | null;
};

type EditionRow = {
  id: number;
  email_id: number;
  name: string;
  subject: string;
  status: EditionStatus;
  thumbnail: string | null;
  articles: string | number;
  created_at: Date | string;
  updated_at: Date | string;
  sent_at: Date | string | null;
  scheduled_for: Date | string | null;
};

export function toEdition(row: EditionRow): Edition {
  return {
    edition_id: row.id,
    version_id: row.id,
    email_id: row.email_id,
    name: row.name,
    subject: row.subject,
    status: row.status,
    articles_count: n(row.articles),
    thumbnail: row.thumbnail,
    last_update: iso(row.updated_at),
    created_on: iso(row.created_at),
    sent_at: row.sent_at ? iso(row.sent_at) : null,
    scheduled_for: row.scheduled_for ? iso(row.scheduled_for) : null,
  };
}

/** The editions of the given emails, newest first, with their curated article counts. */
export async function editionsOf(
  db: Db,
  emailIds: readonly number[],
  status?: EditionStatus,
): Promise<Edition[]> {
  if (emailIds.length === 0) return [];
  const { rows } = await sql<EditionRow>`
    select v.id, v.email_id, v.name, v.subject, v.status, v.thumbnail, v.created_at, v.updated_at, v.sent_at,
      v.scheduled_for, (select count(*) from edition_articles a where a.version_id = v.id) as articles
    from email_versions v
    where v.email_id in (${sql.join([...emailIds])}) ${status ? sql`and v.status = ${status}` : sql``}
    order by v.updated_at desc, v.id desc`.execute(db);
  return rows.map(toEdition);
}

/** An AI variant's generation and personality (name and colour); null for every other email. */
export function aiFieldsOf(row: {
  generation_id: number | null;
  personality_type: AiPersonalityType | null;
}) {
  if (row.generation_id === null) return { generation_id: null, ai_type: null, ai_color: null };
  const personality = AI_PERSONALITIES.find((p) => p.type === (row.personality_type ?? 'Others'));
  return {
    generation_id: row.generation_id,
    ai_type: personality?.type ?? null,
    ai_color: personality?.color ?? null,
  };
}

/** Emails (selected by `where` on alias e) with their editions, newest first. */
export async function selectEmails(
  db: Db,
  where: RawBuilder<unknown>,
  page?: { offset: number; limit: number },
): Promise<CampaignEmail[]> {
  const { rows } = await sql<EmailRow>`
    select e.id, e.name, e.subject, e.email_type, e.user_id, e.campaign_id, c.name as campaign_name, e.thumbnail,
      e.created_at, e.updated_at, e.generation_id, e.personality_type
    from emails e left join campaigns c on c.id = e.campaign_id
    where ${where}
    order by e.updated_at desc, e.id desc
    ${page ? sql`offset ${page.offset} limit ${page.limit}` : sql``}`.execute(db);
  const editions = await editionsOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => {
    const own = editions.filter((e) => e.email_id === row.id);
    return {
      email_id: row.id,
      name: row.name,
      email_name: row.name,
      email_subject: row.subject,
      subject: row.subject,
      email_type: row.email_type,
      user_id: row.user_id,
      articles_count: own.reduce((sum, e) => sum + e.articles_count, 0),
      campaign_id: row.campaign_id,
      campaign_name: row.campaign_name,
      thumbnails: row.thumbnail ? [row.thumbnail] : [],
      last_updated: iso(row.updated_at),
      created_on: iso(row.created_at),
      editions: own,
      ...aiFieldsOf(row),
    };
  });
}

/** Count of emails matching `where`, and how many of them were sent (an edition sent: the marked ones). */
export async function countEmails(db: Db, where: RawBuilder<unknown>) {
  const { rows } = await sql<{ total: string | number; marked: string | number }>`
    select count(*) as total,
      count(*) filter (where exists (select 1 from email_versions v where v.email_id = e.id and v.status = 'sent')) as marked
    from emails e where ${where}`.execute(db);
  return { total_count: n(rows[0]?.total), marked_count: n(rows[0]?.marked) };
}

/** Sends, opens and clicks of the campaign's emails per day (in the user's time zone), oldest first. */
async function campaignGraph(db: Db, campaignId: number, timeZone: string): Promise<CampaignGraphPoint[]> {
  const { rows } = await sql<{
    day: string;
    sent: string | number;
    opens: string | number;
    clicks: string | number;
  }>`
    select to_char(ev.occurred_at at time zone ${timeZone}, 'YYYY-MM-DD') as day,
      count(*) filter (where ev.kind = 'sent') as sent,
      count(*) filter (where ev.kind = 'opened') as opens,
      count(*) filter (where ev.kind = 'clicked') as clicks
    from email_event ev
    where ev.email_id in (select e.id from emails e where e.campaign_id = ${campaignId})
      and ev.kind in ('sent', 'opened', 'clicked') and not ev.is_test
    group by 1 order by 1`.execute(db);
  return rows.map((r) => ({ date: r.day, sent: n(r.sent), opens: n(r.opens), clicks: n(r.clicks) }));
}

/**
 * The campaign's content sources with their names, as the content explorer shows them: the global pool
 * ('global') and the organisation's feeds; a source deleted since is left out.
 */
async function contentSourcesOf(
  db: Db,
  orgId: number,
  advanced: CampaignAdvancedSearch,
): Promise<CampaignContentSources> {
  const include = advanced.include_sources ?? [];
  const exclude = advanced.exclude_sources ?? [];
  const ids = [...include, ...exclude].filter((id): id is number => typeof id === 'number');
  const rows =
    ids.length === 0
      ? []
      : await db
          .selectFrom('article_sources')
          .select(['id', 'name'])
          .where('id', 'in', ids)
          .where((eb) => eb.or([eb('org_id', 'is', null), eb('org_id', '=', orgId)]))
          .execute();
  const names = new Map(rows.map((r) => [r.id, r.name]));
  const named = (list: (number | 'global')[]) =>
    list.flatMap((id): CampaignContentSources['include'] => {
      if (id === 'global') return [{ id, name: GLOBAL_POOL_NAME }];
      const name = names.get(id);
      return name === undefined ? [] : [{ id, name }];
    });
  return { include: named(include), exclude: named(exclude) };
}

/** campaign_details/{id}/: the campaign, its audience, its emails by edition status and the graph. */
export async function loadCampaignDetails(
  db: Db,
  orgId: number,
  campaignId: number,
  timeZone: string,
): Promise<CampaignDetails> {
  const summary = await loadCampaignSummary(db, orgId, campaignId);
  const [campaign, lists, contacts, emails, graph] = await Promise.all([
    db
      .selectFrom('campaigns')
      .select(['keywords', 'advanced_search'])
      .where('id', '=', campaignId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('campaign_lists')
      .select('list_id')
      .where('campaign_id', '=', campaignId)
      .orderBy('list_id')
      .execute(),
    db
      .selectFrom('campaign_contacts')
      .select('contact_id')
      .where('campaign_id', '=', campaignId)
      .orderBy('contact_id')
      .execute(),
    selectEmails(db, sql`e.campaign_id = ${campaignId}`),
    campaignGraph(db, campaignId, timeZone),
  ]);
  // Sent: an edition was sent, or the email was sent otherwise (a workflow sends the email itself).
  const { rows: sentRows } = await sql<{ email_id: number }>`
    select distinct ev.email_id from email_event ev
    where ev.kind = 'sent' and not ev.is_test and ev.email_id in (select e.id from emails e where e.campaign_id = ${campaignId})`.execute(
    db,
  );
  const sentByWorkflow = new Set(sentRows.map((r) => r.email_id));
  const having = (status: EditionStatus) =>
    emails.filter(
      (e) =>
        e.editions.some((v) => v.status === status) || (status === 'sent' && sentByWorkflow.has(e.email_id)),
    );
  const advanced = campaign.advanced_search ?? {};
  return {
    ...summary,
    keywords: campaign.keywords ?? [],
    advanced_search: advanced as Record<string, unknown>,
    content_sources: await contentSourcesOf(db, orgId, advanced),
    list_ids: lists.map((l) => l.list_id),
    contact_ids: contacts.map((c) => c.contact_id),
    emails: {
      draft: having('draft'),
      sent: having('sent'),
      test: having('test'),
      scheduled: having('scheduled'),
      all: emails,
    },
    graph,
  };
}
