import { type Kysely, sql } from 'kysely';
import {
  addMoments,
  addSentRows,
  DAY_TRIGGERS,
  momentsOf,
  REACH_FUNCTIONS,
  reachOf,
  sentRowsOf,
} from './m0064_analytics_reach.ts';

/**
 * Each contact's latest activity kept ahead (docs/analytics.md, "Counts kept ahead"): the bounced and
 * unsubscribed tabs order their few contacts by their latest activity in the period, which took summing
 * every row of every contact of the tab (thousands of contacts, their rows scattered over the table).
 * analytics_contact_reach.last_event_at is the latest event of any of the contact's rows: never earlier
 * than its latest activity in any period, so the tab's first page reads its contacts in that order and
 * sums the rows of only as many as it takes to be sure of the page (contactAnalyticsQueries).
 * The triggers of m0064 keep it: a recount counts it, new rows and changed rows move it later. The day
 * counts follow the four moments alone: a reach row whose moments did not change moves no day (before, an
 * unchanged row was taken away from its days and added back).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table analytics_contact_reach add column last_event_at timestamptz`.execute(db);
  await sql.raw(FUNCTIONS).execute(db);
  // Set-wise, once (no moment changes: the day counts' trigger moves nothing).
  await sql`
    update analytics_contact_reach r set last_event_at = x.at
    from (select ce.contact_id, ce.is_test, max(ce.last_event_at) as at from analytics_contact_email ce
      group by ce.contact_id, ce.is_test) x
    where r.contact_id = x.contact_id and r.is_test = x.is_test;
    update analytics_contact_reach set last_event_at = last_at where last_event_at is null;
    alter table analytics_contact_reach alter column last_event_at set not null;
    drop index analytics_contact_reach_bounced_idx;
    drop index analytics_contact_reach_unsubscribed_idx;
    create index analytics_contact_reach_bounced_idx on analytics_contact_reach (org_id, is_test, last_bounced_at)
      include (contact_id, last_event_at) where last_bounced_at is not null;
    create index analytics_contact_reach_unsubscribed_idx on analytics_contact_reach
      (org_id, is_test, last_unsubscribed_at) include (contact_id, last_event_at)
      where last_unsubscribed_at is not null;
  `.execute(db);
}

/** The rows of a transition table pair (old_rows, new_rows) whose moments changed: side 'o' or 'n'. */
const changed = (
  side: 'o' | 'n',
) => `(select ${side}.* from old_rows o join new_rows n using (contact_id, is_test)
  where (o.last_at, o.last_delivered_at, o.last_bounced_at, o.last_unsubscribed_at)
    is distinct from (n.last_at, n.last_delivered_at, n.last_bounced_at, n.last_unsubscribed_at))`;

const FUNCTIONS = `
create or replace function analytics_reach_recount(contacts jsonb, accounts jsonb) returns void language plpgsql as $fn$
begin
  delete from analytics_contact_reach r using jsonb_to_recordset(contacts) k(contact_id integer, is_test boolean)
  where r.contact_id = k.contact_id and r.is_test = k.is_test;
  insert into analytics_contact_reach (org_id, contact_id, is_test, last_at, last_delivered_at, last_bounced_at,
    last_unsubscribed_at, last_event_at)
  select min(ce.org_id), ce.contact_id, ce.is_test, ${reachOf('ce')}, max(ce.last_event_at)
  from (select distinct contact_id, is_test from jsonb_to_recordset(contacts) k(contact_id integer, is_test boolean)) k
  join analytics_contact_email ce on ce.contact_id = k.contact_id and ce.is_test = k.is_test
  group by ce.contact_id, ce.is_test;

  delete from analytics_account_reach r using jsonb_to_recordset(accounts) k(account_id integer, is_test boolean)
  where r.account_id = k.account_id and r.is_test = k.is_test;
  insert into analytics_account_reach (org_id, account_id, is_test, last_sent_at)
  select x.org_id, k.account_id, k.is_test, x.last_sent_at
  from (select distinct account_id, is_test from jsonb_to_recordset(accounts) k(account_id integer, is_test boolean)) k
  cross join lateral (
    select ce.org_id, ce.last_sent_at from analytics_contact_email ce
    where ce.account_id = k.account_id and ce.is_test = k.is_test and ce.last_sent_at is not null
    order by ce.last_sent_at desc limit 1
  ) x;
end
$fn$;

create or replace function analytics_reach_inserted() returns trigger language plpgsql as $fn$
begin
  ${addSentRows(sentRowsOf('new_rows', 1))}

  insert into analytics_contact_reach as t (org_id, contact_id, is_test, last_at, last_delivered_at,
    last_bounced_at, last_unsubscribed_at, last_event_at)
  select min(n.org_id), n.contact_id, n.is_test, ${reachOf('n')}, max(n.last_event_at)
  from new_rows n group by n.contact_id, n.is_test
  order by 2, 3
  on conflict (contact_id, is_test) do update set
    last_at = greatest(t.last_at, excluded.last_at),
    last_delivered_at = greatest(t.last_delivered_at, excluded.last_delivered_at),
    last_bounced_at = greatest(t.last_bounced_at, excluded.last_bounced_at),
    last_unsubscribed_at = greatest(t.last_unsubscribed_at, excluded.last_unsubscribed_at),
    last_event_at = greatest(t.last_event_at, excluded.last_event_at)
  where excluded.last_at > t.last_at
    or excluded.last_delivered_at > coalesce(t.last_delivered_at, '-infinity')
    or excluded.last_bounced_at > coalesce(t.last_bounced_at, '-infinity')
    or excluded.last_unsubscribed_at > coalesce(t.last_unsubscribed_at, '-infinity')
    or excluded.last_event_at > t.last_event_at;

  insert into analytics_account_reach as t (org_id, account_id, is_test, last_sent_at)
  select min(n.org_id), n.account_id, n.is_test, max(n.last_sent_at)
  from new_rows n where n.account_id is not null and n.last_sent_at is not null
  group by n.account_id, n.is_test
  order by 2, 3
  on conflict (account_id, is_test) do update set last_sent_at = excluded.last_sent_at
  where excluded.last_sent_at > t.last_sent_at;
  return null;
end
$fn$;

create or replace function analytics_reach_updated() returns trigger language plpgsql as $fn$
declare
  contacts jsonb;
  accounts jsonb;
begin
  ${addSentRows(
    `select d.* from (${sentRowsOf('old_rows', -1)}) d
    union all select i.* from (${sentRowsOf('new_rows', 1)}) i`,
  )}
  select jsonb_agg(distinct jsonb_build_object('contact_id', n.contact_id, 'is_test', n.is_test))
  into contacts
  from old_rows d join new_rows n using (contact_id, email_id, is_test)
  where (coalesce(d.last_sent_at, d.last_event_at), d.delivered > 0, d.bounced > 0, d.unsubscribed > 0)
    is distinct from (coalesce(n.last_sent_at, n.last_event_at), n.delivered > 0, n.bounced > 0, n.unsubscribed > 0);
  select jsonb_agg(distinct jsonb_build_object('account_id', a.account_id, 'is_test', a.is_test))
  into accounts
  from old_rows d join new_rows n using (contact_id, email_id, is_test)
  cross join lateral (values (d.account_id, d.is_test), (n.account_id, n.is_test)) a(account_id, is_test)
  where (d.account_id, d.last_sent_at) is distinct from (n.account_id, n.last_sent_at) and a.account_id is not null;
  if contacts is not null or accounts is not null then
    perform analytics_reach_recount(coalesce(contacts, '[]'), coalesce(accounts, '[]'));
  end if;
  -- A later event (an open, a click) moves the contact's latest activity (its moments stay).
  update analytics_contact_reach t set last_event_at = x.at
  from (select n.contact_id, n.is_test, max(n.last_event_at) as at from new_rows n group by 1, 2) x
  where t.contact_id = x.contact_id and t.is_test = x.is_test and x.at > t.last_event_at;
  return null;
end
$fn$;

create or replace function analytics_reach_days_updated() returns trigger language plpgsql as $fn$
begin
  ${addMoments(`select d.* from (${momentsOf(changed('o'), -1)}) d union all select i.* from (${momentsOf(changed('n'), 1)}) i`)}
  return null;
end
$fn$;
`;

export async function down(db: Kysely<unknown>): Promise<void> {
  const again = (text: string) => text.replaceAll('create function', 'create or replace function');
  const dayUpdated = DAY_TRIGGERS.match(
    /create function analytics_reach_days_updated\(\)[\s\S]*?\$fn\$;/,
  )?.[0];
  if (!dayUpdated) throw new Error('m0064 lost its day trigger');
  await sql
    .raw(`
    ${again(REACH_FUNCTIONS)}
    ${again(dayUpdated)}
    drop index analytics_contact_reach_bounced_idx;
    drop index analytics_contact_reach_unsubscribed_idx;
    create index analytics_contact_reach_bounced_idx on analytics_contact_reach (org_id, is_test, last_bounced_at)
      where last_bounced_at is not null;
    create index analytics_contact_reach_unsubscribed_idx on analytics_contact_reach
      (org_id, is_test, last_unsubscribed_at) where last_unsubscribed_at is not null;
    alter table analytics_contact_reach drop column last_event_at;
  `)
    .execute(db);
}
