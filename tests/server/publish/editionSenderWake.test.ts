import { sql } from 'kysely';
import type PgBoss from 'pg-boss';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startPgBoss } from '../../../server/lib/jobs/startPgBoss.ts';
import { EDITION_SEND_QUEUE, EditionSender } from '../../../server/services/publish/EditionSender.ts';
import { createTestApp, type TestApp } from '../../helpers/testApp.ts';

/**
 * The edition sender's worker looks for jobs rarely (an idle server does next to nothing), so a send it
 * queues, now or for later, must wake it when due instead of waiting for the next look.
 */
let t: TestApp;
let boss: PgBoss;
let sender: EditionSender;

beforeAll(async () => {
  t = await createTestApp();
  boss = await startPgBoss({ database: t.database, databaseUrl: t.config.databaseUrl, log: () => {} });
  // Polling every 10 minutes: anything that happens within this test happened because it was woken.
  sender = await EditionSender.start({ db: t.database.db, boss, log: () => {}, pollingIntervalSeconds: 600 });
});
afterAll(async () => {
  await sender?.stop();
  await boss?.stop({ graceful: false, wait: true });
  await t?.close();
});

/** The state of the edition-send job of a send id (a send that does not exist: its walk ends at once). */
async function jobState(sendId: number): Promise<string | undefined> {
  const { rows } = await sql<{ state: string }>`
    select state from pgboss.job where name = ${EDITION_SEND_QUEUE} and data ->> 'sendId' = ${String(sendId)}`.execute(
    t.database.db,
  );
  return rows[0]?.state;
}

async function until(check: () => Promise<boolean>, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return check();
}

it('runs a send queued now at once', async () => {
  await sender.queue(900_000_001);
  expect(await until(async () => (await jobState(900_000_001)) === 'completed', 5000)).toBe(true);
});

it('runs a scheduled send when it is due, not before', async () => {
  const startedAt = Date.now();
  await sender.queue(900_000_002, new Date(startedAt + 1500));
  await new Promise((resolve) => setTimeout(resolve, 700));
  expect(await jobState(900_000_002)).toBe('created');
  expect(await until(async () => (await jobState(900_000_002)) === 'completed', 6000)).toBe(true);
  expect(Date.now() - startedAt).toBeGreaterThanOrEqual(1500);
});
