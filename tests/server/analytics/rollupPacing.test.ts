import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyNewEvents } from '../../../server/services/analytics/applyNewEvents.ts';
import { ROLLUP_DUTY, type RollupJobs, rollupRestMs } from '../../../server/services/analytics/RollupJobs.ts';
import { createTestApp, type TestApp } from '../../helpers/testApp.ts';
import { makeAnalyticsWorld, recordEvents } from './analyticsTestKit.ts';
import { randomEventStream } from './eventStream.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('the analytics catch-up takes its share of the database and no more', () => {
  it('rests nine times as long as a batch took (a tenth of the time), within 20 ms and 2 s', () => {
    expect(ROLLUP_DUTY).toBe(0.1);
    expect(rollupRestMs(100)).toBe(900);
    expect(rollupRestMs(1)).toBe(20);
    expect(rollupRestMs(5_000)).toBe(2_000);
  });

  it('a stop ends a rest at once, so a stopping process does not wait out the pacing', async () => {
    const jobs: RollupJobs = t.app.analyticsRollups;
    let rested = false;
    const resting = jobs.rest(60_000).then(() => {
      rested = true;
    });
    const stopping = jobs.stop();
    // Woken by the stop itself, not by its 2 s timer: done within a turn of the microtask queue.
    await null;
    await null;
    expect(rested).toBe(true);
    await resting;
    await stopping;
  });
  it('hands each batch’s time to its pacing between batches, never after the last', async () => {
    const db = t.database.db;
    const world = await makeAnalyticsWorld(db, { contacts: 20, emails: 3 });
    // The background worker is stopped (above), so the pass below is the only one to see these events.
    await applyNewEvents(db);
    const events = randomEventStream(world, 60, 'pacing').slice(0, 50);
    await recordEvents(db, events);
    const batchTimes: number[] = [];
    const caught = await applyNewEvents(db, {
      batchEvents: 10,
      afterBatch: async (ms) => {
        batchTimes.push(ms);
        return true;
      },
    });
    const batches = Math.ceil(caught.applied / 10);
    expect(caught.applied).toBe(events.length);
    expect(batchTimes).toHaveLength(batches - 1);
    for (const ms of batchTimes) expect(ms).toBeGreaterThan(0);
  });

  it('a pass told to stop ends after its batch, and the next pass applies the rest (a stopping process does not drain a backlog)', async () => {
    const db = t.database.db;
    const world = await makeAnalyticsWorld(db, { contacts: 20, emails: 3 });
    await applyNewEvents(db);
    const events = randomEventStream(world, 60, 'stopping').slice(0, 40);
    await recordEvents(db, events);
    const stopped = await applyNewEvents(db, { batchEvents: 10, afterBatch: async () => false });
    expect(stopped.applied).toBe(10);
    const rest = await applyNewEvents(db, { batchEvents: 10 });
    expect(rest.applied).toBe(events.length - 10);
  });
});
