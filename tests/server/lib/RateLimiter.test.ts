import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../../server/db/openDatabase.ts';
import { prepareDatabase } from '../../../server/db/prepareDatabase.ts';
import { RateLimiter, reservationSize } from '../../../server/lib/RateLimiter.ts';
import { throwAwayDatabase } from '../../helpers/throwAwayDatabase.ts';

/**
 * The one rate-limit mechanism, counted in the database. Each RateLimiter stands for one process (its own
 * memory); on PostgreSQL (TEST_DATABASE_URL) the second one has a connection pool of its own, as a second
 * `npm start` or `npm run worker` would.
 */
let database: DatabaseHandle;
let other: DatabaseHandle;
let drop: () => Promise<void> = async () => {};

beforeAll(async () => {
  const throwAway = await throwAwayDatabase('wb_rate');
  drop = throwAway?.drop ?? drop;
  ({ database } = await prepareDatabase({ databaseUrl: throwAway?.url, dataDir: 'memory://', seed: false }));
  other = throwAway ? await openDatabase({ databaseUrl: throwAway.url, dataDir: 'memory://' }) : database;
}, 60_000);
afterAll(async () => {
  if (other !== database) await other?.close();
  await database?.close();
  await drop();
});

/** A clock a test moves. */
function clock(start = Date.parse('2026-11-28T10:00:00Z')) {
  let now = start;
  return { now: () => new Date(now), advance: (ms: number) => (now += ms) };
}

const MINUTE = 60_000;
const freshKey = () => `test:${randomUUID()}`;

describe('RateLimiter', () => {
  it('allows max calls in a window, refuses the next with the time to its end, and starts again after', async () => {
    const time = clock();
    const limiter = new RateLimiter(database.db, time.now);
    const key = freshKey();
    const rule = { max: 5, windowMs: MINUTE };
    const first = [];
    for (let i = 0; i < 6; i += 1) first.push((await limiter.take(key, rule)).ok);
    expect(first).toEqual([true, true, true, true, true, false]);
    time.advance(20_000);
    expect(await limiter.take(key, rule)).toEqual({ ok: false, retryAfterSeconds: 40 });
    time.advance(40_000);
    expect((await limiter.take(key, rule)).ok).toBe(true);
  });

  it('holds one limit across processes: two limiters on one database allow max calls between them', async () => {
    const time = clock();
    const a = new RateLimiter(database.db, time.now);
    const b = new RateLimiter(other.db, time.now);
    const key = freshKey();
    const rule = { max: 7, windowMs: MINUTE };
    const answers: boolean[] = [];
    for (let i = 0; i < 10; i += 1) answers.push((await (i % 2 === 0 ? a : b).take(key, rule)).ok);
    expect(answers.filter(Boolean)).toHaveLength(7);
    expect(answers.slice(7)).toEqual([false, false, false]);
    // A third process that starts now finds the window used up too.
    expect((await new RateLimiter(other.db, time.now).take(key, rule)).ok).toBe(false);
  });

  it('with a large limit reserves 1% at a time and still never allows more than max across processes', async () => {
    const time = clock();
    const a = new RateLimiter(database.db, time.now);
    const b = new RateLimiter(other.db, time.now);
    const key = freshKey();
    const rule = { max: 1000, windowMs: MINUTE };
    expect(reservationSize(rule.max)).toBe(10);
    // Both processes at once, many calls in flight in each (one reservation per key at a time).
    const calls = Array.from({ length: 1300 }, (_, i) => (i % 3 === 0 ? a : b).take(key, rule));
    const allowed = (await Promise.all(calls)).filter((answer) => answer.ok).length;
    // Never more than max; fewer only by what the other process reserved and has not used yet.
    expect(allowed).toBeLessThanOrEqual(1000);
    expect(allowed).toBeGreaterThanOrEqual(1000 - (reservationSize(rule.max) - 1));
    // What it holds is not lost: its next calls use it, and then the window is spent for both.
    let later = 0;
    for (let i = 0; i < 20; i += 1) {
      if ((await a.take(key, rule)).ok) later += 1;
      if ((await b.take(key, rule)).ok) later += 1;
    }
    expect(allowed + later).toBe(1000);
  });

  it('answers concurrent calls of one process from one reservation at a time, exactly', async () => {
    const limiter = new RateLimiter(database.db, clock().now);
    const key = freshKey();
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => limiter.take(key, { max: 20, windowMs: MINUTE })),
    );
    expect(answers.filter((answer) => answer.ok)).toHaveLength(20);
  });

  it('keeps no key in the clear (a client address is personal data)', async () => {
    const limiter = new RateLimiter(database.db, clock().now);
    await limiter.take('route:GET /x:203.0.113.9', { max: 3, windowMs: MINUTE });
    const stored = await database.db.selectFrom('rate_limits').select('key').execute();
    expect(stored.length).toBeGreaterThan(0);
    expect(stored.every((row) => /^[0-9a-f]{64}$/.test(row.key))).toBe(true);
  });

  it('forgets windows that ended before a cutoff', async () => {
    const time = clock(Date.parse('2026-01-01T00:00:00Z'));
    const limiter = new RateLimiter(database.db, time.now);
    const key = freshKey();
    await limiter.take(key, { max: 1, windowMs: MINUTE });
    const before = await database.db.selectFrom('rate_limits').select('key').execute();
    await RateLimiter.forgetEndedBefore(database.db, new Date('2026-01-01T00:30:00Z'));
    const after = await database.db.selectFrom('rate_limits').select('key').execute();
    expect(after.length).toBe(before.length - 1);
  });
});
