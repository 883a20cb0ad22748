import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOURNEY_SOURCES } from '../../../domain/journeyTracking.ts';
import { dayRange } from '../../../server/lib/dayRange.ts';
import { DEMO_IDS } from '../../../server/seed/demoIds.ts';
import { addDays, todayIn } from '../../../server/services/analytics/analyticsScope.ts';
import { countedSources, journeySources } from '../../../server/services/journey/journeySourcesQueries.ts';
import { bucketRanges } from '../../../server/services/journey/keptSourceCounts.ts';
import { createTestApp, type TestApp } from '../../helpers/testApp.ts';

const ORG = DEMO_IDS.mainOrgId;
const SOURCES = JOURNEY_SOURCES;

/** A small deterministic random stream (the same views every run). */
function stream(seed: number) {
  let x = seed;
  return () => {
    x = (x * 1_103_515_245 + 12_345) % 2_147_483_648;
    return x / 2_147_483_648;
  };
}

async function addViews(t: TestApp, visitorIds: number[], count: number, seed: number) {
  const random = stream(seed);
  const rows = Array.from({ length: count }, (_, i) => {
    const source = SOURCES[Math.floor(random() * 5)] ?? 'direct';
    return {
      org_id: ORG,
      visitor_id: visitorIds[Math.floor(random() * visitorIds.length)] ?? 0,
      url: 'https://site.test/p',
      path: '/p',
      source,
      referrer_host: source === 'referral' ? `r${Math.floor(random() * 4)}.test` : null,
      utm_source: source === 'email' ? 'news' : null,
      utm_medium: source === 'email' ? 'email' : null,
      utm_campaign: source === 'email' ? `c${Math.floor(random() * 3)}` : null,
      // Over the last 40 days, at any second.
      viewed_at: new Date(Date.now() - Math.floor(random() * 40 * 86_400) * 1000),
      client_event_id: `kept-${seed}-${i}`,
      title: '',
      referrer: '',
    };
  });
  await t.database.db.insertInto('page_view').values(rows).execute();
}

describe('the sources report from the counts kept ahead', () => {
  let t: TestApp;
  let visitors: number[];

  beforeAll(async () => {
    t = await createTestApp();
    const inserted = await t.database.db
      .insertInto('journey_visitor')
      .values(Array.from({ length: 30 }, (_, i) => ({ org_id: ORG, visitor_key: `kept-visitor-${i}` })))
      .returning('id')
      .execute();
    visitors = inserted.map((row) => Number(row.id));
    await addViews(t, visitors, 400, 7);
    // A second batch moves some visitors' last views later (the counts' update path).
    await addViews(t, visitors, 200, 11);
    // A visitor forgotten takes its views and its last views with it.
    await t.database.db
      .deleteFrom('journey_visitor')
      .where('id', '=', visitors[0] ?? 0)
      .execute();
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('answers what counting the rows answers, for periods of several time zones, past ones included', async () => {
    for (const zone of ['UTC', 'Asia/Kolkata', 'Asia/Kathmandu', 'America/New_York', 'Pacific/Chatham']) {
      const today = todayIn(zone);
      const periods = [
        {},
        { start_date: today, end_date: today },
        { start_date: addDays(today, -6), end_date: today },
        { start_date: addDays(today, -89), end_date: today },
        { start_date: addDays(today, -20), end_date: addDays(today, -10) },
        { end_date: addDays(today, -3) },
        { start_date: addDays(today, -30) },
      ];
      for (const query of periods) {
        const period = dayRange(query, zone);
        const kept = await journeySources(t.database.db, ORG, period);
        const counted = await countedSources(t.database.db, ORG, period);
        expect({ zone, query, ...kept }).toEqual({ zone, query, ...counted });
      }
    }
    // This test's views, besides the demo's seeded website traffic (counted above with them).
    const all = await countedSources(t.database.db, ORG, { from: null, to: null });
    const seeded = await t.database.db
      .selectFrom('page_view')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('org_id', '=', ORG)
      .where('client_event_id', 'like', 'seed-%')
      .executeTakeFirstOrThrow();
    expect(Number(seeded.n)).toBeGreaterThan(0);
    expect(all.total_views - Number(seeded.n)).toBeGreaterThan(500);
    expect(all.total_views - Number(seeded.n)).toBeLessThan(600);
  });

  it('makes any period of quarter hours of whole buckets, each instant once', () => {
    const random = stream(3);
    const q = 900_000;
    for (let i = 0; i < 500; i += 1) {
      const from = new Date(Math.floor(random() * 4000) * q + Date.UTC(2026, 0, 1));
      const to = new Date(from.getTime() + (1 + Math.floor(random() * 3000)) * q);
      const ranges = bucketRanges(from, to) ?? [];
      const covered = ranges.reduce((sum, r) => sum + ((r.hi?.getTime() ?? 0) - (r.lo?.getTime() ?? 0)), 0);
      expect(covered).toBe(to.getTime() - from.getTime());
      const grainMs = { d: 86_400_000, h: 3_600_000, q };
      for (const r of ranges) {
        expect((r.lo?.getTime() ?? 0) % grainMs[r.grain]).toBe(0);
        expect((r.hi?.getTime() ?? 0) % grainMs[r.grain]).toBe(0);
      }
      const sorted = [...ranges].sort((a, b) => (a.lo?.getTime() ?? 0) - (b.lo?.getTime() ?? 0));
      for (let k = 1; k < sorted.length; k += 1) expect(sorted[k]?.lo).toEqual(sorted[k - 1]?.hi);
    }
    expect(bucketRanges(new Date(Date.UTC(2026, 0, 1, 0, 5)), null)).toBeNull();
  });

  it('keeps no count in the buckets of a forgotten visitor', async () => {
    const { rows } = await sql<{ n: string | number }>`
      select count(*) as n from journey_visitor_last where visitor_id = ${visitors[0] ?? 0}`.execute(
      t.database.db,
    );
    expect(Number(rows[0]?.n)).toBe(0);
  });
});
