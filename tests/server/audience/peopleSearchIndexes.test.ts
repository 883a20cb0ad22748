import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Kysely, type QueryExecutorProvider, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PeopleScope } from '../../../domain/audiencePeople.ts';
import { ordersByCodePoint } from '../../../server/db/ordersByCodePoint.ts';
import { prepareDatabase } from '../../../server/db/prepareDatabase.ts';
import type { Database } from '../../../server/db/schema.ts';
import { DEMO_IDS } from '../../../server/seed/demoIds.ts';
import { listPeople } from '../../../server/services/audience/peopleQueries.ts';
import { createTestApp, type TestApp } from '../../helpers/testApp.ts';
import { plainTabAndSearch } from './plainPeopleSearch.ts';

/**
 * The indexes the people search reads (migration m0032): trigram indexes of the full name, the address and
 * the company's name answer a search anywhere in them; the prefix and three-character stream indexes of
 * the earlier prefix search are gone (every contact write maintained them); the name and date orders keep
 * theirs. Under a collation not in code-point order (ICU's Czech, on PostgreSQL, where "ch" is one letter
 * after "h") a searched page is still in that collation's order.
 */
const KEPT = [
  'contacts_org_name_idx',
  'contacts_org_profiled_name_idx',
  'contacts_org_unprofiled_name_idx',
  'contacts_org_created_idx',
  'contacts_org_designation_idx',
  'contacts_org_name_trgm_idx',
  'contacts_org_email_trgm_idx',
];
const DROPPED = [
  'contacts_org_name3_name_idx',
  'contacts_org_last3_name_idx',
  'contacts_org_email3_name_idx',
  'contacts_org_name_prefix_idx',
  'contacts_org_last_name_prefix_idx',
  'contacts_org_email_prefix_idx',
];

async function contactIndexes(db: Kysely<Database>): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select indexname as name from pg_indexes where tablename = 'contacts'`.execute(db);
  return rows.map((row) => row.name);
}

describe('the search indexes of the test database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it('are the trigram and order indexes; the prefix and stream indexes are gone', async () => {
    const indexes = await contactIndexes(t.database.db);
    for (const name of KEPT) expect(indexes, name).toContain(name);
    for (const name of DROPPED) expect(indexes, name).not.toContain(name);
    const accounts = await sql<{ name: string }>`
      select indexname as name from pg_indexes where tablename = 'accounts'`.execute(t.database.db);
    expect(accounts.rows.map((row) => row.name)).toContain('accounts_name_trgm_idx');
  });

  it('asks the collation again after a failed read instead of remembering the failure', async () => {
    const real = t.database.db.getExecutor();
    let failures = 1;
    const flaky: QueryExecutorProvider = {
      getExecutor: () =>
        new Proxy(real, {
          get(target, key) {
            if (key === 'executeQuery' && failures > 0)
              return async () => {
                failures -= 1;
                throw new Error('connection lost');
              };
            const value: unknown = Reflect.get(target, key, target);
            return typeof value === 'function' ? value.bind(target) : value;
          },
        }),
    };
    await expect(ordersByCodePoint(flaky)).rejects.toThrow('connection lost');
    expect(await ordersByCodePoint(flaky)).toBe(await ordersByCodePoint(t.database.db));
  });
});

const adminUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!adminUrl)('on a PostgreSQL database with an ICU collation (cs-CZ)', () => {
  const name = `wb_icu_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  let db: Kysely<Database>;
  let close = async () => {};
  const org = DEMO_IDS.mainOrgId;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name} template template0 locale_provider icu icu_locale 'cs-CZ'`);
    await admin.end();
    const url = new URL(adminUrl ?? '');
    url.pathname = `/${name}`;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wb-icu-'));
    const { database } = await prepareDatabase({ databaseUrl: url.toString(), dataDir });
    db = database.db;
    close = async () => {
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
      const drop = new pg.Client({ connectionString: adminUrl });
      await drop.connect();
      await drop.query(`drop database if exists ${name} with (force)`);
      await drop.end();
    };
    // Names whose Czech order is not their code-point order: "Vach" starts with "vac" but sorts after
    // "Vad" ("ch" comes after "h"), accented letters sort beside their base letter.
    const names = ['Vacek', 'Vach', 'Vachal', 'Václav', 'Vaca', 'Vad', 'Vaz', 'Mar-a', 'Mara', 'Mär', 'Mas'];
    await sql`
      insert into contacts (org_id, first_name, last_name, email, personality_type, personality, buyer_stage)
      select ${org}, n.first, 'Smith' || g, 'icu' || n.i || '-' || g || '@icu.test',
        case when g % 3 = 0 then null else 'Steady' end, 'N/A', 'Interest'
      from unnest(${names}::text[]) with ordinality as n(first, i), generate_series(1, 4) as g`.execute(db);
    await sql`analyze contacts`.execute(db);
  }, 120_000);
  afterAll(async () => {
    await close();
  });

  it('has the same search indexes (the collation orders "vach" after "vad")', async () => {
    const order = await sql<{ after: boolean }>`select 'vach' > 'vad' as after`.execute(db);
    expect(order.rows[0]?.after).toBe(true);
    expect(await ordersByCodePoint(db)).toBe(false);
    const indexes = await contactIndexes(db);
    for (const index of KEPT) expect(indexes).toContain(index);
    for (const index of DROPPED) expect(indexes).not.toContain(index);
  });

  it('answers a searched page in the collation order, as a plain query does', async () => {
    for (const word of ['vac', 'vach', 'va', 'mar', 'ach', 'mith2', 'icu.test'])
      for (const tab of ['all', 'profiled', 'unprofiled'] as const)
        for (const type of ['ASC', 'DESC'] as const) {
          const scope: PeopleScope = { tab, searchWord: word, filters: {}, accountId: null };
          const page = await listPeople(
            db,
            org,
            scope,
            { column: 'full_name', type },
            { offset: 0, limit: 50 },
          );
          const direction = type === 'ASC' ? sql`asc` : sql`desc`;
          const { rows } = await sql<{ id: number }>`
            select id from contacts where org_id = ${org} and ${plainTabAndSearch(org, tab, word)}
            order by full_name_lower ${direction}, id ${direction} limit 50`.execute(db);
          const label = `${word} ${tab} ${type}`;
          if (tab === 'all') expect(rows.length, label).toBeGreaterThan(0);
          expect(
            page.rows.map((row) => row.contact_id),
            label,
          ).toEqual(rows.map((row) => row.id));
        }
  });
});
