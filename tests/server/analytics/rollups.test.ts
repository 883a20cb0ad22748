import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededRandom } from '../../../server/seed/seededRandom.ts';
import { applyNewEvents } from '../../../server/services/analytics/applyNewEvents.ts';
import { rebuildRollups } from '../../../server/services/analytics/rebuildRollups.ts';
import { createTestApp, type TestApp } from '../../helpers/testApp.ts';
import { type AnalyticsWorld, makeAnalyticsWorld, recordEvents } from './analyticsTestKit.ts';
import { randomEventStream, type StreamEvent } from './eventStream.ts';
import { recountEvents, storedRollups } from './recountEvents.ts';
import { recountReach, storedReach } from './recountReach.ts';

let t: TestApp;
let world: AnalyticsWorld;
let stream: StreamEvent[];

beforeAll(async () => {
  t = await createTestApp();
  world = await makeAnalyticsWorld(t.database.db);
  stream = randomEventStream(world, 100_000);
});
afterAll(async () => {
  await t?.close();
});

describe('the analytics rollups', () => {
  it('equal a recount from the raw events after a random stream of 100,000 events with repeats and late arrivals', async () => {
    const db = t.database.db;
    const random = seededRandom('rollup-batches');
    // Written in batches of every size, with catch-ups of every size in between (the worker also runs on
    // its own, woken by each commit): late events meet rollups that already counted later ones.
    let at = 0;
    while (at < stream.length) {
      const size = random.int(1, 900);
      await recordEvents(db, stream.slice(at, at + size));
      at += size;
      if (random.chance(0.15)) await applyNewEvents(db, { batchEvents: random.int(20, 3000) });
    }
    await t.app.analyticsRollups.catchUp();
    const expected = recountEvents(stream, world.timeZone, world.accountOf);
    // The stream holds what the test is about: repeats, and first opens moved by late arrivals.
    const counted = expected.days.reduce((sum, line) => {
      const numbers = (line.split(' | ')[1] ?? '').split(' ').map(Number);
      return sum + numbers.slice(0, 6).reduce((a, b) => a + b, 0);
    }, 0);
    expect(counted).toBeLessThan(stream.length * 0.95);
    expect(counted).toBeGreaterThan(stream.length * 0.8);

    const incremental = await storedRollups(db, world.orgId);
    expect(incremental.days).toEqual(expected.days);
    expect(incremental.contactEmails).toEqual(expected.contactEmails);
    expect(incremental.articleContacts).toEqual(expected.articleContacts);
    // The reach kept ahead of the dashboard and the contact tabs: the same as counted from the recount.
    const reach = recountReach(expected, world.timeZone);
    expect(reach.contacts.length).toBeGreaterThan(50);
    expect(reach.accounts.length).toBeGreaterThan(3);
    expect(await storedReach(db, world.orgId)).toEqual(reach);

    // The rebuild of the organisation, then of everything, gives the same rows.
    const ofOrg = await rebuildRollups(db, { orgId: world.orgId });
    expect(ofOrg.contactEmails).toBe(expected.contactEmails.length);
    expect(await storedRollups(db, world.orgId)).toEqual(expected);
    expect(await storedReach(db, world.orgId)).toEqual(reach);
    await rebuildRollups(db);
    expect(await storedRollups(db, world.orgId)).toEqual(expected);
    expect(await storedReach(db, world.orgId)).toEqual(reach);
  }, 600_000);
});
