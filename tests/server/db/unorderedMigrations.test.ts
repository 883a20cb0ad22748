import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { migrateToLatest } from '../../../server/db/migrations.ts';
import type { DatabaseHandle } from '../../../server/db/openDatabase.ts';
import { prepareDatabase } from '../../../server/db/prepareDatabase.ts';

let database: DatabaseHandle;

beforeAll(async () => {
  ({ database } = await prepareDatabase({ dataDir: 'memory://', seed: false }));
});
afterAll(async () => {
  await database?.close();
});

it('runs a migration that arrives after a later-numbered one already ran (parallel branches)', async () => {
  // As if m0017 had been merged after m0019_article_pool was applied: it is pending, and earlier in order.
  await sql`drop table form_submissions; drop table forms`.execute(database.db);
  await sql`delete from kysely_migration where name = 'm0017_forms'`.execute(database.db);
  expect(await migrateToLatest(database.db)).toEqual(['m0017_forms']);
  const { rows } = await sql<{ n: string }>`select count(*) as n from forms`.execute(database.db);
  expect(Number(rows[0]?.n)).toBe(0);
});
