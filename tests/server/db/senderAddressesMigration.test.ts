import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { down } from '../../../server/db/migrations/m0031_sender_addresses.ts';
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

it('makes each existing organisation first user its admin and gives an organisation without a sender that user address', async () => {
  const db = database.db;
  // The database as it was before m0031: no roles, no requests table.
  await down(db as never);
  await sql`delete from kysely_migration where name = 'm0031_sender_addresses'`.execute(db);
  const org = async (name: string) =>
    (await sql<{ id: number }>`insert into organisations (name) values (${name}) returning id`.execute(db))
      .rows[0]?.id as number;
  const user = async (orgId: number, email: string, first: string, daysAgo: number) =>
    (
      await sql<{ id: number }>`
        insert into users (org_id, email, password_hash, first_name, last_name, signup_app_name, created_at)
        values (${orgId}, ${email}, 'x', ${first}, 'Old', 'workbench', now() - make_interval(days => ${daysAgo}))
        returning id`.execute(db)
    ).rows[0]?.id as number;
  const without = await org('No sender yet');
  const colleague = await user(without, 'later@old.test', 'Later', 1);
  const owner = await user(without, 'Owner@Old.test', 'Owner', 30);
  const withSender = await org('Has a sender');
  const theirOwner = await user(withSender, 'boss@has.test', 'Boss', 10);
  await sql`insert into verified_addresses (org_id, address) values (${withSender}, 'news@has.test')`.execute(
    db,
  );

  expect(await migrateToLatest(db)).toEqual(['m0031_sender_addresses']);

  const roles = await db
    .selectFrom('users')
    .select(['id', 'role'])
    .where('id', 'in', [owner, colleague, theirOwner])
    .execute();
  expect(Object.fromEntries(roles.map((r) => [r.id, r.role]))).toEqual({
    [owner]: 'admin',
    [colleague]: 'member',
    [theirOwner]: 'admin',
  });
  const senders = await db
    .selectFrom('verified_addresses')
    .select(['org_id', 'address', 'sender_name', 'is_default'])
    .where('org_id', 'in', [without, withSender])
    .orderBy('org_id')
    .execute();
  expect(senders).toEqual([
    { org_id: without, address: 'Owner@Old.test', sender_name: 'Owner Old', is_default: true },
    { org_id: withSender, address: 'news@has.test', sender_name: '', is_default: false },
  ]);
});
