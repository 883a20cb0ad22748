import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../../server/db/openDatabase.ts';
import { listenForWork } from '../../../server/lib/listenForWork.ts';
import { notifyWork, onWork, sleepUntilWork } from '../../../server/lib/workSignals.ts';
import { throwAwayDatabase } from '../../helpers/throwAwayDatabase.ts';

/** Work notifications: delivered on commit only, on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set. */
let database: DatabaseHandle;
let url: string | undefined;
let drop: () => Promise<void> = async () => {};
let stop: () => Promise<void> = async () => {};

beforeAll(async () => {
  const throwAway = await throwAwayDatabase('wb_listen');
  url = throwAway?.url;
  drop = throwAway?.drop ?? drop;
  database = await openDatabase({ databaseUrl: url, dataDir: 'memory://' });
  stop = await listenForWork(database, url);
}, 60_000);
afterAll(async () => {
  await stop();
  await database?.close();
  await drop();
});

function received(kind: 'steps' | 'delivery'): { count: () => number; off: () => void } {
  let count = 0;
  const off = onWork(kind, () => {
    count += 1;
  });
  return { count: () => count, off };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

it('passes on a notification when its transaction commits, not before, and never after a rollback', async () => {
  const steps = received('steps');
  const delivery = received('delivery');
  try {
    await database.db.transaction().execute(async (trx) => {
      await notifyWork(trx, 'steps');
      await pause(200);
      // Not yet committed: nobody has been told.
      expect(steps.count()).toBe(0);
    });
    await expect.poll(steps.count, { timeout: 5000 }).toBe(1);

    await database.db
      .transaction()
      .execute(async (trx) => {
        await notifyWork(trx, 'delivery');
        throw new Error('rolled back');
      })
      .catch(() => {});
    await notifyWork(database.db, 'steps');
    await expect.poll(steps.count, { timeout: 5000 }).toBe(2);
    // The rolled-back notification never arrived (the later one did, so it would have by now).
    expect(delivery.count()).toBe(0);
  } finally {
    steps.off();
    delivery.off();
  }
});

it('wakes a sleeper at once on a notification, long before its timer', async () => {
  const started = performance.now();
  const sleeper = sleepUntilWork(['delivery'], 60_000);
  await sql`select 1`.execute(database.db);
  await notifyWork(database.db, 'delivery');
  await sleeper.done;
  expect(performance.now() - started).toBeLessThan(10_000);
});
