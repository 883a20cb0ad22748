import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { firstOfItsKindWindow } from '../../lib/eventIdentity.ts';
import { settledEventId } from '../../lib/eventWriteLock.ts';
import { lockProgress, setProgress } from './applyNewEvents.ts';

/** Emails (articles) recomputed per statement: bounds the rows each sort holds at once. */
const CHUNK_IDS = 50;

export type Rebuilt = { upTo: number; dayRows: number; contactEmails: number; articleContacts: number };

/**
 * Recomputes the rollups from the events alone, set-wise (the recount that `npm run analytics:rebuild`
 * runs; the catch-up worker must agree with it): every rollup of the organisation (or of all) is deleted and
 * written again from the events up to the progress mark, in one transaction that holds the mark, so the
 * worker goes on from there. A whole rebuild first waits for the events in flight (settledEventId) and
 * moves the mark to the last of them. Events are read an email (an article) range at a time: every
 * repeat of an event is of the same email and article as the event, so each range is complete.
 */
export async function rebuildRollups(
  db: Kysely<Database>,
  options: { orgId?: number; lockTimeoutMs?: number } = {},
): Promise<Rebuilt> {
  const { orgId } = options;
  const settled = orgId === undefined ? await settledEventId(db, options.lockTimeoutMs) : 0;
  return db.transaction().execute(async (trx) => {
    const progress = await lockProgress(trx);
    const upTo = Math.max(progress, settled);
    const ofOrg = (alias: string) =>
      orgId === undefined ? sql`true` : sql`${sql.ref(`${alias}.org_id`)} = ${orgId}`;
    // Day totals first: what the contact rows' delete trigger takes out of them is then already gone.
    for (const table of [
      'analytics_day_totals',
      'analytics_contact_email',
      'analytics_article_contact',
    ] as const) {
      if (orgId === undefined) await sql`truncate ${sql.table(table)}`.execute(trx);
      else await sql`delete from ${sql.table(table)} t where ${ofOrg('t')}`.execute(trx);
    }
    // The reach kept ahead follows the contact and email rows (their triggers); a truncate fires none.
    if (orgId === undefined)
      await sql`truncate analytics_contact_reach, analytics_account_reach, analytics_reach_days`.execute(trx);

    await sql`
      create temp table rebuild_events (
        id bigint, org_id integer, kind text, contact_id integer, email_id integer, version_id integer,
        campaign_id integer, workflow_id integer, account_id integer, is_test boolean, occurred_at timestamptz,
        day date, counts boolean
      ) on commit drop`.execute(trx);
    const emails = await trx
      .selectFrom('emails as e')
      .select('e.id')
      .$if(orgId !== undefined, (qb) => qb.where('e.org_id', '=', orgId as number))
      .orderBy('e.id')
      .execute();
    for (let i = 0; i < emails.length; i += CHUNK_IDS) {
      const ids = emails.slice(i, i + CHUNK_IDS).map((row) => row.id);
      await sql`
        insert into rebuild_events
        select e.id, e.org_id, e.kind, e.contact_id, e.email_id, e.version_id, e.campaign_id, e.workflow_id,
          e.account_id, e.is_test, e.occurred_at, (e.occurred_at at time zone o.time_zone)::date,
          ${firstOfItsKindWindow('e')}
        from email_event e join organisations o on o.id = e.org_id
        where e.email_id = any(${ids}::int[]) and e.id <= ${upTo} and ${ofOrg('e')}`.execute(trx);
      await writeEmailRollups(trx);
      await sql`truncate rebuild_events`.execute(trx);
    }
    await writeArticleRollups(trx, upTo, orgId);
    if (orgId === undefined) await setProgress(trx, upTo);

    const count = async (
      table: 'analytics_day_totals' | 'analytics_contact_email' | 'analytics_article_contact',
    ) => {
      const { rows } = await sql<{ n: string | number }>`
        select count(*) as n from ${sql.table(table)} t where ${ofOrg('t')}`.execute(trx);
      return Number(rows[0]?.n ?? 0);
    };
    return {
      upTo,
      dayRows: await count('analytics_day_totals'),
      contactEmails: await count('analytics_contact_email'),
      articleContacts: await count('analytics_article_contact'),
    };
  });
}

const counted = (kind: string, extra = sql``) =>
  sql`(count(*) filter (where counts and kind = ${kind} ${extra}))::int`;

/** The day totals and the contact and email rows of the events in rebuild_events (whole emails). */
async function writeEmailRollups(trx: Transaction<Database>): Promise<void> {
  await sql`
    insert into analytics_day_totals (org_id, day, email_id, version_id, campaign_id, workflow_id, is_test,
      sent, delivered, opened, clicked, bounced, unsubscribed, unique_opens, unique_clicks)
    select org_id, day, email_id, version_id, campaign_id, workflow_id, is_test,
      ${counted('sent')}, ${counted('delivered')}, ${counted('opened')}, ${counted('clicked')},
      ${counted('bounced')}, ${counted('unsubscribed')}, 0, 0
    from rebuild_events where counts
    group by org_id, day, email_id, version_id, campaign_id, workflow_id, is_test`.execute(trx);
  // A contact's first open (click) of an email, by time then id, counted on its own row.
  await sql`
    with first_touch as (
      select distinct on (email_id, contact_id, is_test, kind)
        org_id, day, email_id, version_id, campaign_id, workflow_id, is_test, kind
      from rebuild_events
      where kind in ('opened', 'clicked') and contact_id is not null
      order by email_id, contact_id, is_test, kind, occurred_at, id
    )
    insert into analytics_day_totals as t (org_id, day, email_id, version_id, campaign_id, workflow_id,
      is_test, unique_opens, unique_clicks)
    select org_id, day, email_id, version_id, campaign_id, workflow_id, is_test,
      (count(*) filter (where kind = 'opened'))::int, (count(*) filter (where kind = 'clicked'))::int
    from first_touch
    group by org_id, day, email_id, version_id, campaign_id, workflow_id, is_test
    on conflict (email_id, day, version_id, campaign_id, workflow_id, is_test) do update set
      unique_opens = t.unique_opens + excluded.unique_opens,
      unique_clicks = t.unique_clicks + excluded.unique_clicks`.execute(trx);
  await sql`
    with pair as (
      select contact_id, email_id, is_test, min(org_id) as org_id,
        ${counted('sent')} as sent, ${counted('delivered')} as delivered, ${counted('opened')} as opened,
        ${counted('clicked')} as clicked, ${counted('bounced')} as bounced,
        ${counted('unsubscribed')} as unsubscribed,
        min(occurred_at) filter (where kind = 'sent') as first_sent_at,
        max(occurred_at) filter (where kind = 'sent') as last_sent_at,
        min(occurred_at) filter (where kind = 'delivered') as delivered_at,
        min(occurred_at) filter (where kind = 'bounced') as bounced_at,
        min(occurred_at) filter (where kind = 'unsubscribed') as unsubscribed_at
      from rebuild_events where contact_id is not null
      group by contact_id, email_id, is_test
    ),
    latest as (
      select distinct on (contact_id, email_id, is_test) contact_id, email_id, is_test, account_id,
        campaign_id, version_id, workflow_id, id, occurred_at
      from rebuild_events where contact_id is not null
      order by contact_id, email_id, is_test, occurred_at desc, id desc
    ),
    first_open as (
      select distinct on (contact_id, email_id, is_test) contact_id, email_id, is_test, id, occurred_at
      from rebuild_events where contact_id is not null and kind = 'opened'
      order by contact_id, email_id, is_test, occurred_at, id
    ),
    first_click as (
      select distinct on (contact_id, email_id, is_test) contact_id, email_id, is_test, id, occurred_at
      from rebuild_events where contact_id is not null and kind = 'clicked'
      order by contact_id, email_id, is_test, occurred_at, id
    )
    insert into analytics_contact_email (org_id, contact_id, email_id, is_test, account_id, campaign_id,
      version_id, workflow_id, last_event_id, last_event_at, sent, delivered, opened, clicked, bounced,
      unsubscribed, first_sent_at, last_sent_at, delivered_at, bounced_at, unsubscribed_at, first_open_at,
      first_open_event_id, first_click_at, first_click_event_id)
    select p.org_id, p.contact_id, p.email_id, p.is_test, l.account_id, l.campaign_id, l.version_id,
      l.workflow_id, l.id, l.occurred_at, p.sent, p.delivered, p.opened, p.clicked, p.bounced, p.unsubscribed,
      p.first_sent_at, p.last_sent_at, p.delivered_at, p.bounced_at, p.unsubscribed_at, fo.occurred_at, fo.id,
      fc.occurred_at, fc.id
    from pair p
    join latest l using (contact_id, email_id, is_test)
    left join first_open fo using (contact_id, email_id, is_test)
    left join first_click fc using (contact_id, email_id, is_test)`.execute(trx);
}

/** The clicks of articles by contacts, an article range at a time (clicks of any email, or of one gone). */
async function writeArticleRollups(trx: Transaction<Database>, upTo: number, orgId: number | undefined) {
  const ofOrg = orgId === undefined ? sql`true` : sql`e.org_id = ${orgId}`;
  const { rows } = await sql<{ lo: number | null; hi: number | null }>`
    select min(article_id) as lo, max(article_id) as hi from email_event e
    where e.kind = 'clicked' and e.article_id is not null and e.id <= ${upTo} and ${ofOrg}`.execute(trx);
  const lo = rows[0]?.lo;
  const hi = rows[0]?.hi;
  if (lo === null || lo === undefined || hi === null || hi === undefined) return;
  const span = 5000;
  for (let from = Number(lo); from <= Number(hi); from += span) {
    await sql`
      with ev as (
        select e.id, e.org_id, e.article_id, e.contact_id, e.is_test, e.account_id, e.occurred_at,
          ${firstOfItsKindWindow('e')} as counts
        from email_event e
        where e.kind = 'clicked' and e.article_id >= ${from} and e.article_id < ${from + span}
          and e.contact_id is not null and e.id <= ${upTo} and ${ofOrg}
      ),
      latest as (
        select distinct on (article_id, contact_id, is_test) article_id, contact_id, is_test, account_id, id
        from ev order by article_id, contact_id, is_test, occurred_at desc, id desc
      )
      insert into analytics_article_contact (org_id, article_id, contact_id, is_test, account_id, clicks,
        first_click_at, last_click_at, last_event_id)
      select min(ev.org_id), ev.article_id, ev.contact_id, ev.is_test, min(l.account_id),
        (count(*) filter (where ev.counts))::int, min(ev.occurred_at), max(ev.occurred_at), min(l.id)
      from ev join latest l using (article_id, contact_id, is_test)
      group by ev.article_id, ev.contact_id, ev.is_test`.execute(trx);
  }
}
