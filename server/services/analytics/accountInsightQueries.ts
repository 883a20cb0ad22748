import { sql } from 'kysely';
import type { InsightDirection } from '../../../domain/analyticsListInsightSchemas.ts';
import type {
  AccountInsightRow,
  InsightContact,
  InsightWeeks,
} from '../../../domain/analyticsListInsightTypes.ts';
import type { AnalyticsSelection } from '../../../domain/analyticsSchemas.ts';
import { analyticsListing } from './analyticsListing.ts';
import {
  type AnalyticsScope,
  type AnalyticsUser,
  addDays,
  type Db,
  resolveScope,
  scopeMoments,
  scopeRows,
} from './analyticsScope.ts';

type Numeric = number | string | null;

/** How many of an account's contacts an insight names. */
const TOP_CONTACTS = 3;

/**
 * The engagement of each contact-and-email row (alias r) in a week: its first open and its first click
 * when they fell in that week (so a contact counts once per email for each).
 */
const touchesIn = (week: AnalyticsScope) =>
  sql`(case when r.first_open_at is not null and ${scopeMoments(week, 'r.first_open_at')} then 1 else 0 end
    + case when r.first_click_at is not null and ${scopeMoments(week, 'r.first_click_at')} then 1 else 0 end)`;

/**
 * The weekly account insight: the week is the seven organisation days ending on the filter's end date
 * (today by default), against the seven before. An account's engagement in a week is the first opens plus
 * first clicks its contacts made there (the account a contact had when the email went), counted over the
 * selection's emails; rising lists the accounts that gained most, falling those that lost most (an
 * account that did not move is in neither). Each names its three most engaged contacts this week.
 */
export async function weeklyAccountInsights(
  db: Db,
  user: AnalyticsUser,
  body: AnalyticsSelection & { limit: number; offset: number; direction: InsightDirection },
): Promise<{ total_count: number; data: AccountInsightRow[]; weeks: InsightWeeks }> {
  const scope = await resolveScope(db, user, body);
  const thisWeek: AnalyticsScope = { ...scope, from: addDays(scope.to, -6) };
  const lastWeek: AnalyticsScope = { ...scope, from: addDays(scope.to, -13), to: addDays(scope.to, -7) };
  const both: AnalyticsScope = { ...scope, from: lastWeek.from };
  const touched = sql`(select r.account_id, r.contact_id, ${touchesIn(thisWeek)} as this_week,
      ${touchesIn(lastWeek)} as last_week
    from analytics_contact_email r
    where ${scopeRows(scope, 'r')} and r.account_id is not null
      and ((r.first_open_at is not null and ${scopeMoments(both, 'r.first_open_at')})
        or (r.first_click_at is not null and ${scopeMoments(both, 'r.first_click_at')})))`;
  const change = sql`sum(t.this_week) - sum(t.last_week)`;
  const rising = body.direction === 'rising';
  const page = await analyticsListing<Record<string, Numeric> & { account_id: number }>(db, {
    select: sql`a.id as account_id, a.name as account_name, sum(t.this_week) as this_week,
      sum(t.last_week) as last_week`,
    from: sql`${touched} t join accounts a on a.id = t.account_id`,
    where: sql`a.org_id = ${scope.orgId}`,
    groupBy: sql`a.id`,
    having: rising ? sql`${change} > 0` : sql`${change} < 0`,
    orderBy: rising ? sql`${change} desc, a.id` : sql`${change} asc, a.id`,
    limit: body.limit,
    offset: body.offset,
  });
  const ids = page.rows.map((row) => row.account_id);
  const contacts =
    ids.length === 0
      ? []
      : (
          await sql<{ account_id: number; contact_id: number; name: string; email: string; n: Numeric }>`
          select * from (
            select t.account_id, c.id as contact_id, trim(c.first_name || ' ' || c.last_name) as name,
              c.email, sum(t.this_week) as n,
              row_number() over (partition by t.account_id order by sum(t.this_week) desc, c.id) as place
            from ${touched} t join contacts c on c.id = t.contact_id
            where t.account_id in (${sql.join(ids)})
            group by t.account_id, c.id
            having sum(t.this_week) > 0
          ) ranked where place <= ${TOP_CONTACTS}
          order by account_id, place`.execute(db)
        ).rows;
  const topOf = (accountId: number): InsightContact[] =>
    contacts
      .filter((c) => c.account_id === accountId)
      .map((c) => ({
        contact_id: c.contact_id,
        contact_name: c.name,
        contact_email: c.email,
        this_week: Number(c.n ?? 0),
      }));
  return {
    total_count: page.total_count,
    data: page.rows.map((row) => {
      const now = Number(row.this_week ?? 0);
      const before = Number(row.last_week ?? 0);
      return {
        account_id: row.account_id,
        account_name: String(row.account_name),
        this_week: now,
        last_week: before,
        change: now - before,
        top_contacts: topOf(row.account_id),
      };
    }),
    weeks: {
      this_week: { start_date: thisWeek.from as string, end_date: thisWeek.to },
      last_week: { start_date: lastWeek.from as string, end_date: lastWeek.to },
      time_zone: scope.timeZone,
    },
  };
}
