/**
 * The data of `npm run bench:analytics`, written straight into the tables and the rollups with set-wise SQL
 * (generate_series), in the demo organisation: `contacts` contacts in `accounts` accounts, `campaigns`
 * campaigns of `emails` emails (each with its draft edition), and about `events` email events of sends
 * spread over SPAN_DAYS days before the fill (the newest sends BLAST_GAP_DAYS before it, so every open and
 * click has happened by then).
 *
 * Email k (0-based, the bench emails in id order) is sent at one moment, to SENDS / emails contacts in a
 * row (recipient j of email k is contact (k * 4889 + j) mod contacts: one send per contact and email),
 * one second apart. Send s (1-based, email s mod emails, recipient s div emails) draws its fate from
 * hashint8extended(s, seed): 3 % bounce, the others are delivered; 30 % of those open (a third of them
 * twice, minutes to hours apart), a fifth of the openers click a curated article's link 30 s after their
 * first open, 0.5 % of the delivered unsubscribe. That is EVENTS_PER_SEND events a send on average; the
 * events are cut at exactly `events`.
 *
 * The rollups are then written from the stored events, an email range at a time (nothing repeats, so each
 * count is a plain count; a contact's first open or click is its earliest), and the progress mark moved to
 * the last event, as the catch-up worker would leave it. bench/analyticsSample.ts holds them to a recount.
 */
import { sql } from 'kysely';
import type { DatabaseHandle } from '../server/db/openDatabase.ts';

export type AnalyticsBenchSize = {
  events: number;
  contacts: number;
  accounts: number;
  emails: number;
  campaigns: number;
};

export type AnalyticsBenchWorld = {
  orgId: number;
  userId: number;
  emailIds: number[];
  articleIds: number[];
  firstContactId: number;
  events: number;
  timeZone: string;
};

const SPAN_DAYS = 540;
const BLAST_GAP_DAYS = 4;
/** 1 sent + 1 delivered or bounced + 0.97 * (0.3 + 0.1 opens + 0.06 clicks + 0.005 unsubscribes). */
const EVENTS_PER_SEND = 2 + 0.97 * (0.3 + 0.1 + 0.06 + 0.005);
const SEND_CHUNK = 250_000;
const ROLLUP_EMAIL_CHUNK = 100;
/** Send ids of the bench's events (send_id has no foreign key): far above any real send's id. */
export const BENCH_SEND_ID_BASE = 1_000_000_000;

const INDUSTRIES = ['Software', 'Healthcare', 'Manufacturing', 'Financial Services', 'Retail', 'Energy'];
const FIRSTS = ['Olivia', 'Liam', 'Amara', 'Noah', 'Priya', 'Mateo', 'Sofia', 'Ethan', 'Maria', 'Lucas'];
const LASTS = ['Hart', 'Okafor', 'Lindqvist', 'Patel', 'Garcia', 'Nakamura', 'Muller', 'Brennan', 'Rossi'];
const TOPICS = ['spring', 'launch', 'digest', 'webinar', 'renewal', 'pricing', 'onboarding', 'events'];

export type Log = (line: string) => void;

export async function timed<T>(log: Log, what: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await work();
  log(`  ${what}: ${Math.round(performance.now() - started)} ms`);
  return result;
}

/** Fills the demo organisation (orgId) with the bench's audience, campaigns, events and rollups. */
export async function fillAnalytics(
  database: DatabaseHandle,
  orgId: number,
  size: AnalyticsBenchSize,
  log: Log,
): Promise<AnalyticsBenchWorld> {
  const db = database.db;
  const user = await db
    .selectFrom('users')
    .select('id')
    .where('org_id', '=', orgId)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const org = await db
    .selectFrom('organisations')
    .select('time_zone')
    .where('id', '=', orgId)
    .executeTakeFirstOrThrow();
  const { accountBase, contactBase } = await insertAccountsAndContacts(database, orgId, size, log);

  await timed(log, `${size.campaigns} campaigns, ${size.emails} emails`, async () => {
    await sql`
      insert into campaigns (org_id, user_id, name, position, created_at, updated_at)
      select ${orgId}, ${user.id}, 'Analytics bench ' || g || ' ' || (${TOPICS}::text[])[1 + g % 8], 2000 + g,
        now() - interval '${sql.raw(String(SPAN_DAYS + 10))} days', now()
      from generate_series(1, ${size.campaigns}) as g`.execute(db);
    // Email g of campaign 1 + g mod campaigns; email_versions gets each email's draft edition by trigger.
    await sql`
      insert into emails (org_id, user_id, campaign_id, name, subject, email_type, sent_from, sender_name)
      select ${orgId}, ${user.id}, c.id, 'Bench email ' || g || ' ' || (${TOPICS}::text[])[1 + g % 8],
        'News ' || g || ' about ' || (${TOPICS}::text[])[1 + (g / 8) % 8], 0, 'news@analytics-bench.test', 'Bench'
      from generate_series(0, ${size.emails - 1}) as g
      join (select id, row_number() over (order by id) - 1 as n from campaigns
            where org_id = ${orgId} and name like 'Analytics bench %') c on c.n = g % ${size.campaigns}`.execute(
      db,
    );
  });
  const { emails, articles } = await benchEmailsAndArticles(database, orgId);
  if (emails.length !== size.emails || emails.some((e) => e.version_id === null))
    throw new Error(`expected ${size.emails} bench emails with an edition, found ${emails.length}`);
  const sends = Math.ceil(size.events / EVENTS_PER_SEND);
  const world = {
    orgId,
    userId: user.id,
    emailIds: emails.map((e) => e.id),
    articleIds: articles.map((a) => a.id),
    firstContactId: contactBase + 1,
    events: 0,
    timeZone: org.time_zone,
  };
  await timed(log, `${size.events} events of ${sends} sends`, async () => {
    // Bulk load: email_event's secondary indexes are built after the rows, in one pass each.
    const indexes = (
      await sql<{ name: string; definition: string }>`
        select indexname as name, indexdef as definition from pg_indexes
        where tablename = 'email_event' and indexname <> 'email_event_pkey'`.execute(db)
    ).rows;
    for (const index of indexes) await sql`drop index ${sql.ref(index.name)}`.execute(db);
    const started = new Date(Date.now() - SPAN_DAYS * 86_400_000);
    const spacingS = ((SPAN_DAYS - BLAST_GAP_DAYS) * 86_400) / size.emails;
    let inserted = 0;
    // A few more sends than the average needs; the last statement stops at exactly `events`.
    for (let from = 1; inserted < size.events; from += SEND_CHUNK) {
      const to = from + SEND_CHUNK - 1;
      const result = await sql`
        insert into email_event (org_id, kind, contact_id, email_id, campaign_id, workflow_id, link, user_agent,
          occurred_at, send_id, is_test, version_id, account_id, article_id)
        select ${orgId}, v.kind, x.contact_id, x.email_id, x.campaign_id, null, v.link, null, v.at,
          ${BENCH_SEND_ID_BASE} + x.s, false, x.version_id, x.account_id, v.article_id
        from (
          select s, k, ${sql`(${world.emailIds}::int[])`}[1 + k] as email_id,
            (${emails.map((e) => e.campaign_id)}::int[])[1 + k] as campaign_id,
            (${emails.map((e) => e.version_id)}::int[])[1 + k] as version_id,
            ${contactBase} + 1 + c as contact_id, ${accountBase} + 1 + c % ${size.accounts} as account_id,
            ${started}::timestamptz + (k * ${spacingS}::float8 + j) * interval '1 second' as sent_at,
            abs(hashint8extended(s, 11)) % 100 < 3 as bounced,
            abs(hashint8extended(s, 12)) % 100 as opens, abs(hashint8extended(s, 13)) % 100 < 20 as clicks,
            abs(hashint8extended(s, 14)) % 1000 < 5 as unsubscribes,
            (1 + abs(hashint8extended(s, 15)) % 4000) * interval '1 minute' as open_after,
            (1 + abs(hashint8extended(s, 16)) % 600) * interval '1 minute' as reopen_after,
            abs(hashint8extended(s, 17)) % ${articles.length} as article
          from (
            select s, (s - 1) % ${size.emails} as k, (s - 1) / ${size.emails} as j,
              ((s - 1) % ${size.emails} * 4889 + (s - 1) / ${size.emails}) % ${size.contacts} as c
            from generate_series(${from}::bigint, ${to}::bigint) as s
          ) g
        ) x
        cross join lateral (values
          ('sent', x.sent_at, null, null, true),
          ('bounced', x.sent_at + interval '5 seconds', null, null, x.bounced),
          ('delivered', x.sent_at + interval '5 seconds', null, null, not x.bounced),
          ('opened', x.sent_at + x.open_after, null, null, not x.bounced and x.opens < 30),
          ('opened', x.sent_at + x.open_after + x.reopen_after, null, null, not x.bounced and x.opens < 10),
          ('clicked', x.sent_at + x.open_after + interval '30 seconds',
            (${articles.map((a) => a.link)}::text[])[1 + x.article], (${world.articleIds}::int[])[1 + x.article],
            not x.bounced and x.opens < 30 and x.clicks),
          ('unsubscribed', x.sent_at + x.open_after + interval '60 seconds', null, null,
            not x.bounced and x.unsubscribes)
        ) as v(kind, at, link, article_id, happens)
        where v.happens
        limit ${size.events - inserted}`.execute(db);
      const added = Number(result.numAffectedRows ?? 0);
      if (added === 0) throw new Error(`no events inserted for sends ${from} to ${to}`);
      inserted += added;
      log(`    sends up to ${to} of about ${sends}: ${inserted} events`);
    }
    log(`    rows in; building ${indexes.length} indexes`);
    for (const index of indexes) await sql.raw(index.definition).execute(db);
  });
  world.events = Number(
    (
      await sql<{
        n: string;
      }>`select count(*) as n from email_event where send_id > ${BENCH_SEND_ID_BASE}`.execute(db)
    ).rows[0]?.n ?? 0,
  );

  await timed(log, 'rollups', async () => {
    for (let i = 0; i < world.emailIds.length; i += ROLLUP_EMAIL_CHUNK) {
      await writeEmailRollups(database, world, world.emailIds.slice(i, i + ROLLUP_EMAIL_CHUNK));
    }
    await sql`
      insert into analytics_article_contact (org_id, article_id, contact_id, is_test, account_id, clicks,
        first_click_at, last_click_at, last_event_id)
      select min(org_id), article_id, contact_id, is_test, min(account_id), count(*)::int, min(occurred_at),
        max(occurred_at), (array_agg(id order by occurred_at desc, id desc))[1]
      from email_event
      where send_id > ${BENCH_SEND_ID_BASE} and kind = 'clicked'
      group by article_id, contact_id, is_test`.execute(db);
    await sql`update analytics_progress set last_event_id = (select max(id) from email_event), updated_at = now()`.execute(
      db,
    );
  });
  await timed(log, 'vacuum analyze', () => sql`vacuum analyze`.execute(db));
  return world;
}

/**
 * Writes `accounts` accounts and `contacts` contacts of the organisation set-wise (contact g: account
 * g mod accounts, address a<g>@analytics-bench.test, score g mod 100), after the highest ids in use;
 * answers those ids (the first new account is accountBase + 1, the first contact contactBase + 1).
 */
export async function insertAccountsAndContacts(
  database: DatabaseHandle,
  orgId: number,
  size: { accounts: number; contacts: number },
  log: Log,
): Promise<{ accountBase: number; contactBase: number }> {
  const db = database.db;
  const maxId = async (table: 'accounts' | 'contacts') =>
    Number(
      (await sql<{ id: number }>`select coalesce(max(id), 0)::int as id from ${sql.table(table)}`.execute(db))
        .rows[0]?.id ?? 0,
    );

  const accountBase = await maxId('accounts');
  const contactBase = await maxId('contacts');
  await timed(log, `${size.accounts} accounts, ${size.contacts} contacts`, async () => {
    await sql`
      insert into accounts (id, org_id, name, website, industry, revenue)
      select ${accountBase} + g, ${orgId}, 'Bench account ' || g, 'https://b' || g || '.test',
        (${INDUSTRIES}::text[])[1 + g % 6], null
      from generate_series(1, ${size.accounts}) as g`.execute(db);
    await sql`select setval(pg_get_serial_sequence('accounts', 'id'), ${accountBase + size.accounts})`.execute(
      db,
    );
    // The trigram indexes are built after the rows (kept up row by row, a million rows take PGlite far longer).
    await sql`drop index contacts_org_name_trgm_idx; drop index contacts_org_email_trgm_idx`.execute(db);
    await sql`
      insert into contacts (id, org_id, account_id, first_name, last_name, email, designation, industry,
        personality_type, personality, buyer_stage, status, engagement_score)
      select ${contactBase} + 1 + g, ${orgId}, ${accountBase} + 1 + g % ${size.accounts},
        (${FIRSTS}::text[])[1 + g % 10], (${LASTS}::text[])[1 + (g / 10) % 9] || (g % 997),
        'a' || g || '@analytics-bench.test', 'Role ' || (g % 40), (${INDUSTRIES}::text[])[1 + (g / 7) % 6],
        null, 'N/A', 'Awareness', 'Subscribed', g % 100
      from generate_series(0, ${size.contacts - 1}) as g`.execute(db);
    await sql`select setval(pg_get_serial_sequence('contacts', 'id'), ${contactBase + 1 + size.contacts})`.execute(
      db,
    );
    await sql`
      create index contacts_org_name_trgm_idx on contacts using gin (full_name_lower gin_trgm_ops);
      create index contacts_org_email_trgm_idx on contacts using gin (email_lower gin_trgm_ops)`.execute(db);
  });

  return { accountBase, contactBase };
}

/** The bench's emails (with their campaign and edition) and the articles its clicks are of. */
async function benchEmailsAndArticles(database: DatabaseHandle, orgId: number) {
  const emails = (
    await sql<{ id: number; campaign_id: number; version_id: number }>`
      select e.id, e.campaign_id, (select min(v.id) from email_versions v where v.email_id = e.id) as version_id
      from emails e where e.org_id = ${orgId} and e.name like 'Bench email %' order by e.id`.execute(
      database.db,
    )
  ).rows;
  const articles = (
    await sql<{ id: number; link: string }>`
      select id, link from articles where link is not null order by id limit 2000`.execute(database.db)
  ).rows;
  if (articles.length < 5) throw new Error('the seeded article pool is missing');
  return { emails, articles };
}

/** The world of a database a run filled and kept (BENCH_KEEP_DATABASE), read back to measure it again. */
export async function readAnalyticsWorld(
  database: DatabaseHandle,
  orgId: number,
): Promise<AnalyticsBenchWorld> {
  const { emails, articles } = await benchEmailsAndArticles(database, orgId);
  const { rows } = await sql<{ user_id: number; time_zone: string; first_contact: number; events: string }>`
    select (select min(id) from users where org_id = ${orgId}) as user_id,
      (select time_zone from organisations where id = ${orgId}) as time_zone,
      (select min(id) from contacts where org_id = ${orgId} and email = 'a0@analytics-bench.test') as first_contact,
      (select count(*) from email_event where send_id > ${BENCH_SEND_ID_BASE}) as events`.execute(
    database.db,
  );
  const row = rows[0];
  if (!row?.first_contact || emails.length === 0) throw new Error('this database holds no bench data');
  return {
    orgId,
    userId: row.user_id,
    emailIds: emails.map((e) => e.id),
    articleIds: articles.map((a) => a.id),
    firstContactId: row.first_contact,
    events: Number(row.events),
    timeZone: row.time_zone,
  };
}

/** The day totals and the contact and email rows of the bench events of `emailIds`. */
async function writeEmailRollups(database: DatabaseHandle, world: AnalyticsBenchWorld, emailIds: number[]) {
  const db = database.db;
  const day = sql`(occurred_at at time zone ${world.timeZone})::date`;
  const counted = (kind: string) => sql`(count(*) filter (where kind = ${kind}))::int`;
  const ofEmails = sql`email_id = any(${emailIds}::int[]) and send_id > ${BENCH_SEND_ID_BASE}`;
  await sql`
    insert into analytics_day_totals (org_id, day, email_id, version_id, campaign_id, workflow_id, is_test,
      sent, delivered, opened, clicked, bounced, unsubscribed, unique_opens, unique_clicks)
    select org_id, ${day}, email_id, version_id, campaign_id, workflow_id, is_test, ${counted('sent')},
      ${counted('delivered')}, ${counted('opened')}, ${counted('clicked')}, ${counted('bounced')},
      ${counted('unsubscribed')}, 0, 0
    from email_event where ${ofEmails}
    group by 1, 2, 3, 4, 5, 6, 7`.execute(db);
  // Each contact and email is one send here: its first open (click) is its earliest, counted on its day.
  await sql`
    insert into analytics_day_totals as t (org_id, day, email_id, version_id, campaign_id, workflow_id,
      is_test, unique_opens, unique_clicks)
    select org_id, (at at time zone ${world.timeZone})::date, email_id, version_id, campaign_id, workflow_id,
      is_test, (count(*) filter (where kind = 'opened'))::int, (count(*) filter (where kind = 'clicked'))::int
    from (
      select org_id, email_id, contact_id, version_id, campaign_id, workflow_id, is_test, kind,
        min(occurred_at) as at
      from email_event where ${ofEmails} and kind in ('opened', 'clicked')
      group by org_id, email_id, contact_id, version_id, campaign_id, workflow_id, is_test, kind
    ) first_touch
    group by 1, 2, 3, 4, 5, 6, 7
    on conflict (email_id, day, version_id, campaign_id, workflow_id, is_test) do update set
      unique_opens = t.unique_opens + excluded.unique_opens,
      unique_clicks = t.unique_clicks + excluded.unique_clicks`.execute(db);
  await sql`
    insert into analytics_contact_email (org_id, contact_id, email_id, is_test, account_id, campaign_id,
      version_id, workflow_id, last_event_id, last_event_at, sent, delivered, opened, clicked, bounced,
      unsubscribed, first_sent_at, last_sent_at, delivered_at, bounced_at, unsubscribed_at, first_open_at,
      first_open_event_id, first_click_at, first_click_event_id)
    select min(org_id), contact_id, email_id, is_test, min(account_id), min(campaign_id), min(version_id),
      min(workflow_id), (array_agg(id order by occurred_at desc, id desc))[1], max(occurred_at),
      ${counted('sent')}, ${counted('delivered')}, ${counted('opened')}, ${counted('clicked')},
      ${counted('bounced')}, ${counted('unsubscribed')},
      min(occurred_at) filter (where kind = 'sent'), max(occurred_at) filter (where kind = 'sent'),
      min(occurred_at) filter (where kind = 'delivered'), min(occurred_at) filter (where kind = 'bounced'),
      min(occurred_at) filter (where kind = 'unsubscribed'), min(occurred_at) filter (where kind = 'opened'),
      (array_agg(id order by occurred_at, id) filter (where kind = 'opened'))[1],
      min(occurred_at) filter (where kind = 'clicked'),
      (array_agg(id order by occurred_at, id) filter (where kind = 'clicked'))[1]
    from email_event where ${ofEmails}
    group by contact_id, email_id, is_test`.execute(db);
}
