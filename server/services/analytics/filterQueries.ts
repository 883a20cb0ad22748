import { sql } from 'kysely';
import { AI_PERSONALITIES } from '../../../domain/aiPersonalities.ts';
import type { AnalyticsSelection } from '../../../domain/analyticsSchemas.ts';
import type { AnalyticsDropdownEmail, EventCounts, EventRates } from '../../../domain/analyticsTypes.ts';
import { notFound } from '../../lib/AppError.ts';
import { likePattern } from '../../lib/likePattern.ts';
import { analyticsListing } from './analyticsListing.ts';
import {
  type AnalyticsUser,
  type Db,
  emailChosen,
  everyEmailOf,
  resolveScope,
  scopeDays,
  scopeRows,
} from './analyticsScope.ts';
import { COUNT_SUMS, type CountRow, countsOf, periodOf, ratesOf } from './statsQueries.ts';

type Numeric = number | string | null;

/** Email types: 0 digest (hybrid), 1 ad hoc (custom), 2 AI. */
const DIGEST = 0;
const ADHOC = 1;
const AI = 2;

export type DropdownEmail = AnalyticsDropdownEmail;

/** An AI variant's personality as the dropdown names it (no personality kept: Others). */
function personalityFields(value: unknown) {
  const personality = AI_PERSONALITIES.find((p) => p.type === value) ?? AI_PERSONALITIES[4];
  return {
    personality: personality.code,
    personality_color: personality.color,
    personality_name: personality.type,
  };
}

function aiPersonalityOf(email: DropdownEmail) {
  return {
    name: email.personality_name ?? 'Others',
    color: email.personality_color ?? AI_PERSONALITIES[4].color,
    tag: email.personality ?? AI_PERSONALITIES[4].code,
  };
}

/**
 * emails_dropdown/: the emails the filter offers (those of the chosen campaigns or workflows sent in the
 * period, real or test, searched by name or subject, the latest sent first), each marked when the
 * selection keeps it (select all, unselect all, picks, searches and exclusions); with is_count only the
 * totals. AI emails also come as their own group (ai_group), each with its personality {name, color, tag}.
 */
export async function emailsDropdown(
  db: Db,
  user: AnalyticsUser,
  body: AnalyticsSelection & { search_term: string; limit: number; offset: number; is_count: boolean },
) {
  const scope = await resolveScope(db, user, body);
  const offered = everyEmailOf(scope);
  const parts = [sql`e.org_id = ${scope.orgId}`];
  if (body.search_term)
    parts.push(
      sql`(e.name ilike ${likePattern(body.search_term)} or e.subject ilike ${likePattern(body.search_term)})`,
    );
  const from = sql`emails e
    join (
      select r.email_id, max(r.day) filter (where r.sent > 0) as last_sent from analytics_day_totals r
      where ${scopeRows(offered, 'r')} and ${scopeDays(scope, 'r.day')} group by r.email_id
    ) x on x.email_id = e.id
    left join campaigns k on k.id = e.campaign_id
    left join users u on u.id = e.user_id`;
  const where = sql.join(parts, sql` and `);
  const marked = emailChosen(scope, sql`e.id`);
  const counted = await sql<{ total: Numeric; selected: Numeric }>`
    select count(*) as total, count(*) filter (where ${marked}) as selected from ${from} where ${where}`.execute(
    db,
  );
  const totals = {
    total_count: Number(counted.rows[0]?.total ?? 0),
    selected_count: Number(counted.rows[0]?.selected ?? 0),
  };
  if (body.is_count) return { ...totals, data: [], ai_group: [], period: periodOf(scope) };
  const page = await analyticsListing<Record<string, Numeric | boolean> & { email_id: number }>(db, {
    select: sql`e.id as email_id, e.campaign_id, k.name as campaign_name, e.name as email_name,
      e.subject as email_subject, to_char(x.last_sent, 'YYYY-MM-DD') as last_sent, e.email_type,
      e.personality_type,
      trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')) as sent_by, ${marked} as is_marked`,
    from,
    where,
    orderBy: sql`x.last_sent desc nulls last, e.id desc`,
    limit: body.limit,
    offset: body.offset,
  });
  const data = page.rows.map(
    (r): DropdownEmail => ({
      email_id: r.email_id,
      campaign_id: r.campaign_id == null ? null : Number(r.campaign_id),
      campaign_name: r.campaign_name == null ? null : String(r.campaign_name),
      email_name: String(r.email_name),
      email_subject: String(r.email_subject),
      last_sent: r.last_sent == null ? null : String(r.last_sent),
      sent_by: String(r.sent_by),
      is_test_email: scope.isTest,
      is_marked: r.is_marked === true,
      digest_email: Number(r.email_type) === DIGEST,
      adhoc_email: Number(r.email_type) === ADHOC,
      ai_email: Number(r.email_type) === AI,
      ...(Number(r.email_type) === AI ? personalityFields(r.personality_type) : {}),
    }),
  );
  return {
    ...totals,
    data,
    ai_group: data.filter((e) => e.ai_email).map((e) => ({ ...e, ai_personality: aiPersonalityOf(e) })),
    period: periodOf(scope),
  };
}

/** campaign_workflow_dropdown/: the organisation's campaigns and workflows, by name. */
export async function campaignWorkflowDropdown(db: Db, orgId: number) {
  const [campaigns, workflows] = await Promise.all([
    db
      .selectFrom('campaigns')
      .select(['id as campaign_id', 'name as campaign_name', 'share_type'])
      .where('org_id', '=', orgId)
      .orderBy('name_lower')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('workflow')
      .select(['id as workflow_id', 'name as workflow_name', 'status'])
      .where('org_id', '=', orgId)
      .orderBy('name_lower')
      .orderBy('id')
      .execute(),
  ]);
  return { campaigns, workflows };
}

/** dashboard_workflows/: a page of the organisation's workflows (by state, searched), newest first. */
export async function dashboardWorkflows(
  db: Db,
  orgId: number,
  query: { status: 'active' | 'inactive' | 'all'; search: string; limit: number; offset: number },
) {
  const parts = [sql`w.org_id = ${orgId}`];
  if (query.status !== 'all') parts.push(sql`w.status = ${query.status}`);
  if (query.search) parts.push(sql`w.name_lower like ${likePattern(query.search.toLowerCase())}`);
  const page = await analyticsListing<{
    id: number;
    name: string;
    status: string;
    triggerId: number;
    emailId: number | null;
    emailName: string | null;
    campaignId: number | null;
    listId: number | null;
    listName: string | null;
  }>(db, {
    select: sql`w.id, w.name, w.status, w.trigger_id as "triggerId", w.email_id as "emailId",
      e.name as "emailName", e.campaign_id as "campaignId", w.list_id as "listId", l.name as "listName"`,
    from: sql`workflow w left join emails e on e.id = w.email_id left join contact_lists l on l.id = w.list_id`,
    where: sql.join(parts, sql` and `),
    orderBy: sql`w.created_at desc, w.id desc`,
    limit: query.limit,
    offset: query.offset,
  });
  return { total_count: page.total_count, data: page.rows };
}

/** dashboard_campaign_emails/: the emails of the organisation's chosen campaigns (none chosen: of all). */
export async function dashboardCampaignEmails(db: Db, orgId: number, campaignIds: readonly number[]) {
  if (campaignIds.length > 0) {
    const own = await db
      .selectFrom('campaigns')
      .select('id')
      .where('org_id', '=', orgId)
      .where('id', 'in', [...campaignIds])
      .execute();
    if (own.length !== campaignIds.length) throw notFound('Campaign not found.');
  }
  let query = db
    .selectFrom('emails as e')
    .innerJoin('campaigns as k', 'k.id', 'e.campaign_id')
    .select([
      'e.id as email_id',
      'e.name as email_name',
      'e.subject as email_subject',
      'k.id as campaign_id',
      'k.name as campaign_name',
    ])
    .where('e.org_id', '=', orgId);
  if (campaignIds.length > 0) query = query.where('k.id', 'in', [...campaignIds]);
  const data = await query.orderBy('k.name').orderBy('e.name').orderBy('e.id').execute();
  return { total_count: data.length, data };
}

type AnalyticsRow = EventCounts & EventRates;

/**
 * assets_analytics/{id}/ (a campaign's emails) and versions_analytics/{id}/ (an email's editions): a page
 * of them with what the period's real (or test) sends counted. Another organisation's id is a 404.
 */
export async function partsAnalytics(
  db: Db,
  user: AnalyticsUser,
  of: { campaignId: number } | { emailId: number },
  query: AnalyticsSelection & { limit: number; offset: number },
): Promise<
  { total_count: number; data: (AnalyticsRow & Record<string, unknown>)[] } & Record<string, unknown>
> {
  const scope = await resolveScope(db, user, query);
  const days = sql`r.is_test = ${scope.isTest} and ${scopeDays(scope, 'r.day')}`;
  const byCampaign = 'campaignId' in of;
  const owner = await db
    .selectFrom(byCampaign ? 'campaigns' : 'emails')
    .select(['id', 'name'])
    .where('id', '=', byCampaign ? of.campaignId : of.emailId)
    .where('org_id', '=', user.org_id)
    .executeTakeFirst();
  if (!owner) throw notFound(byCampaign ? 'Campaign not found.' : 'Email not found.');
  const page = await analyticsListing<CountRow & Record<string, unknown>>(
    db,
    byCampaign
      ? {
          select: sql`e.id as asset_id, e.name, e.subject, e.email_type, e.updated_at as last_update, t.*`,
          from: sql`emails e left join lateral (
            select ${COUNT_SUMS} from analytics_day_totals r where r.email_id = e.id and ${days}) t on true`,
          where: sql`e.campaign_id = ${owner.id}`,
          orderBy: sql`e.updated_at desc, e.id desc`,
          limit: query.limit,
          offset: query.offset,
        }
      : {
          select: sql`v.id as version_id, v.name, v.subject, v.status, v.sent_at, t.*`,
          from: sql`email_versions v left join lateral (
            select ${COUNT_SUMS} from analytics_day_totals r where r.version_id = v.id and r.email_id = v.email_id
            and ${days}) t on true`,
          where: sql`v.email_id = ${owner.id}`,
          orderBy: sql`v.sent_at desc nulls last, v.id desc`,
          limit: query.limit,
          offset: query.offset,
        },
  );
  return {
    ...(byCampaign
      ? { campaign_id: owner.id, campaign_name: owner.name }
      : { email_id: owner.id, email_name: owner.name }),
    total_count: page.total_count,
    data: page.rows.map((r) => {
      const counts = countsOf(r);
      const { sent, delivered, opens, clicks, bounced, unsubscribed, unique_opens, unique_clicks, ...rest } =
        r;
      return { ...rest, ...counts, ...ratesOf(counts) };
    }),
    period: periodOf(scope),
  };
}
