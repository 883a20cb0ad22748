import { sql } from 'kysely';
import type PgBoss from 'pg-boss';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../../../server/db/openDatabase.ts';
import { startJob } from '../../../../server/lib/jobs/startJob.ts';
import { cronEvery, startPeriodicJob } from '../../../../server/lib/jobs/startPeriodicJob.ts';
import { startPgBoss } from '../../../../server/lib/jobs/startPgBoss.ts';
import { listenForWork } from '../../../../server/lib/listenForWork.ts';
import { notifyWork } from '../../../../server/lib/workSignals.ts';
import { throwAwayDatabase } from '../../../helpers/throwAwayDatabase.ts';

/**
 * Jobs on pg-boss, defined one way (server/lib/jobs): a job's queue, retry policy and handler; its workers
 * wake on its own notification from any process; periodic work is a pg-boss schedule. On PGlite, and on
 * PostgreSQL when TEST_DATABASE_URL is set.
 */
let database: DatabaseHandle;
let url: string | undefined;
let drop: () => Promise<void> = async () => {};
let stopListening: () => Promise<void> = async () => {};
let boss: PgBoss;

beforeAll(async () => {
  const throwAway = await throwAwayDatabase('wb_jobs');
  url = throwAway?.url;
  drop = throwAway?.drop ?? drop;
  database = await openDatabase({ databaseUrl: url, dataDir: 'memory://' });
  stopListening = await listenForWork(database, url);
  boss = await startPgBoss({ database, databaseUrl: url, log: () => {} });
}, 60_000);
afterAll(async () => {
  await boss?.stop({ graceful: false, wait: true });
  await stopListening();
  await database?.close();
  await drop();
});

async function statesOf(queue: string): Promise<string[]> {
  const { rows } = await sql<{ state: string }>`
    select state from pgboss.job where name = ${queue} order by created_on`.execute(database.db);
  return rows.map((row) => row.state);
}

it('runs a job another process queued as soon as its transaction commits, not at its next look', async () => {
  const ran: number[] = [];
  // Looking for unannounced jobs every 10 minutes: a run within this test was woken by the notification.
  const worker = await startJob<{ n: number }>(boss, database.db, {
    name: 'test-woken',
    queue: { retryLimit: 0 },
    pollingIntervalSeconds: 600,
    log: () => {},
    run: async ({ data }) => {
      ran.push(data.n);
    },
  });
  // The same job in a process that runs none of it (work: false): it only queues.
  const elsewhere = await startJob<{ n: number }>(
    boss,
    database.db,
    { name: 'test-woken', queue: { retryLimit: 0 }, log: () => {}, run: async () => {} },
    { work: false },
  );
  try {
    await database.db.transaction().execute(async (trx) => {
      await elsewhere.queue({ n: 1 }, { db: trx });
    });
    await expect.poll(() => ran, { timeout: 5000 }).toEqual([1]);
    await expect.poll(() => statesOf('test-woken'), { timeout: 5000 }).toEqual(['completed']);
  } finally {
    await worker.stop();
  }
});

it("tries a failing job again by its queue's retry policy, logging every failure, and fails it after the last", async () => {
  const lines: string[] = [];
  const attempts = new Map<number, number>();
  const worker = await startJob<{ n: number }>(boss, database.db, {
    name: 'test-retried',
    queue: { retryLimit: 2, retryDelay: 0 },
    log: (message, error) => lines.push(`${message}: ${error instanceof Error ? error.message : error}`),
    describe: ({ n }) => `test job ${n}`,
    run: async ({ data }) => {
      const attempt = (attempts.get(data.n) ?? 0) + 1;
      attempts.set(data.n, attempt);
      // Job 1 works at its third attempt; job 2 never does.
      if (data.n === 2 || attempt < 3) throw new Error(`not yet (${attempt})`);
    },
  });
  try {
    await worker.queue({ n: 1 });
    await expect.poll(() => attempts.get(1), { timeout: 10_000 }).toBe(3);
    await worker.queue({ n: 2 });
    await expect.poll(() => statesOf('test-retried'), { timeout: 10_000 }).toEqual(['completed', 'failed']);
    expect(lines).toEqual([
      'test job 1 failed (attempt 1 of 3): not yet (1)',
      'test job 1 failed (attempt 2 of 3): not yet (2)',
      'test job 2 failed (attempt 1 of 3): not yet (1)',
      'test job 2 failed (attempt 2 of 3): not yet (2)',
      'test job 2 failed (attempt 3 of 3, the last): not yet (3)',
    ]);
  } finally {
    await worker.stop();
  }
});

it('periodic work is a pg-boss schedule: a job of its schedule runs it, so does its notification, and a failure is logged', async () => {
  let runs = 0;
  let failNext = false;
  const lines: string[] = [];
  const periodic = await startPeriodicJob(boss, database.db, {
    name: 'test-periodic',
    schedule: '0 * * * *',
    pollingIntervalSeconds: 0.2,
    log: (message) => lines.push(message),
    run: async () => {
      runs += 1;
      if (failNext) throw new Error('broken');
    },
  });
  try {
    const { rows } = await sql<{ cron: string; timezone: string }>`
      select cron, timezone from pgboss.schedule where name = 'test-periodic'`.execute(database.db);
    expect(rows).toEqual([{ cron: '0 * * * *', timezone: 'UTC' }]);
    // What pg-boss's clock does when the schedule comes round: one job on the queue, for one process.
    await boss.send('test-periodic', {});
    await expect.poll(() => runs, { timeout: 5000 }).toBe(1);
    await expect.poll(() => statesOf('test-periodic'), { timeout: 5000 }).toEqual(['completed']);
    // A write that makes work for it says so (any process): it runs now.
    failNext = true;
    await notifyWork(database.db, 'test-periodic');
    await expect.poll(() => runs, { timeout: 5000 }).toBe(2);
    await expect.poll(() => lines, { timeout: 5000 }).toEqual(['test-periodic failed']);
  } finally {
    await periodic.stop();
  }
});

it('a periodic interval is a cron expression by the minute, the hour or the day', () => {
  expect(
    [1000, 60_000, 5 * 60_000, 30 * 60_000, 60 * 60_000, 6 * 60 * 60_000, 48 * 60 * 60_000].map(cronEvery),
  ).toEqual([
    '* * * * *',
    '* * * * *',
    '*/5 * * * *',
    '*/30 * * * *',
    '0 * * * *',
    '0 */6 * * *',
    '0 0 * * *',
  ]);
});
