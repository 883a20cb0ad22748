import { type Kysely, type RawBuilder, sql, type Transaction } from 'kysely';
import type { AnalyticsSelection } from '../../../domain/analyticsSchemas.ts';
import { ANALYTICS_SHARE_FEATURES, type FeatureHolder } from '../../../domain/featureFlags.ts';
import type { Database } from '../../db/schema.ts';
import { notFound } from '../../lib/AppError.ts';
import { likePattern } from '../../lib/likePattern.ts';
import { requireFeature } from '../../lib/requireFeature.ts';
import { loadSavedFilter } from './loadSavedFilter.ts';

export type Db = Kysely<Database> | Transaction<Database>;
/** The signed-in user a report is read for (their flags decide the pseudo campaigns they may ask for). */
export type AnalyticsUser = { id: number; org_id: number } & FeatureHolder;

/** The share types of the fixed pseudo campaigns: share profiles 1, daily IQ 2, weekly account insights 3. */
const SHARE_TYPES = { share_profile: 1, daily_IQ: 2, weekly_account_insights: 3 } as const;

const QUARTER_DAYS = 90;

/**
 * What a report counts, resolved from the selection and checked against the organisation: its days (the
 * organisation's, both ends included; `from` null is all time), test or real sends, the workflows or
 * campaigns, the emails and the by-User filter.
 */
export type AnalyticsScope = {
  orgId: number;
  timeZone: string;
  from: string | null;
  to: string;
  isTest: boolean;
  /** Workflow reports: every workflow ('all') or these; null: not a workflow report. */
  workflows: 'all' | number[] | null;
  /** These campaigns only; null: every campaign (and emails of none). */
  campaigns: number[] | null;
  /** Campaigns left out. */
  excludeCampaigns: number[];
  /** only: just `include` and the emails the searches found; else every email but `exclude`. */
  emails: { only: boolean; include: number[]; exclude: number[]; searches: string[] };
  userId: number | null;
  /** The pseudo campaigns' share types asked for (their campaigns only). */
  shareTypes: number[];
};

/** Today in a time zone, as YYYY-MM-DD. */
export function todayIn(timeZone: string, now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/** The day `days` days after `day` (YYYY-MM-DD, negative goes back). */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** Whether the selection names workflows, campaigns or emails itself (then a saved filter is not used). */
export function selectsSomething(s: AnalyticsSelection): boolean {
  return (
    s.workflow_ids.length > 0 ||
    s.campaign_ids.length > 0 ||
    s.exclude_campaign_ids.length > 0 ||
    s.include_emails.length > 0 ||
    s.exclude_emails.length > 0 ||
    s.search_list.length > 0 ||
    s.all_campaigns ||
    s.all_workflows ||
    s.select_all ||
    s.unselect_all
  );
}

/** Fails with a 404 unless every id is one of the organisation's rows of `table`. */
async function ensureOwn(
  db: Db,
  table: 'campaigns' | 'emails' | 'workflow' | 'users',
  orgId: number,
  ids: readonly number[],
  message: string,
): Promise<void> {
  if (ids.length === 0) return;
  const found = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('org_id', '=', orgId)
    .where('id', 'in', [...ids])
    .executeTakeFirst();
  if (Number(found?.n ?? 0) !== ids.length) throw notFound(message);
}

/** Fails with a 404 unless the campaigns, emails, workflows and user a selection names are the organisation's. */
export async function ensureSelectionOwned(
  db: Db,
  orgId: number,
  s: Pick<
    AnalyticsSelection,
    | 'campaign_ids'
    | 'exclude_campaign_ids'
    | 'include_emails'
    | 'exclude_emails'
    | 'search_list'
    | 'workflow_ids'
    | 'user_id'
  >,
): Promise<void> {
  await ensureOwn(
    db,
    'campaigns',
    orgId,
    [...new Set([...s.campaign_ids, ...s.exclude_campaign_ids])],
    'Campaign not found.',
  );
  await ensureOwn(
    db,
    'emails',
    orgId,
    [...new Set([...s.include_emails, ...s.exclude_emails, ...s.search_list.flatMap((e) => e.email_ids)])],
    'Email not found.',
  );
  await ensureOwn(db, 'workflow', orgId, s.workflow_ids, 'Workflow not found.');
  await ensureOwn(db, 'users', orgId, s.user_id === null ? [] : [s.user_id], 'User not found.');
}

/**
 * Resolves a selection for the signed-in user's organisation. Another organisation's campaign, email,
 * workflow or user is a 404. No dates is a quarter ending today (all time for workflows); only an end
 * date counts the quarter ending there. An end before the start is swapped into order. A saved filter
 * (filterId) fills the selection when it chooses nothing itself; the request's own dates still win.
 */
export async function resolveScope(
  db: Db,
  user: AnalyticsUser,
  selection: AnalyticsSelection,
): Promise<AnalyticsScope> {
  const org = await db
    .selectFrom('organisations')
    .select('time_zone')
    .where('id', '=', user.org_id)
    .executeTakeFirstOrThrow();
  const orgId = user.org_id;
  const filterId = selection.filterId ?? selection.filter_id;
  const saved = filterId === null ? null : await loadSavedFilter(db, orgId, filterId);
  // A saved filter counts only when the request itself chooses no workflow, campaign or email.
  const s: AnalyticsSelection =
    saved && !selectsSomething(selection)
      ? {
          ...selection,
          ...saved.saved_data,
          start_date: selection.start_date ?? saved.saved_data.start_date,
          end_date: selection.end_date ?? saved.saved_data.end_date,
        }
      : selection;
  await ensureSelectionOwned(db, orgId, s);
  // A pseudo campaign only for a user whose permissions include it.
  for (const [field, feature] of ANALYTICS_SHARE_FEATURES) if (s[field]) requireFeature(user, feature);

  const isWorkflow = s.is_workflow || s.all_workflows || s.workflow_ids.length > 0;
  const today = todayIn(org.time_zone);
  let to = s.end_date ?? today;
  let from = s.start_date ?? (s.end_date === null && isWorkflow ? null : addDays(to, 1 - QUARTER_DAYS));
  if (from !== null && from > to) [from, to] = [to, from];

  const searches = s.search_list.filter((e) => e.select_all).map((e) => e.term);
  const picked = s.search_list.flatMap((e) => (e.select_all ? [] : e.email_ids));
  const only = !s.select_all && (s.unselect_all || s.include_emails.length > 0 || s.search_list.length > 0);
  return {
    orgId,
    timeZone: org.time_zone,
    from,
    to,
    isTest: s.is_test_email,
    workflows: isWorkflow ? (s.all_workflows || s.workflow_ids.length === 0 ? 'all' : s.workflow_ids) : null,
    campaigns: !isWorkflow && !s.all_campaigns && s.campaign_ids.length > 0 ? s.campaign_ids : null,
    excludeCampaigns: isWorkflow ? [] : s.exclude_campaign_ids,
    emails: {
      only,
      include: [...new Set([...s.include_emails, ...picked])],
      exclude: s.exclude_emails,
      searches: only ? searches : [],
    },
    userId: s.user_id,
    shareTypes: ANALYTICS_SHARE_FEATURES.filter(([field]) => s[field]).map(([field]) => SHARE_TYPES[field]),
  };
}

const ids = (list: readonly number[]) => sql.join(list.map((id) => sql`${id}`));

/**
 * The rows of a rollup (alias `r`: org_id, email_id, campaign_id, workflow_id, is_test) the scope counts,
 * without the period (each rollup keeps its own time).
 */
export function scopeRows(scope: AnalyticsScope, r: string): RawBuilder<boolean> {
  const col = (name: string) => sql.ref(`${r}.${name}`);
  const parts: RawBuilder<unknown>[] = [
    sql`${col('org_id')} = ${scope.orgId}`,
    sql`${col('is_test')} = ${scope.isTest}`,
  ];
  if (scope.workflows === 'all') parts.push(sql`${col('workflow_id')} is not null`);
  else if (scope.workflows) parts.push(sql`${col('workflow_id')} in (${ids(scope.workflows)})`);
  if (scope.campaigns) parts.push(sql`${col('campaign_id')} in (${ids(scope.campaigns)})`);
  if (scope.excludeCampaigns.length > 0)
    parts.push(
      sql`(${col('campaign_id')} is null or ${col('campaign_id')} not in (${ids(scope.excludeCampaigns)}))`,
    );
  parts.push(emailChosen(scope, col('email_id')));
  if (scope.userId !== null)
    parts.push(sql`${col('email_id')} in (select ue.id from emails ue where ue.user_id = ${scope.userId})`);
  if (scope.shareTypes.length > 0)
    parts.push(sql`${col('campaign_id')} in (select sc.id from campaigns sc where sc.org_id = ${scope.orgId}
      and sc.share_type in (${ids(scope.shareTypes)}))`);
  return sql<boolean>`(${sql.join(parts, sql` and `)})`;
}

/** Whether the email (an id expression) is one the scope's email choice keeps. */
export function emailChosen(scope: AnalyticsScope, emailId: RawBuilder<unknown>): RawBuilder<boolean> {
  const { emails } = scope;
  const parts: RawBuilder<unknown>[] = [];
  if (emails.only) {
    const alternatives: RawBuilder<unknown>[] = [];
    if (emails.include.length > 0) alternatives.push(sql`${emailId} in (${ids(emails.include)})`);
    for (const term of emails.searches)
      alternatives.push(sql`${emailId} in (select se.id from emails se where se.org_id = ${scope.orgId}
        and (se.name ilike ${likePattern(term)} or se.subject ilike ${likePattern(term)}))`);
    parts.push(alternatives.length > 0 ? sql`(${sql.join(alternatives, sql` or `)})` : sql`false`);
  }
  if (emails.exclude.length > 0) parts.push(sql`${emailId} not in (${ids(emails.exclude)})`);
  return parts.length === 0 ? sql<boolean>`true` : sql<boolean>`(${sql.join(parts, sql` and `)})`;
}

/** The scope without its email choice (every email of its campaigns or workflows). */
export const everyEmailOf = (scope: AnalyticsScope): AnalyticsScope => ({
  ...scope,
  emails: { only: false, include: [], exclude: [], searches: [] },
});

/** The scope's days on a date column (alias.column). */
export function scopeDays(scope: AnalyticsScope, column: string): RawBuilder<boolean> {
  const ref = sql.ref(column);
  return scope.from === null
    ? sql<boolean>`${ref} <= ${scope.to}::date`
    : sql<boolean>`${ref} between ${scope.from}::date and ${scope.to}::date`;
}

/** The scope's days on a moment (a column name or an expression), in the organisation's time zone. */
export function scopeMoments(
  scope: AnalyticsScope,
  column: string | RawBuilder<unknown>,
): RawBuilder<boolean> {
  const ref = typeof column === 'string' ? sql.ref(column) : column;
  const end = sql`((${addDays(scope.to, 1)}::date)::timestamp at time zone ${scope.timeZone})`;
  return scope.from === null
    ? sql<boolean>`${ref} < ${end}`
    : sql<boolean>`(${ref} >= ((${scope.from}::date)::timestamp at time zone ${scope.timeZone}) and ${ref} < ${end})`;
}
