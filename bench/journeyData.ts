/**
 * The data of `npm run bench:journey`'s recompute and screen parts, written straight into the tables with
 * set-wise SQL (generate_series) in the demo organisation: `contacts` contacts in accounts (as the
 * analytics bench writes them), their email events and the website's page views, then every contact scored
 * once under the default criteria by the recompute itself (as the seed scores the demo data).
 *
 * Email events: each contact gets SENDS_PER_CONTACT sends of the organisation's emails over SPAN_DAYS days.
 * Send s draws its fate from hashint8extended(s, seed): 30 % open (a third of them again, minutes to hours
 * later; 1 % of the opens fetched twice in the same second by an image proxy, a repeat that scores
 * nothing), a fifth of the openers click a link 30 s after, 0.5 % unsubscribe. Only opens, clicks and
 * unsubscribes are written (the kinds scoring reads), about 0.47 events a send.
 *
 * Page views: `views` views by views / VIEWS_PER_VISITOR visitors over SPAN_DAYS days; 3 visitors in 10
 * are identified contacts (their views carry the contact), the others anonymous. Paths from PATHS (a few
 * match the default page patterns /pricing* and /demo*); sources a realistic mix, UTM on email and
 * social visits, referrer hosts on the others.
 *
 * The secondary indexes of email_event and page_view are dropped for the fill and built after it, in one
 * pass each; the scoring and analytics marks are moved past the bench's rows (the background catch-ups
 * have nothing to do), and the tables analysed.
 */
import { type Kysely, sql } from 'kysely';
import { DEFAULT_JOURNEY_CRITERIA } from '../domain/journeyScoring.ts';
import type { DatabaseHandle } from '../server/db/openDatabase.ts';
import type { Database } from '../server/db/schema.ts';
import { skipRowForeignKeyChecks } from '../server/lib/skipRowForeignKeyChecks.ts';
import { recomputeScores } from '../server/services/journey/recomputeScores.ts';
import { BENCH_SEND_ID_BASE, insertAccountsAndContacts, type Log, timed } from './analyticsData.ts';

export type JourneyBenchSize = { contacts: number; accounts: number; views: number };

export type JourneyBenchWorld = {
  orgId: number;
  firstContactId: number;
  contacts: number;
  events: number;
  views: number;
  timeZone: string;
};

const SPAN_DAYS = 365;
const SENDS_PER_CONTACT = 8;
const VIEWS_PER_VISITOR = 5;
const CHUNK = 500_000;
/** Views' client event ids and visitors' keys of the bench (so a kept database is recognised). */
const VISITOR_PREFIX = 'benchjv-';
const PATHS = [
  '/',
  '/pricing',
  '/pricing/teams',
  '/demo',
  '/blog',
  '/blog/spring-launch',
  '/blog/why-scoring',
  '/blog/case-study-acme',
  '/docs',
  '/docs/getting-started',
  '/docs/api',
  '/about',
  '/careers',
  '/contact',
  '/features',
  '/features/automation',
  '/features/analytics',
  '/customers',
  '/webinars/spring',
  '/legal/privacy',
];

/** Fills the organisation with the bench's contacts, email events and page views, and scores them once. */
export async function fillJourney(
  database: DatabaseHandle,
  orgId: number,
  size: JourneyBenchSize,
  log: Log,
): Promise<JourneyBenchWorld> {
  const db = database.db;
  const { accountBase, contactBase } = await insertAccountsAndContacts(database, orgId, size, log);
  const first = contactBase + 1;
  const emails = (
    await sql<{ id: number; campaign_id: number | null; version_id: number | null }>`
      select e.id, e.campaign_id, (select min(v.id) from email_versions v where v.email_id = e.id) as version_id
      from emails e where e.org_id = ${orgId} order by e.id limit 50`.execute(db)
  ).rows;
  if (emails.length === 0) throw new Error('the demo organisation has no emails');
  const sends = size.contacts * SENDS_PER_CONTACT;
  const started = new Date(Date.now() - SPAN_DAYS * 86_400_000);
  const spacingS = (SPAN_DAYS * 86_400) / SENDS_PER_CONTACT;

  await timed(log, `email events of ${sends} sends`, () =>
    withoutSecondaryIndexes(database, 'email_event', async () => {
      for (let from = 1; from <= sends; from += CHUNK) {
        const to = Math.min(sends, from + CHUNK - 1);
        await bulk(
          db,
          sql`
          insert into email_event (org_id, kind, contact_id, email_id, campaign_id, workflow_id, link, user_agent,
            occurred_at, send_id, is_test, version_id, account_id, article_id)
          select ${orgId}, v.kind, x.contact_id, x.email_id, x.campaign_id, null, v.link, null, v.at,
            ${BENCH_SEND_ID_BASE + 500_000_000} + x.s, false, x.version_id, x.account_id, null
          from (
            select s, ${first} + (s - 1) % ${size.contacts} as contact_id,
              ${accountBase + 1} + (s - 1) % ${size.contacts} % ${size.accounts} as account_id,
              (${emails.map((e) => e.id)}::int[])[1 + k % ${emails.length}] as email_id,
              (${emails.map((e) => e.campaign_id)}::int[])[1 + k % ${emails.length}] as campaign_id,
              (${emails.map((e) => e.version_id)}::int[])[1 + k % ${emails.length}] as version_id,
              ${started}::timestamptz + (k * ${spacingS}::float8 + (s - 1) % ${size.contacts} % 86400)
                * interval '1 second' as sent_at,
              abs(hashint8extended(s, 12)) % 1000 as opens, abs(hashint8extended(s, 13)) % 100 < 20 as clicks,
              abs(hashint8extended(s, 14)) % 1000 < 5 as unsubscribes,
              (1 + abs(hashint8extended(s, 15)) % 4000) * interval '1 minute' as open_after,
              (1 + abs(hashint8extended(s, 16)) % 600) * interval '1 minute' as reopen_after
            from (select s, (s - 1) / ${size.contacts} as k from generate_series(${from}::bigint, ${to}::bigint) s) g
          ) x
          cross join lateral (values
            ('opened', x.sent_at + x.open_after, null, x.opens < 300),
            ('opened', x.sent_at + x.open_after, null, x.opens < 3),
            ('opened', x.sent_at + x.open_after + x.reopen_after, null, x.opens < 100),
            ('clicked', x.sent_at + x.open_after + interval '30 seconds', 'https://example.com/spring',
              x.opens < 300 and x.clicks),
            ('unsubscribed', x.sent_at + x.open_after + interval '60 seconds', null, x.unsubscribes)
          ) as v(kind, at, link, happens)
          where v.happens`,
        );
        log(`    sends up to ${to} of ${sends}`);
      }
    }),
  );

  const visitors = Math.max(10, Math.ceil(size.views / VIEWS_PER_VISITOR));
  const { rows: bases } = await sql<{ v: string | number; p: string | number }>`
    select coalesce((select max(id) from journey_visitor), 0) as v,
      coalesce((select max(id) from page_view), 0) as p`.execute(db);
  const visitorBase = Number(bases[0]?.v ?? 0);
  const viewBase = Number(bases[0]?.p ?? 0);
  // Visitor g (1-based) is contact first + (g * 7919) mod contacts when g mod 10 < 3, else anonymous.
  const contactOf = (g: RawSql) =>
    sql`case when ${g} % 10 < 3 then ${first} + (${g} * 7919) % ${size.contacts} end`;
  await timed(log, `${visitors} visitors`, async () => {
    await bulk(
      db,
      sql`
      insert into journey_visitor (id, org_id, visitor_key, contact_id, source, first_seen, last_seen)
      select ${visitorBase} + g, ${orgId}, ${VISITOR_PREFIX} || g, ${contactOf(sql`g`)}, 'direct',
        now() - interval '${sql.raw(String(SPAN_DAYS))} days', now()
      from generate_series(1::bigint, ${visitors}::bigint) g`,
    );
    await sql`select setval(pg_get_serial_sequence('journey_visitor', 'id'), ${visitorBase + visitors})`.execute(
      db,
    );
  });
  await timed(log, `${size.views} page views`, () =>
    withoutSecondaryIndexes(database, 'page_view', async () => {
      for (let from = 1; from <= size.views; from += CHUNK) {
        const to = Math.min(size.views, from + CHUNK - 1);
        await bulk(
          db,
          sql`
          insert into page_view (id, org_id, visitor_id, contact_id, url, path, title, referrer, referrer_host,
            source, utm_source, utm_medium, utm_campaign, viewed_at, client_event_id)
          select ${viewBase} + n, ${orgId}, ${visitorBase} + x.g, ${contactOf(sql`x.g`)},
            'https://bench-site.test' || x.path, x.path, 'Bench site', coalesce('https://' || x.host || '/', ''),
            x.host, x.source, x.utm_source, x.utm_medium, x.utm_campaign,
            now() - (abs(hashint8extended(n, 23)) % ${SPAN_DAYS * 86_400}) * interval '1 second',
            ${VISITOR_PREFIX} || n
          from (
            select n, y.g, y.path, y.source,
              case y.source when 'organic' then 'www.google.com' when 'social' then 'www.linkedin.com'
                when 'referral' then 'partner-' || (n % 40) || '.example' end as host,
              case when y.source in ('email', 'social') then (array['newsletter', 'linkedin'])[1 + (n % 2)] end
                as utm_source,
              case y.source when 'email' then 'email' when 'social' then 'social' end as utm_medium,
              case when y.source in ('email', 'social') then 'spring-' || (n % 20) end as utm_campaign
            from (
              select n, 1 + abs(hashint8extended(n, 21)) % ${visitors} as g,
                (${PATHS}::text[])[1 + abs(hashint8extended(n, 22)) % ${PATHS.length}] as path,
                (array['direct', 'direct', 'direct', 'organic', 'organic', 'organic', 'social', 'referral',
                  'referral', 'email'])[1 + abs(hashint8extended(n, 24)) % 10] as source
              from generate_series(${from}::bigint, ${to}::bigint) n
            ) y
          ) x`,
        );
        log(`    views up to ${to} of ${size.views}`);
      }
    }),
  );
  await sql`select setval(pg_get_serial_sequence('page_view', 'id'), ${viewBase + size.views})`.execute(db);
  await sql`
    update journey_progress set last_event_id = (select coalesce(max(id), 0) from email_event),
      last_page_view_id = (select coalesce(max(id), 0) from page_view),
      last_form_submission_id = (select coalesce(max(id), 0) from form_submissions), updated_at = now();
    update analytics_progress set last_event_id = (select coalesce(max(id), 0) from email_event), updated_at = now()`.execute(
    db,
  );
  await timed(log, 'analyze', () => sql`analyze`.execute(db));
  await timed(log, 'initial scores (the recompute under the default criteria)', () =>
    recomputeScores(db, orgId, { now: () => new Date(), rebuild: true }),
  );
  await timed(log, 'vacuum analyze', () => sql`vacuum analyze`.execute(db));
  return readJourneyWorld(database, orgId);
}

type RawSql = ReturnType<typeof sql>;

/** One bulk insert in its own transaction, without the per-row foreign-key checks where allowed (the fill's rows reference what it wrote). */
async function bulk(db: Kysely<Database>, statement: RawSql): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await skipRowForeignKeyChecks(trx);
    await statement.execute(trx);
  });
}

/** The world of a filled database (BENCH_KEEP_DATABASE / BENCH_PGLITE_DIR), read back to measure it again. */
export async function readJourneyWorld(database: DatabaseHandle, orgId: number): Promise<JourneyBenchWorld> {
  const { rows } = await sql<{
    time_zone: string;
    first_contact: number | null;
    contacts: string | number;
    events: string | number;
    views: string | number;
  }>`
    select (select time_zone from organisations where id = ${orgId}) as time_zone,
      (select min(id) from contacts where org_id = ${orgId} and email = 'a0@analytics-bench.test') as first_contact,
      (select count(*) from contacts where org_id = ${orgId} and email like '%@analytics-bench.test') as contacts,
      (select count(*) from email_event where org_id = ${orgId} and send_id > ${BENCH_SEND_ID_BASE + 500_000_000})
        as events,
      (select count(*) from page_view where org_id = ${orgId} and client_event_id like ${`${VISITOR_PREFIX}%`})
        as views`.execute(database.db);
  const row = rows[0];
  if (!row?.first_contact) throw new Error('this database holds no journey bench data');
  return {
    orgId,
    firstContactId: row.first_contact,
    contacts: Number(row.contacts),
    events: Number(row.events),
    views: Number(row.views),
    timeZone: row.time_zone,
  };
}

/**
 * Runs `work` (a bulk insert) with the table's secondary indexes and unique constraints dropped, then
 * builds them again, one pass each (kept up row by row, millions of rows take far longer).
 */
async function withoutSecondaryIndexes(
  database: DatabaseHandle,
  table: 'email_event' | 'page_view',
  work: () => Promise<void>,
): Promise<void> {
  const db = database.db;
  const { rows: constraints } = await sql<{ name: string; definition: string }>`
    select conname as name, pg_get_constraintdef(oid) as definition from pg_constraint
    where conrelid = ${table}::regclass and contype = 'u'`.execute(db);
  for (const c of constraints)
    await sql`alter table ${sql.table(table)} drop constraint ${sql.ref(c.name)}`.execute(db);
  const { rows: indexes } = await sql<{ name: string; definition: string }>`
    select indexname as name, indexdef as definition from pg_indexes
    where tablename = ${table} and indexname <> ${`${table}_pkey`}`.execute(db);
  for (const index of indexes) await sql`drop index ${sql.ref(index.name)}`.execute(db);
  await work();
  for (const index of indexes) await sql.raw(index.definition).execute(db);
  for (const c of constraints)
    await sql`alter table ${sql.table(table)} add constraint ${sql.ref(c.name)} ${sql.raw(c.definition)}`.execute(
      db,
    );
}

/** The criteria the bench changes to: every weight and the half-life moved, a third page pattern. */
export const BENCH_CRITERIA = {
  ...DEFAULT_JOURNEY_CRITERIA,
  email_open: 2,
  email_click: 4,
  page_view: 1,
  unsubscribe: -15,
  page_patterns: [...DEFAULT_JOURNEY_CRITERIA.page_patterns, { pattern: '/docs*', points: 3 }],
  half_life_days: 45,
};

/** The criteria a run on a kept database changes to when it holds BENCH_CRITERIA already (a real change). */
export const BENCH_CRITERIA_ALT = {
  ...DEFAULT_JOURNEY_CRITERIA,
  email_open: 3,
  email_click: 5,
  form_submission: 12,
  page_view: 2,
  unsubscribe: -12,
  page_patterns: [
    { pattern: '/pricing*', points: 12 },
    { pattern: '/demo*', points: 15 },
    { pattern: '/docs*', points: 4 },
  ],
  half_life_days: 40,
};
