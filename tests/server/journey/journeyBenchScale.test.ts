import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BENCH_CRITERIA as CRITERIA,
  fillJourney,
  type JourneyBenchWorld,
} from '../../../bench/journeyData.ts';
import {
  checkScoreSample,
  measureRecompute,
  measureScreen,
  serverTimes,
} from '../../../bench/journeyScale.ts';
import { DEMO_IDS } from '../../../server/seed/demoIds.ts';
import { createTestApp, type TestApp } from '../../helpers/testApp.ts';

// bench:journey's recompute and screen parts at a tiny size, so the bench's fill and measure cannot rot.
describe('bench:journey recompute and screen parts', () => {
  let t: TestApp;
  let world: JourneyBenchWorld;
  let times: number[];

  beforeAll(async () => {
    t = await createTestApp({}, { beforeReady: (app) => (times = serverTimes(app)) });
    world = await fillJourney(
      t.database,
      DEMO_IDS.mainOrgId,
      { contacts: 300, accounts: 10, views: 3000 },
      () => {},
    );
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('fills contacts, email events and page views, and scores them', async () => {
    expect(world.contacts).toBe(300);
    expect(world.views).toBe(3000);
    expect(world.events).toBeGreaterThan(300);
    const { rows } = await sql<{ n: string | number }>`
      select count(*) as n from contact_scores where contact_id >= ${world.firstContactId}`.execute(
      t.database.db,
    );
    expect(Number(rows[0]?.n)).toBeGreaterThan(100);
  });

  it('recomputes after a criteria change through the route, and the sample agrees with incremental scoring', async () => {
    const figures = await measureRecompute(t.app, t.database, world, 60_000, 50);
    expect(figures.contacts).toBeGreaterThanOrEqual(300);
    expect(figures.points).toBeGreaterThan(0);
    expect(figures.sample).toMatchObject({ contacts: 50, mismatches: 0, pass: true });
    expect(figures.criteria).toBe('bench');
    expect(figures.moved).toBeGreaterThan(0);
    const { rows } = await sql<{ email_open: number }>`
      select email_open from journey_criteria where org_id = ${world.orgId}`.execute(t.database.db);
    expect(rows[0]?.email_open).toBe(CRITERIA.email_open);
  });

  it('the sample check finds a score the recompute got wrong', async () => {
    await sql`insert into contact_scores (contact_id, org_id, score_raw, score_at)
      values (${world.firstContactId}, ${world.orgId}, 7, now())
      on conflict (contact_id) do update set score_raw = contact_scores.score_raw + 7`.execute(t.database.db);
    const sample = await checkScoreSample(t.database, world, CRITERIA, 50);
    expect(sample).toMatchObject({ mismatches: 1, pass: false });
  });

  it('times each of the screen calls by the server', async () => {
    const screen = await measureScreen(t.app, times, world, {
      warmup: 1,
      requests: 2,
      slowRequests: 1,
      log: () => {},
    });
    expect(Object.keys(screen)).toEqual([
      'sources.quarter',
      'overview.all.page1',
      'overview.Awareness.page1',
      'overview.Intent.page1',
      'criteriaPreview',
    ]);
    for (const figure of Object.values(screen)) expect(figure.p95Ms).toBeGreaterThan(0);
  });
});
