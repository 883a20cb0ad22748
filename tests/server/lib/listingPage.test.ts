import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../server/db/openDatabase.ts';
import { prepareDatabase } from '../../../server/db/prepareDatabase.ts';
import { listingPage } from '../../../server/lib/listingPage.ts';
import { throwAwayDatabase } from '../../helpers/throwAwayDatabase.ts';

/** The one listing factory: a page and its total from one query (PGlite, and PostgreSQL when set up). */
let database: DatabaseHandle;
let drop: () => Promise<void> = async () => {};
let orgId = 0;

beforeAll(async () => {
  const throwAway = await throwAwayDatabase('wb_listing');
  drop = throwAway?.drop ?? drop;
  ({ database } = await prepareDatabase({ databaseUrl: throwAway?.url, dataDir: 'memory://', seed: false }));
  const org = await database.db
    .insertInto('organisations')
    .values({ name: 'Listing test', logo_image_url: null, privacy_url: null, contact_url: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  orgId = org.id;
  await database.db
    .insertInto('sales_groups')
    .values(
      ['Alpha', 'Beta', 'Alpine', 'Gamma', 'Alps'].map((name) => ({ org_id: orgId, name, created_by: null })),
    )
    .execute();
}, 60_000);
afterAll(async () => {
  await database?.close();
  await drop();
});

const groups = (search: string) => {
  const query = database.db
    .selectFrom('sales_groups')
    .select(['id', 'name'])
    .where('org_id', '=', orgId)
    .orderBy('name');
  return search ? query.where(sql<boolean>`strpos(lower(name), ${search}) > 0`) : query;
};

describe('listingPage', () => {
  it('cuts the page from the ordered rows and counts every row the query selects', async () => {
    const page = await listingPage(database.db, groups(''), { offset: 1, limit: 2 });
    expect(page).toEqual({
      total: 5,
      rows: [expect.objectContaining({ name: 'Alpine' }), expect.objectContaining({ name: 'Alps' })],
    });
  });

  it('counts with the same filter as the page, and a page past the end is empty with the total', async () => {
    const filtered = await listingPage(database.db, groups('alp'), { offset: 0, limit: 10 });
    expect(filtered.total).toBe(3);
    expect(filtered.rows.map((row) => row.name)).toEqual(['Alpha', 'Alpine', 'Alps']);
    expect(await listingPage(database.db, groups('alp'), { offset: 5, limit: 10 })).toEqual({
      total: 3,
      rows: [],
    });
  });
});
