import { type RawBuilder, sql } from 'kysely';
import type { ContactTab } from '../../../domain/analyticsContactSchemas.ts';
import { type AnalyticsScope, addDays, type Db } from './analyticsScope.ts';

type Numeric = number | string | null;

/**
 * Whether the scope counts every email of the organisation (no campaigns, workflows, emails, user or pseudo
 * campaign chosen): only then does the reach kept ahead (migration m0064) answer for it.
 */
export function countsEveryEmail(scope: AnalyticsScope): boolean {
  return (
    scope.workflows === null &&
    scope.campaigns === null &&
    scope.excludeCampaigns.length === 0 &&
    !scope.emails.only &&
    scope.emails.exclude.length === 0 &&
    scope.userId === null &&
    scope.shareTypes.length === 0
  );
}

/** The first moment of the scope's period (null: all time) and the first moment after it. */
export function periodMoments(scope: AnalyticsScope): {
  start: RawBuilder<Date> | null;
  end: RawBuilder<Date>;
} {
  const at = (day: string) => sql<Date>`((${day}::date)::timestamp at time zone ${scope.timeZone})`;
  return { start: scope.from === null ? null : at(scope.from), end: at(addDays(scope.to, 1)) };
}

const reachDays = (scope: AnalyticsScope) =>
  sql`r.org_id = ${scope.orgId} and r.is_test = ${scope.isTest} and ${
    scope.from === null
      ? sql`r.day <= ${scope.to}::date`
      : sql`r.day between ${scope.from}::date and ${scope.to}::date`
  }`;

/**
 * Whether every last moment a reach table keeps for the organisation falls before the period's end: then
 * "its last moment falls in the period" and "one of its rows does" are the same (the period reaches now).
 */
async function periodReachesNow(
  db: Db,
  scope: AnalyticsScope,
  table: 'analytics_contact_reach' | 'analytics_account_reach',
): Promise<boolean> {
  const column = table === 'analytics_contact_reach' ? sql.ref('x.last_at') : sql.ref('x.last_sent_at');
  const { rows } = await sql<{ later: boolean }>`
    select exists (select 1 from ${sql.table(table)} x where x.org_id = ${scope.orgId}
      and x.is_test = ${scope.isTest} and ${column} >= ${periodMoments(scope).end}) as later`.execute(db);
  return rows[0]?.later === false;
}

/**
 * The dashboard's reach kept ahead: the contact and email rows whose last send falls in the period (a sum
 * over its days, for any period) and the accounts whose last send does (when the period reaches the
 * organisation's last send). Null: the scope chooses emails, or the period ends before the last send, and
 * the rows are counted when asked.
 */
export async function reachKeptAhead(
  db: Db,
  scope: AnalyticsScope,
): Promise<{ contacts: number; accounts: number } | null> {
  if (!countsEveryEmail(scope) || !(await periodReachesNow(db, scope, 'analytics_account_reach')))
    return null;
  const { start } = periodMoments(scope);
  const { rows } = await sql<{ contacts: Numeric; accounts: Numeric }>`
    select (select coalesce(sum(r.sent_rows), 0) from analytics_reach_days r where ${reachDays(scope)}) as contacts,
      (select count(*) from analytics_account_reach a where a.org_id = ${scope.orgId}
        and a.is_test = ${scope.isTest} ${start === null ? sql`` : sql`and a.last_sent_at >= ${start}`}) as accounts`.execute(
    db,
  );
  return { contacts: Number(rows[0]?.contacts ?? 0), accounts: Number(rows[0]?.accounts ?? 0) };
}

/** A contact tab's column in analytics_reach_days and in analytics_contact_reach. */
export const TAB_REACH: Record<ContactTab, { days: string; lastAt: string }> = {
  delivered: { days: 'delivered', lastAt: 'last_delivered_at' },
  bounced: { days: 'bounced', lastAt: 'last_bounced_at' },
  unsubscribed: { days: 'unsubscribed', lastAt: 'last_unsubscribed_at' },
  all_contacts: { days: 'contacts', lastAt: 'last_at' },
};

/**
 * Each contact tab's count kept ahead (the contacts whose last moment of the tab's kind falls in the
 * period), when the scope counts every email and the period reaches the organisation's last moment; null
 * otherwise (the caller counts the rows).
 */
export async function tabCountsKeptAhead(
  db: Db,
  scope: AnalyticsScope,
): Promise<Record<ContactTab, number> | null> {
  if (!countsEveryEmail(scope) || !(await periodReachesNow(db, scope, 'analytics_contact_reach')))
    return null;
  const { rows } = await sql<Record<ContactTab, Numeric>>`
    select coalesce(sum(r.delivered), 0) as delivered, coalesce(sum(r.bounced), 0) as bounced,
      coalesce(sum(r.unsubscribed), 0) as unsubscribed, coalesce(sum(r.contacts), 0) as all_contacts
    from analytics_reach_days r where ${reachDays(scope)}`.execute(db);
  const row = rows[0];
  return {
    delivered: Number(row?.delivered ?? 0),
    bounced: Number(row?.bounced ?? 0),
    unsubscribed: Number(row?.unsubscribed ?? 0),
    all_contacts: Number(row?.all_contacts ?? 0),
  };
}
