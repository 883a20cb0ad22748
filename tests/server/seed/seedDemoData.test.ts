import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_JOURNEY_STAGES, stageOf } from '../../../domain/journeyScoring.ts';
import type { DatabaseHandle } from '../../../server/db/openDatabase.ts';
import { prepareDatabase } from '../../../server/db/prepareDatabase.ts';
import type { Database } from '../../../server/db/schema.ts';
import { DEMO_IDS } from '../../../server/seed/demoIds.ts';
import { DEMO_PREFERENCE_CONTACT_ID } from '../../../server/seed/demoPreferenceUuid.ts';
import { DEMO_VOCABULARY } from '../../../server/seed/demoVocabulary.ts';
import { type SeedSummary, seedDemoData } from '../../../server/seed/seedDemoData.ts';
import { createTestApp, type TestApp } from '../../helpers/testApp.ts';

/**
 * Two fresh databases: the test app's (PGlite in memory, or PostgreSQL when TEST_DATABASE_URL is set)
 * and a second PGlite in memory, seeded here and timed. They must hold identical demo rows, except the
 * secrets: unsubscribe ids are random (CSPRNG) and differ, and password hashes have random salts.
 */
let t: TestApp;
let second: DatabaseHandle;
let summary: SeedSummary;
let db: Kysely<Database>;

beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
  ({ database: second } = await prepareDatabase({ dataDir: 'memory://', seed: false }));
  // The email activity is dated back from the day of seeding: the second database is seeded "then" too.
  const seeded = await db.selectFrom('analytics_progress').select('updated_at').executeTakeFirstOrThrow();
  summary = await seedDemoData(second.db, { now: new Date(seeded.updated_at) });
  console.log(`seedDemoData on a fresh PGlite: ${summary.durationMs} ms`);
  // Seeding a whole second database takes a few seconds alone, much longer on a busy machine.
}, 180_000);
afterAll(async () => {
  await second?.close();
  await t?.close();
});

/**
 * Rows of a table as JSON text, in key order (dates as ISO text). Left out: password hashes (random salts)
 * and unsubscribe ids (random); rows keyed by an unsubscribe id are put in the order of its contact.
 */
/**
 * Rows without their secrets and unguessable public ids, which are random by design (contact_scores, a
 * floating-point sum whose order the database chooses, is not compared: the shown, rounded score and the
 * stage are).
 */
async function dump(target: Kysely<Database>, table: keyof Database, orderBy: string): Promise<string> {
  const result = await sql<{ row: Record<string, unknown> }>`
    select to_jsonb(t) - 'password_hash' - 'uuid' - 'preference_uuid' - 'journey_tracking_id' - 'journey_token_key'
      as row from ${sql.table(table)} t
    order by ${sql.raw(orderBy)}`.execute(target);
  return JSON.stringify(result.rows.map((r) => r.row));
}

const TABLES: [keyof Database, string][] = [
  ['organisations', 'id'],
  ['users', 'id'],
  ['accounts', 'id'],
  ['contacts', 'id'],
  ['contact_lists', 'id'],
  ['list_contacts', 'list_id, contact_id'],
  ['campaigns', 'id'],
  ['emails', 'id'],
  ['subscription_topics', 'id'],
  ['sales_groups', 'id'],
  ['sales_group_users', 'group_id, user_id'],
  ['preferences', 'contact_id'],
  ['preference_topics', '(select contact_id from preferences p where p.uuid = t.preference_uuid), topic_id'],
  ['article_sources', 'id'],
  ['articles', 'id'],
  ['article_term_counts', 'pool, term'],
  ['email_versions', 'id'],
  ['edition_articles', 'version_id, position'],
  ['email_event', 'id'],
];

/** The demo contact's unsubscribe id in a database. */
async function demoUuid(target: Kysely<Database>): Promise<string> {
  const row = await target
    .selectFrom('preferences')
    .select('uuid')
    .where('contact_id', '=', DEMO_PREFERENCE_CONTACT_ID)
    .executeTakeFirstOrThrow();
  return row.uuid;
}

describe('random unsubscribe ids', () => {
  it('gives every recipient a random version 4 uuid, different in every fresh database', async () => {
    const ids = async (target: Kysely<Database>) =>
      (
        await target.selectFrom('preferences').select(['contact_id', 'uuid']).orderBy('contact_id').execute()
      ).map((r) => r.uuid);
    const [a, b] = await Promise.all([ids(db), ids(second.db)]);
    expect(a).toHaveLength(2026);
    expect(
      a.every((u) => /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(u)),
    ).toBe(true);
    expect(new Set([...a, ...b]).size).toBe(4052);
    // The fixed demo id of earlier versions is gone.
    expect(a).not.toContain('5eedc0de-0001-4000-8000-000000000001');
  });
});

describe('deterministic demo seed', () => {
  it('fills two fresh databases with identical rows (same ids, names, dates)', async () => {
    for (const [table, orderBy] of TABLES) {
      const [a, b] = await Promise.all([dump(db, table, orderBy), dump(second.db, table, orderBy)]);
      expect(a.length, table).toBeGreaterThan(2);
      expect(a, table).toBe(b);
    }
  });

  // How long seeding takes is a start-up figure (npm run bench:api), not something a unit test times.
  it('reports what it created and the demo preference uuid', async () => {
    expect(summary.seeded).toBe(true);
    expect(summary).toMatchObject({
      demoPreferenceUuid: await demoUuid(second.db),
      counts: {
        organisations: 2,
        users: 3,
        contacts: 2026,
        lists: 12,
        campaigns: 6,
        emails: 28,
        preferences: 86,
        groups: 3,
        forms: 2,
        articles: 3120,
        editions: expect.any(Number),
        curatedArticles: expect.any(Number),
        events: expect.any(Number),
        // The crowd's 1,940 preference records are made by SQL and not listed here.
      },
    });
  });

  it('leaves a database that already has users alone', async () => {
    const again = await seedDemoData(second.db);
    expect(again).toMatchObject({
      seeded: false,
      counts: null,
      demoPreferenceUuid: await demoUuid(second.db),
    });
    const contacts = await second.db
      .selectFrom('contacts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(contacts.n)).toBe(2026);
  });
});

describe('demo data content', () => {
  const mainOrg = DEMO_IDS.mainOrgId;

  it('has the three demo users, all ordinary (no internal user is seeded), and the users sequence past 20000', async () => {
    const users = await db
      .selectFrom('users')
      .select(['id', 'email', 'internal_level', 'org_id'])
      .orderBy('id')
      .execute();
    expect(users).toEqual([
      { id: 1001, email: 'demo@workbench.test', internal_level: 0, org_id: mainOrg },
      { id: 1002, email: 'ada.admin@northwind-demo.test', internal_level: 0, org_id: mainOrg },
      { id: 3001, email: 'owner@harborlane.test', internal_level: 0, org_id: DEMO_IDS.otherOrgId },
    ]);
    const next = await sql<{
      id: number;
    }>`select nextval(pg_get_serial_sequence('users', 'id'))::int as id`.execute(second.db);
    expect(next.rows[0]?.id).toBeGreaterThan(20000);
  });

  it('moves every other sequence past the seeded ids', async () => {
    const row = await second.db
      .insertInto('accounts')
      .values({ org_id: mainOrg, name: 'New account', website: null, industry: null, revenue: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(row.id).toBe(153);
  });

  it('has two organisations, each with its own accounts, contacts, lists, campaigns and emails', async () => {
    const orgs = await db.selectFrom('organisations').select(['id', 'name']).orderBy('id').execute();
    expect(orgs).toEqual([
      { id: 1, name: 'Northwind Analytics' },
      { id: 2, name: 'Harbor Lane Studio' },
    ]);
    const count = async (
      table: 'accounts' | 'contacts' | 'contact_lists' | 'campaigns' | 'emails' | 'preferences',
      orgId: number,
    ) =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('org_id', '=', orgId)
            .executeTakeFirstOrThrow()
        ).n,
      );
    // The hand-made audience and the crowd (seedAudienceCrowd): 150 accounts, 2,020 contacts.
    expect(await count('accounts', mainOrg)).toBe(150);
    expect(await count('contacts', mainOrg)).toBe(2020);
    expect(await count('contact_lists', mainOrg)).toBe(11);
    expect(await count('campaigns', mainOrg)).toBe(5);
    expect(await count('emails', mainOrg)).toBe(26);
    expect(await count('preferences', mainOrg)).toBe(2020);
    for (const table of [
      'accounts',
      'contacts',
      'contact_lists',
      'campaigns',
      'emails',
      'preferences',
    ] as const) {
      expect(await count(table, DEMO_IDS.otherOrgId), table).toBeGreaterThan(0);
    }
  });

  it('gives contacts every personality type, spec personality values, scored buyer stages and a mix of statuses', async () => {
    const contacts = await db.selectFrom('contacts').selectAll().where('org_id', '=', mainOrg).execute();
    // Every personality type, and unprofiled contacts (no type).
    expect(new Set(contacts.map((c) => c.personality_type))).toEqual(
      new Set([...DEMO_VOCABULARY.personalityTypes, null]),
    );
    for (const c of contacts) {
      const allowed: readonly string[] = DEMO_VOCABULARY.personalities[c.personality_type ?? 'Others'];
      expect(allowed).toContain(c.personality);
      expect(c.email).toMatch(/^[a-z]+\.[a-z]+\d*@[a-z-]+\.test$/);
      // Score and stage come from the contact's seeded activity (lead scoring, docs/journey.md).
      expect(c.buyer_stage).toBe(stageOf(c.engagement_score, DEFAULT_JOURNEY_STAGES));
    }
    const byStatus = (status: string) => contacts.filter((c) => c.status === status).length;
    expect(byStatus('Subscribed')).toBeGreaterThan(1600);
    expect(byStatus('Hard Bounce')).toBeGreaterThanOrEqual(100);
    expect(byStatus('Unsubscribed')).toBeGreaterThanOrEqual(100);
    expect(new Set(contacts.map((c) => c.buyer_stage)).size).toBeGreaterThanOrEqual(4);
  });

  it('has lists with members from their own organisation, mostly owned by user 1001', async () => {
    const lists = await db
      .selectFrom('contact_lists')
      .select(['id', 'org_id', 'user_id'])
      .orderBy('id')
      .execute();
    const mainLists = lists.filter((l) => l.org_id === mainOrg);
    expect(mainLists.filter((l) => l.user_id === DEMO_IDS.demoUserId)).toHaveLength(7);
    expect(mainLists.filter((l) => l.user_id === DEMO_IDS.colleagueUserId)).toHaveLength(4);
    const strays = await db
      .selectFrom('list_contacts')
      .innerJoin('contact_lists', 'contact_lists.id', 'list_contacts.list_id')
      .innerJoin('contacts', 'contacts.id', 'list_contacts.contact_id')
      .select('list_contacts.list_id')
      .whereRef('contacts.org_id', '<>', 'contact_lists.org_id')
      .execute();
    expect(strays).toEqual([]);
    for (const list of lists) {
      const members = await db
        .selectFrom('list_contacts')
        .select('contact_id')
        .where('list_id', '=', list.id)
        .execute();
      expect(members.length).toBeGreaterThan(0);
    }
  });

  it('has emails of every type, some design-ready and some not, dated before the fixed seed date', async () => {
    const emails = await db.selectFrom('emails').selectAll().where('org_id', '=', mainOrg).execute();
    expect(new Set(emails.map((e) => e.email_type))).toEqual(new Set([0, 1, 2]));
    const ready = emails.filter((e) => e.design_ready).length;
    expect(ready).toBeGreaterThan(8);
    expect(emails.length - ready).toBeGreaterThan(4);
    expect(new Set(emails.map((e) => e.campaign_id)).size).toBe(5);
    for (const e of emails) {
      expect(e.subject.length).toBeGreaterThan(3);
      expect(e.sent_from).toMatch(/@northwind-demo\.test$/);
      expect(e.sender_name.length).toBeGreaterThan(2);
      expect(['workbench', 'outlook']).toContain(e.email_platform);
      expect(e.created_at.getTime()).toBeLessThan(Date.parse('2026-11-01T09:00:00Z'));
      if (e.design_ready) expect(e.html).toContain('<a href="https://northwind-demo.test/');
    }
    const months = new Set(emails.map((e) => e.created_at.toISOString().slice(0, 7)));
    expect(months.size).toBeGreaterThanOrEqual(5);
  });

  it('gives every contact a preference record with alerts and newsletters', async () => {
    const missing = await db
      .selectFrom('contacts')
      .leftJoin('preferences', 'preferences.contact_id', 'contacts.id')
      .select('contacts.id')
      .where('preferences.uuid', 'is', null)
      .execute();
    expect(missing).toEqual([]);
    const topics = await db
      .selectFrom('subscription_topics')
      .select(['kind', 'name'])
      .where('org_id', '=', mainOrg)
      .orderBy('id')
      .execute();
    expect(topics).toEqual([
      { kind: 'alert', name: 'Account alerts' },
      { kind: 'alert', name: 'CxO alerts' },
      { kind: 'alert', name: 'Industry news' },
      { kind: 'newsletter', name: 'Weekly digest' },
      { kind: 'newsletter', name: 'Sales triggers' },
      { kind: 'newsletter', name: 'Business advice' },
    ]);
    const states = await db
      .selectFrom('preference_topics')
      .select(['subscribed', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('subscribed')
      .execute();
    expect(states.map((s) => s.subscribed).sort()).toEqual([false, true]);
    // An unsubscribed contact's record has unsub_all and nothing else on.
    const unsubscribed = await db
      .selectFrom('preferences')
      .innerJoin('contacts', 'contacts.id', 'preferences.contact_id')
      .select(['preferences.uuid', 'preferences.unsub_all', 'preferences.marketing', 'preferences.webinars'])
      .where('contacts.status', '=', 'Unsubscribed')
      .execute();
    expect(unsubscribed.length).toBeGreaterThan(0);
    for (const p of unsubscribed)
      expect(p).toMatchObject({ unsub_all: true, marketing: false, webinars: false });
  });

  it('fills every section of the demo preference record', async () => {
    const DEMO_PREFERENCE_UUID = await demoUuid(db);
    const demo = await db
      .selectFrom('preferences')
      .selectAll()
      .where('uuid', '=', DEMO_PREFERENCE_UUID)
      .executeTakeFirstOrThrow();
    expect(demo).toMatchObject({
      org_id: mainOrg,
      contact_id: 1,
      marketing: true,
      webinars: true,
      unsub_all: false,
    });
    const topics = await db
      .selectFrom('preference_topics')
      .innerJoin('subscription_topics', 'subscription_topics.id', 'preference_topics.topic_id')
      .select(['subscription_topics.kind', 'subscription_topics.name', 'preference_topics.subscribed'])
      .where('preference_uuid', '=', DEMO_PREFERENCE_UUID)
      .orderBy('subscription_topics.id')
      .execute();
    expect(topics.filter((x) => x.kind === 'alert').every((x) => x.subscribed)).toBe(true);
    const newsletters = topics.filter((x) => x.kind === 'newsletter');
    expect(newsletters).toHaveLength(3);
    expect(newsletters.some((x) => x.subscribed)).toBe(true);
    expect(newsletters.some((x) => !x.subscribed)).toBe(true);
  });
});

describe('the demo article pool', () => {
  it('holds over 3,000 articles of the last 120 days from a dozen named sources of the global pool, never fetched', async () => {
    const sources = await db.selectFrom('article_sources').selectAll().execute();
    expect(sources).toHaveLength(12);
    expect(sources.every((s) => s.org_id === null && !s.fetch_enabled && s.kind !== null)).toBe(true);
    const { rows } = await sql<{
      n: string;
      oldest: Date;
      newest: Date;
      per_source_min: string;
      without_concepts: string;
    }>`
      select count(*) as n, min(published_at) as oldest, max(published_at) as newest,
        (select min(c) from (select count(*) as c from articles group by source_id) x) as per_source_min,
        count(*) filter (where jsonb_array_length(concepts) = 0) as without_concepts
      from articles where org_id is null`.execute(db);
    const pool = rows[0];
    expect(Number(pool?.n)).toBeGreaterThanOrEqual(3000);
    expect(Number(pool?.per_source_min)).toBe(260);
    expect(Number(pool?.without_concepts)).toBe(0);
    const seedNow = new Date('2026-11-01T09:00:00.000Z').getTime();
    expect(new Date(pool?.newest as Date).getTime()).toBeLessThanOrEqual(seedNow);
    expect(seedNow - new Date(pool?.oldest as Date).getTime()).toBeLessThan(120 * 24 * 60 * 60 * 1000);
  });

  it("names the demo organisation's accounts in some articles (matched on entities)", async () => {
    const { rows } = await sql<{ n: string }>`
      select count(*) as n from articles a
      where a.entity_keys && array(select lower(name) from accounts where org_id = ${DEMO_IDS.mainOrgId})`.execute(
      db,
    );
    expect(Number(rows[0]?.n)).toBeGreaterThan(300);
  });

  it('is searchable by full text', async () => {
    const { rows } = await sql<{ title: string }>`
      select title from articles where search @@ websearch_to_tsquery('english', 'offshore wind')
      order by ts_rank(search, websearch_to_tsquery('english', 'offshore wind')) desc limit 5`.execute(db);
    expect(rows.length).toBe(5);
    for (const row of rows) expect(row.title.toLowerCase()).toContain('offshore wind');
  });
});
