import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../../helpers/testApp.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('the demo data', () => {
  it('comes with scores and stages from its activity, every point explained, nothing left to catch up', async () => {
    const db = t.database.db;
    const session = await signIn(t.app);
    const overview = await t.app.inject({
      method: 'GET',
      url: '/api/journey/overview/?page_size=5',
      headers: { cookie: session.cookie },
    });
    expect(overview.statusCode).toBe(200);
    const body = overview.json();
    // The demo organisation's contacts spread over several stages, the most engaged first.
    const staged = body.stages.filter((stage: { contacts: number }) => stage.contacts > 0);
    expect(staged.length).toBeGreaterThanOrEqual(3);
    const top = body.result[0];
    expect(top.engagement_score).toBeGreaterThan(0);
    expect(top.last_activity).not.toBeNull();
    // Its score is its points, decayed: the trail lists them.
    const trail = await t.app.inject({
      method: 'GET',
      url: `/api/journey/buyer_journey_trail/?contact_id=${top.contact_id}&page_size=100`,
      headers: { cookie: session.cookie },
    });
    const items = trail.json().result as { points: number }[];
    expect(items.length).toBeGreaterThan(0);
    const undecayed = items.reduce((sum, item) => sum + item.points, 0);
    expect(top.engagement_score).toBeLessThanOrEqual(undecayed);
    // The catch-up's marks are past the seeded activity.
    const caughtUp = await t.app.journeyScoring.catchUp();
    expect(caughtUp.scored).toBe(0);
    const { rows } = await sql<{ n: string | number }>`
      select count(*) as n from contacts ct where ct.engagement_score <> 0
        and not exists (select 1 from contact_scores cs where cs.contact_id = ct.id)`.execute(db);
    expect(Number(rows[0]?.n)).toBe(0);
  });
});
