import { type Kysely, sql } from 'kysely';

/**
 * The reach of an organisation's sends, kept ahead of the question (docs/analytics.md, "Counts kept
 * ahead"): the dashboard's contacts and accounts reached and the contact tabs' totals are exact distinct
 * counts over every contact a period reached, too many to count when asked at ten million events.
 * - analytics_contact_reach: per contact (and test flag) the last moment of any of its contact and email
 *   rows (its last send, else its last event: how the contact tabs place a row in a period) and the last
 *   moment of a row that was delivered, bounced or unsubscribed (the tabs);
 * - analytics_account_reach: per account the last send of any of its contact and email rows (the row's
 *   account is the contact's account at its latest event);
 * - analytics_reach_days: per organisation day, the contact and email rows whose last send falls on it (the
 *   dashboard's contacts) and the contacts whose last moment of each kind falls on it (the tabs' totals).
 * Statement triggers on analytics_contact_email keep them: inserted rows only move a last moment later;
 * a changed or deleted row recounts its contact and account from their rows (by index); the reach
 * rows' own triggers move the day counts. So every writer (the catch-up, the rebuild, a deleted contact or
 * campaign, the benchmark's fill) keeps them, in its own transaction. ENABLE ALWAYS: also under set-wise
 * deletes that skip triggers.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table analytics_contact_reach (
      org_id integer not null,
      contact_id integer not null,
      is_test boolean not null,
      last_at timestamptz not null,
      last_delivered_at timestamptz,
      last_bounced_at timestamptz,
      last_unsubscribed_at timestamptz,
      primary key (contact_id, is_test)
    );
    create index analytics_contact_reach_org_idx on analytics_contact_reach (org_id, is_test, last_at);
    -- The contacts of the sparse tabs (bounced, unsubscribed) of a period reaching now.
    create index analytics_contact_reach_bounced_idx on analytics_contact_reach (org_id, is_test, last_bounced_at)
      where last_bounced_at is not null;
    create index analytics_contact_reach_unsubscribed_idx on analytics_contact_reach
      (org_id, is_test, last_unsubscribed_at) where last_unsubscribed_at is not null;

    create table analytics_account_reach (
      org_id integer not null,
      account_id integer not null,
      is_test boolean not null,
      last_sent_at timestamptz not null,
      primary key (account_id, is_test)
    );
    create index analytics_account_reach_org_idx on analytics_account_reach (org_id, is_test, last_sent_at);

    create table analytics_reach_days (
      org_id integer not null,
      is_test boolean not null,
      day date not null,
      sent_rows integer not null default 0,
      contacts integer not null default 0,
      delivered integer not null default 0,
      bounced integer not null default 0,
      unsubscribed integer not null default 0,
      primary key (org_id, is_test, day)
    );

    -- An account's last send, recounted by one index descent.
    create index analytics_contact_email_account_idx on analytics_contact_email (account_id, is_test, last_sent_at)
      where account_id is not null;
  `.execute(db);

  await sql.raw(REACH_FUNCTIONS).execute(db);
  // The day counts follow the reach rows; the reach of the rows already kept is counted once, here.
  await sql.raw(DAY_TRIGGERS).execute(db);
  await sql`
    insert into analytics_contact_reach (org_id, contact_id, is_test, last_at, last_delivered_at, last_bounced_at,
      last_unsubscribed_at)
    select min(ce.org_id), ce.contact_id, ce.is_test, ${sql.raw(reachOf('ce'))}
    from analytics_contact_email ce group by ce.contact_id, ce.is_test;
    insert into analytics_account_reach (org_id, account_id, is_test, last_sent_at)
    select min(ce.org_id), ce.account_id, ce.is_test, max(ce.last_sent_at)
    from analytics_contact_email ce where ce.account_id is not null and ce.last_sent_at is not null
    group by ce.account_id, ce.is_test;
    insert into analytics_reach_days as t (org_id, is_test, day, sent_rows)
    select ce.org_id, ce.is_test, (ce.last_sent_at at time zone o.time_zone)::date, count(*)
    from analytics_contact_email ce join organisations o on o.id = ce.org_id
    where ce.last_sent_at is not null group by 1, 2, 3
    on conflict (org_id, is_test, day) do update set sent_rows = excluded.sent_rows;
  `.execute(db);
  await sql.raw(ROW_TRIGGERS).execute(db);
}

/** The last moment (last send, else last event) of a contact's rows (alias), or of those of one kind. */
export const momentText = (alias: string, kind?: string) =>
  `max(coalesce(${alias}.last_sent_at, ${alias}.last_event_at))${kind ? ` filter (where ${alias}.${kind} > 0)` : ''}`;
export const reachOf = (alias: string) =>
  `${momentText(alias)}, ${momentText(alias, 'delivered')}, ${momentText(alias, 'bounced')}, ${momentText(alias, 'unsubscribed')}`;

/** Moves the sent_rows of the days of some rows' last sends (sign 1 or -1) of a transition table. */
export const sentRowsOf = (rows: string, sign: 1 | -1, where = 'true') => `
  select r.org_id, r.is_test, (r.last_sent_at at time zone o.time_zone)::date as day, ${sign} as n
  from ${rows} r join organisations o on o.id = r.org_id where r.last_sent_at is not null and ${where}`;
export const addSentRows = (selects: string) => `
  insert into analytics_reach_days as t (org_id, is_test, day, sent_rows)
  select x.org_id, x.is_test, x.day, sum(x.n) from (${selects}) x
  group by 1, 2, 3 having sum(x.n) <> 0
  on conflict (org_id, is_test, day) do update set sent_rows = t.sent_rows + excluded.sent_rows;`;

export const REACH_FUNCTIONS = `
-- The reach of some contacts and accounts (jsonb lists of {contact_id, is_test}, {account_id, is_test}),
-- recounted from all their contact and email rows: the old reach rows go, the recounted ones come.
create function analytics_reach_recount(contacts jsonb, accounts jsonb) returns void language plpgsql as $fn$
begin
  delete from analytics_contact_reach r using jsonb_to_recordset(contacts) k(contact_id integer, is_test boolean)
  where r.contact_id = k.contact_id and r.is_test = k.is_test;
  insert into analytics_contact_reach (org_id, contact_id, is_test, last_at, last_delivered_at, last_bounced_at,
    last_unsubscribed_at)
  select min(ce.org_id), ce.contact_id, ce.is_test, ${reachOf('ce')}
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

-- New contact and email rows: a contact's (an account's) last moments only move later.
create function analytics_reach_inserted() returns trigger language plpgsql as $fn$
begin
  ${addSentRows(sentRowsOf('new_rows', 1))}

  insert into analytics_contact_reach as t (org_id, contact_id, is_test, last_at, last_delivered_at,
    last_bounced_at, last_unsubscribed_at)
  select min(n.org_id), n.contact_id, n.is_test, ${reachOf('n')}
  from new_rows n group by n.contact_id, n.is_test
  order by 2, 3
  on conflict (contact_id, is_test) do update set
    last_at = greatest(t.last_at, excluded.last_at),
    last_delivered_at = greatest(t.last_delivered_at, excluded.last_delivered_at),
    last_bounced_at = greatest(t.last_bounced_at, excluded.last_bounced_at),
    last_unsubscribed_at = greatest(t.last_unsubscribed_at, excluded.last_unsubscribed_at)
  where excluded.last_at > t.last_at
    or excluded.last_delivered_at > coalesce(t.last_delivered_at, '-infinity')
    or excluded.last_bounced_at > coalesce(t.last_bounced_at, '-infinity')
    or excluded.last_unsubscribed_at > coalesce(t.last_unsubscribed_at, '-infinity');

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

-- Changed contact and email rows: the days of their last sends move; the contacts and accounts whose rows
-- changed what their reach reads are recounted (an open that changes nothing of it costs nothing more).
create function analytics_reach_updated() returns trigger language plpgsql as $fn$
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
  return null;
end
$fn$;

-- Deleted contact and email rows (a contact or email deleted, a rebuild): their contacts and accounts recounted.
create function analytics_reach_deleted() returns trigger language plpgsql as $fn$
declare
  contacts jsonb;
  accounts jsonb;
begin
  ${addSentRows(sentRowsOf('old_rows', -1))}
  select jsonb_agg(distinct jsonb_build_object('contact_id', d.contact_id, 'is_test', d.is_test)),
    jsonb_agg(distinct jsonb_build_object('account_id', d.account_id, 'is_test', d.is_test))
      filter (where d.account_id is not null)
  into contacts, accounts from old_rows d;
  if contacts is not null then
    perform analytics_reach_recount(contacts, coalesce(accounts, '[]'));
  end if;
  return null;
end
$fn$;
`;

/** A contact's last moments of each kind (sign 1 or -1) of a transition table, as (org, test, at, kind). */
export const momentsOf = (rows: string, sign: 1 | -1) => `
  select r.org_id, r.is_test, v.at, v.kind, ${sign} as n
  from ${rows} r cross join lateral (values (r.last_at, 'c'), (r.last_delivered_at, 'd'),
    (r.last_bounced_at, 'b'), (r.last_unsubscribed_at, 'u')) v(at, kind)
  where v.at is not null`;
export const addMoments = (selects: string) => `
  insert into analytics_reach_days as t (org_id, is_test, day, contacts, delivered, bounced, unsubscribed)
  select x.org_id, x.is_test, (x.at at time zone o.time_zone)::date,
    coalesce(sum(x.n) filter (where x.kind = 'c'), 0), coalesce(sum(x.n) filter (where x.kind = 'd'), 0),
    coalesce(sum(x.n) filter (where x.kind = 'b'), 0), coalesce(sum(x.n) filter (where x.kind = 'u'), 0)
  from (${selects}) x join organisations o on o.id = x.org_id
  group by 1, 2, 3
  on conflict (org_id, is_test, day) do update set contacts = t.contacts + excluded.contacts,
    delivered = t.delivered + excluded.delivered, bounced = t.bounced + excluded.bounced,
    unsubscribed = t.unsubscribed + excluded.unsubscribed;`;

export const DAY_TRIGGERS = `
create function analytics_reach_days_inserted() returns trigger language plpgsql as $fn$
begin
  ${addMoments(momentsOf('new_rows', 1))}
  return null;
end
$fn$;
create function analytics_reach_days_updated() returns trigger language plpgsql as $fn$
begin
  ${addMoments(`select d.* from (${momentsOf('old_rows', -1)}) d union all select i.* from (${momentsOf('new_rows', 1)}) i`)}
  return null;
end
$fn$;
create function analytics_reach_days_deleted() returns trigger language plpgsql as $fn$
begin
  ${addMoments(momentsOf('old_rows', -1))}
  return null;
end
$fn$;
create trigger analytics_reach_days_inserted after insert on analytics_contact_reach
  referencing new table as new_rows for each statement execute function analytics_reach_days_inserted();
create trigger analytics_reach_days_updated after update on analytics_contact_reach
  referencing old table as old_rows new table as new_rows
  for each statement execute function analytics_reach_days_updated();
create trigger analytics_reach_days_deleted after delete on analytics_contact_reach
  referencing old table as old_rows for each statement execute function analytics_reach_days_deleted();
alter table analytics_contact_reach enable always trigger analytics_reach_days_inserted;
alter table analytics_contact_reach enable always trigger analytics_reach_days_updated;
alter table analytics_contact_reach enable always trigger analytics_reach_days_deleted;
`;

const ROW_TRIGGERS = `
create trigger analytics_reach_inserted after insert on analytics_contact_email
  referencing new table as new_rows for each statement execute function analytics_reach_inserted();
create trigger analytics_reach_updated after update on analytics_contact_email
  referencing old table as old_rows new table as new_rows
  for each statement execute function analytics_reach_updated();
create trigger analytics_reach_deleted after delete on analytics_contact_email
  referencing old table as old_rows for each statement execute function analytics_reach_deleted();
alter table analytics_contact_email enable always trigger analytics_reach_inserted;
alter table analytics_contact_email enable always trigger analytics_reach_updated;
alter table analytics_contact_email enable always trigger analytics_reach_deleted;
`;

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop trigger if exists analytics_reach_inserted on analytics_contact_email;
    drop trigger if exists analytics_reach_updated on analytics_contact_email;
    drop trigger if exists analytics_reach_deleted on analytics_contact_email;
    drop function if exists analytics_reach_inserted(), analytics_reach_updated(), analytics_reach_deleted(),
      analytics_reach_days_inserted(), analytics_reach_days_updated(), analytics_reach_days_deleted(),
      analytics_reach_recount(jsonb, jsonb);
    drop index if exists analytics_contact_email_account_idx;
    drop table if exists analytics_reach_days, analytics_account_reach, analytics_contact_reach;
  `.execute(db);
}
