import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_JOURNEY_CRITERIA, type JourneyCriteria } from '../../../domain/journeyScoring.ts';
import { seededRandom } from '../../../server/seed/seededRandom.ts';
import { recomputeScores } from '../../../server/services/journey/recomputeScores.ts';
import { createTestApp, form, type Session, type TestApp } from '../../helpers/testApp.ts';
import {
  type AnalyticsWorld,
  makeAnalyticsWorld,
  recordEvents,
  signInWorld,
} from '../analytics/analyticsTestKit.ts';
import { randomEventStream } from '../analytics/eventStream.ts';
import {
  identifyViews,
  makeForm,
  pointsOf,
  randomPath,
  recordSubmission,
  recordViews,
  scoresOf,
} from './journeyTestKit.ts';

const DAY_MS = 86_400_000;
let now = new Date('2026-11-20T12:00:00.000Z');
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({}, { clock: () => now });
});
afterAll(async () => {
  await t?.close();
});

const json = (session: Session) => ({ cookie: session.cookie, 'x-csrftoken': session.csrf });

async function saveCriteria(session: Session, criteria: JourneyCriteria) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/journey/criteria/',
    headers: json(session),
    payload: criteria,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { criteria: JourneyCriteria; job: { id: number; state: string } };
}

describe('lead scoring', () => {
  it('gives the same scores, stages and points incrementally as the bulk recompute after a random stream', async () => {
    const db = t.database.db;
    const world: AnalyticsWorld = await makeAnalyticsWorld(db, { contacts: 60 });
    world.end = new Date(now.getTime());
    const random = seededRandom('journey-stream');
    const events = randomEventStream(world, 3000, 'journey-stream');
    const formId = await makeForm(db, world.orgId);
    const anonymous: { id: number; contactId: number }[] = [];
    let at = 0;
    let step = 0;
    while (at < events.length) {
      const size = random.int(1, 400);
      await recordEvents(db, events.slice(at, at + size));
      at += size;
      step += 1;
      const viewAt = new Date(now.getTime() - random.int(0, 40) * DAY_MS);
      const contactId = random.pick(world.contacts);
      const identified = random.chance(0.6);
      const ids = await recordViews(
        db,
        Array.from({ length: random.int(1, 6) }, () => ({
          orgId: world.orgId,
          contactId: identified ? contactId : null,
          path: randomPath(random),
          at: viewAt,
          visitorKey: `v${step}`,
        })),
      );
      if (!identified) for (const id of ids) anonymous.push({ id, contactId });
      if (random.chance(0.3)) await recordSubmission(db, world.orgId, formId, contactId, viewAt);
      // Visitors identified later: their earlier views become the contact's.
      if (random.chance(0.3) && anonymous.length > 0) {
        const some = anonymous.splice(0, random.int(1, anonymous.length));
        for (const view of some) await identifyViews(db, [view.id], view.contactId);
      }
      if (random.chance(0.4)) {
        now = new Date(now.getTime() + random.int(1, 48) * 3_600_000);
        await t.app.journeyScoring.catchUp();
      }
    }
    await t.app.journeyScoring.catchUp();
    await t.app.journeyScoring.restage();
    const incremental = await scoresOf(db, world.orgId, now, DEFAULT_JOURNEY_CRITERIA.half_life_days);
    const incrementalPoints = await pointsOf(db, world.orgId);
    // The stream holds what the test is about: points of every kind, several stages.
    const kinds = new Set(incrementalPoints.map((line) => line.split('|')[1]));
    expect([...kinds].sort()).toEqual([
      'email_click',
      'email_open',
      'form_submission',
      'page_view',
      'unsubscribe',
    ]);
    expect(new Set(incremental.map((row) => row.stage)).size).toBeGreaterThan(2);

    const job = await db
      .transaction()
      .execute((trx) => t.app.journeyScoring.queueRecompute(trx, world.orgId));
    await t.app.journeyScoring.recompute(job.id);
    expect(await pointsOf(db, world.orgId)).toEqual(incrementalPoints);
    const bulk = await scoresOf(db, world.orgId, now, DEFAULT_JOURNEY_CRITERIA.half_life_days);
    expect(bulk.map((row) => [row.id, row.score, row.stage])).toEqual(
      incremental.map((row) => [row.id, row.score, row.stage]),
    );
    for (const [i, row] of bulk.entries()) expect(row.raw).toBeCloseTo(incremental[i]?.raw ?? Number.NaN, 6);
    // Written again from the activity itself (the seed's rebuild), the rows and scores are the catch-up's.
    await recomputeScores(db, world.orgId, { now: () => now, rebuild: true, chunk: 7 });
    expect(await pointsOf(db, world.orgId)).toEqual(incrementalPoints);
    const rebuilt = await scoresOf(db, world.orgId, now, DEFAULT_JOURNEY_CRITERIA.half_life_days);
    expect(rebuilt.map((row) => [row.id, row.score, row.stage])).toEqual(
      incremental.map((row) => [row.id, row.score, row.stage]),
    );
    for (const [i, row] of rebuilt.entries())
      expect(row.raw).toBeCloseTo(incremental[i]?.raw ?? Number.NaN, 6);
  }, 300_000);

  it('decays a score by its half-life as the clock moves, and restages the contact', async () => {
    const db = t.database.db;
    const world = await makeAnalyticsWorld(db, { contacts: 3 });
    const session = await signInWorld(t.app, db, world);
    await saveCriteria(session, { ...DEFAULT_JOURNEY_CRITERIA, email_click: 60, half_life_days: 10 });
    const contactId = world.contacts[0] as number;
    await recordEvents(db, [
      {
        orgId: world.orgId,
        kind: 'clicked',
        contactId,
        emailId: world.emails[0]?.id ?? null,
        occurredAt: now,
      },
    ]);
    await t.app.journeyScoring.catchUp();
    const read = async () =>
      db
        .selectFrom('contacts')
        .select(['engagement_score', 'buyer_stage'])
        .where('id', '=', contactId)
        .executeTakeFirstOrThrow();
    expect(await read()).toEqual({ engagement_score: 60, buyer_stage: 'Purchase' });
    now = new Date(now.getTime() + 10 * DAY_MS);
    await t.app.journeyScoring.restage();
    expect(await read()).toEqual({ engagement_score: 30, buyer_stage: 'Evaluation' });
    now = new Date(now.getTime() + 10 * DAY_MS);
    await t.app.journeyScoring.restage();
    expect(await read()).toEqual({ engagement_score: 15, buyer_stage: 'Intent' });
    // The trail explains the score: the click and the points it gave.
    const trail = await t.app.inject({
      method: 'GET',
      url: `/api/journey/buyer_journey_trail/?contact_id=${contactId}`,
      headers: json(session),
    });
    expect(trail.statusCode).toBe(200);
    expect(trail.json()).toMatchObject({
      total_records: 1,
      result: [{ kind: 'email_click', points: 60, label: expect.stringContaining('Clicked') }],
    });
    // So does the analytics audit trail: each activity with the points it gave.
    const audit = await form(
      t.app,
      'POST',
      '/api/analytics/contact_audit_trail/',
      { contact_id: String(contactId) },
      session,
    );
    expect(audit.statusCode, audit.body).toBe(200);
    expect(audit.json().data).toMatchObject([{ kind: 'clicked', points: 60 }]);
    expect(audit.json().total_score).toBe(15);
  });

  it('stages contacts by the thresholds: the preview counts what a recompute then stores, with its progress', async () => {
    const db = t.database.db;
    const world = await makeAnalyticsWorld(db, { contacts: 10 });
    const session = await signInWorld(t.app, db, world);
    const emailId = world.emails[0]?.id ?? null;
    // Contact i opens i emails' worth: i opens of distinct sends.
    await recordEvents(
      db,
      world.contacts.flatMap((contactId, i) =>
        Array.from({ length: i }, (_, n) => ({
          orgId: world.orgId,
          kind: 'opened' as const,
          contactId,
          emailId,
          sendId: world.firstSendId + i * 100 + n,
          occurredAt: now,
        })),
      ),
    );
    await t.app.journeyScoring.catchUp();
    const criteria: JourneyCriteria = {
      ...DEFAULT_JOURNEY_CRITERIA,
      email_open: 10,
      stages: [
        { name: 'Cold', min_score: 0 },
        { name: 'Warm', min_score: 30 },
        { name: 'Hot', min_score: 70 },
      ],
    };
    const preview = await t.app.inject({
      method: 'POST',
      url: '/api/journey/criteria_preview/',
      headers: json(session),
      payload: criteria,
    });
    expect(preview.statusCode, preview.body).toBe(200);
    // Scores 0..90: 0,10,20 cold; 30..60 warm; 70,80,90 hot.
    expect(preview.json().stages).toEqual([
      { name: 'Cold', min_score: 0, contacts: 3 },
      { name: 'Warm', min_score: 30, contacts: 4 },
      { name: 'Hot', min_score: 70, contacts: 3 },
    ]);
    // Nothing was written by the preview.
    const before = await scoresOf(db, world.orgId, now, DEFAULT_JOURNEY_CRITERIA.half_life_days);
    expect(before.map((row) => row.score)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);

    const saved = await saveCriteria(session, criteria);
    expect(saved.job.state).toBe('queued');
    await t.app.journeyScoring.recompute(saved.job.id);
    const progress = await t.app.inject({
      method: 'GET',
      url: `/api/journey/recompute/?job_id=${saved.job.id}`,
      headers: json(session),
    });
    expect(progress.json()).toEqual({ id: saved.job.id, state: 'done', done: 10, total: 10 });
    // The rewritten tables were vacuumed before done (PGlite runs no autovacuum).
    if (t.database.kind === 'pglite') {
      const vacuumed = await sql<{ relname: string }>`
        select relname from pg_stat_all_tables
        where relname in ('contacts', 'contact_scores', 'journey_points') and last_vacuum is not null
        order by relname`.execute(db);
      expect(vacuumed.rows.map((row) => row.relname)).toEqual([
        'contact_scores',
        'contacts',
        'journey_points',
      ]);
    }
    const overview = await t.app.inject({
      method: 'GET',
      url: '/api/journey/overview/?buyer_stage_filter=Hot&page=1&page_size=2',
      headers: json(session),
    });
    expect(overview.statusCode).toBe(200);
    const body = overview.json();
    expect(body.stages).toEqual(preview.json().stages);
    expect(body.total_records).toBe(3);
    expect(body.result.map((row: { engagement_score: number }) => row.engagement_score)).toEqual([90, 80]);
    expect(body.result[0]).toMatchObject({ buyer_stage: 'Hot', contact_id: world.contacts[9] });
  });

  it("keeps each organisation to its own: another's job and contact are 404s, its contacts not in the overview", async () => {
    const db = t.database.db;
    const mine = await makeAnalyticsWorld(db, { contacts: 2 });
    const theirs = await makeAnalyticsWorld(db, { contacts: 2 });
    const session = await signInWorld(t.app, db, mine);
    const other = await signInWorld(t.app, db, theirs);
    const { job } = await saveCriteria(other, DEFAULT_JOURNEY_CRITERIA);
    const get = (url: string) => t.app.inject({ method: 'GET', url, headers: json(session) });
    expect((await get(`/api/journey/recompute/?job_id=${job.id}`)).statusCode).toBe(404);
    expect((await get(`/api/journey/buyer_journey_trail/?contact_id=${theirs.contacts[0]}`)).statusCode).toBe(
      404,
    );
    const overview = (await get('/api/journey/overview/')).json();
    expect(overview.total_records).toBe(2);
    expect(overview.result.map((row: { contact_id: number }) => row.contact_id).sort()).toEqual(
      [...mine.contacts].sort(),
    );
    // The people screens refresh loaded rows' scores and stages: only the organisation's own contacts.
    const ids = [...mine.contacts, ...theirs.contacts].join(',');
    const scores = await get(`/api/audience/people_scores/?contact_ids=${ids}`);
    expect(scores.statusCode).toBe(200);
    expect(scores.json().data.map((row: { contact_id: number }) => row.contact_id)).toEqual(
      [...mine.contacts].sort((a, b) => a - b),
    );
    expect(scores.json().data[0]).toMatchObject({ engagement_score: 0, buyer_stage: 'Awareness' });
    expect((await get('/api/audience/people_scores/?contact_ids=x')).statusCode).toBe(400);
    // The other organisation's criteria are its own.
    expect((await get('/api/journey/criteria/')).json()).toEqual(DEFAULT_JOURNEY_CRITERIA);
  });

  it('refuses bad criteria with a message and a write without the CSRF token', async () => {
    const db = t.database.db;
    const world = await makeAnalyticsWorld(db, { contacts: 1 });
    const session = await signInWorld(t.app, db, world);
    const post = (payload: unknown, headers: Record<string, string> = json(session)) =>
      t.app.inject({ method: 'POST', url: '/api/journey/criteria/', headers, payload: payload as object });
    const positive = await post({ ...DEFAULT_JOURNEY_CRITERIA, unsubscribe: 5 });
    expect(positive.statusCode).toBe(400);
    expect(positive.json().message).toMatch(/unsubscribe must be at most 0/);
    const unordered = await post({
      ...DEFAULT_JOURNEY_CRITERIA,
      stages: [
        { name: 'A', min_score: 0 },
        { name: 'B', min_score: 0 },
      ],
    });
    expect(unordered.statusCode).toBe(400);
    expect(unordered.json().message).toMatch(/Stage B must start above A/);
    expect(
      (await post({ ...DEFAULT_JOURNEY_CRITERIA, page_patterns: [{ pattern: 'pricing', points: 1 }] }))
        .statusCode,
    ).toBe(400);
    expect((await post('garbage')).statusCode).toBe(400);
    expect((await post(DEFAULT_JOURNEY_CRITERIA, { cookie: session.cookie })).statusCode).toBe(403);
    const badJob = await t.app.inject({
      method: 'GET',
      url: '/api/journey/recompute/?job_id=abc',
      headers: json(session),
    });
    expect(badJob.statusCode).toBe(400);
  });
});
