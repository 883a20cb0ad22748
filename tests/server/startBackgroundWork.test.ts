import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { notifyWork } from '../../server/lib/workSignals.ts';
import { EXPIRY_SWEEP } from '../../server/startBackgroundWork.ts';
import { createTestApp, type TestApp } from '../helpers/testApp.ts';

/** The server's background work: the hourly expiry sweep is a job on pg-boss's schedule, not a timer of its own. */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

it('deletes what has expired hourly on a pg-boss schedule (one process of the database each time)', async () => {
  const { rows } = await sql<{ cron: string; timezone: string }>`
    select cron, timezone from pgboss.schedule where name = ${EXPIRY_SWEEP}`.execute(t.database.db);
  expect(rows).toEqual([{ cron: '0 * * * *', timezone: 'UTC' }]);

  // A rate-limit window that ended two hours ago is forgotten by the sweep; one that ends later is kept.
  const hour = 60 * 60 * 1000;
  await t.database.db
    .insertInto('rate_limits')
    .values([
      {
        key: 'sweep-test-old',
        window_ends: new Date(Date.now() - 2 * hour),
        used: 1,
        touched_at: new Date(),
      },
      { key: 'sweep-test-new', window_ends: new Date(Date.now() + hour), used: 1, touched_at: new Date() },
    ])
    .execute();
  // The job's notification runs it now, as a write of any process can ask.
  await notifyWork(t.database.db, EXPIRY_SWEEP);
  const keys = async () =>
    (
      await t.database.db
        .selectFrom('rate_limits')
        .select('key')
        .where('key', 'like', 'sweep-test-%')
        .orderBy('key')
        .execute()
    ).map((row) => row.key);
  await expect.poll(keys, { timeout: 5000 }).toEqual(['sweep-test-new']);
});
