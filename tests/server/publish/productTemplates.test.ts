import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { emailDesignSchema } from '../../../domain/emailDesign.ts';
import { migrateToLatest } from '../../../server/db/migrations.ts';
import type { DatabaseHandle } from '../../../server/db/openDatabase.ts';
import { prepareDatabase } from '../../../server/db/prepareDatabase.ts';
import { productTemplates } from '../../../server/services/publish/productTemplates.ts';

let database: DatabaseHandle;

beforeAll(async () => {
  // A database without the demo data (DEMO_DATA=off, a real deployment): the migrations alone.
  ({ database } = await prepareDatabase({ dataDir: 'memory://', seed: false }));
});
afterAll(async () => {
  await database?.close();
});

it('puts the product templates into every database, once, as featured templates of no organisation', async () => {
  const rows = await database.db
    .selectFrom('email_templates')
    .select(['name', 'org_id', 'featured', 'design'])
    .orderBy('id')
    .execute();
  expect(rows.map((row) => row.name)).toEqual(productTemplates().map((template) => template.name));
  expect(rows.every((row) => row.org_id === null && row.featured)).toBe(true);
  for (const row of rows) expect(emailDesignSchema.safeParse(row.design).success, row.name).toBe(true);
  // Run again (as after a restore of an older database): no second copy.
  await sql`delete from kysely_migration where name = 'm0023_product_templates'`.execute(database.db);
  expect(await migrateToLatest(database.db)).toEqual(['m0023_product_templates']);
  const again = await database.db.selectFrom('email_templates').select('id').execute();
  expect(again).toHaveLength(rows.length);
});
