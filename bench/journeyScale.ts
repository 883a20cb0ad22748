/**
 * `npm run bench:journey`'s recompute and screen parts, on an app (buildApp) over a database filled by
 * bench/journeyData.ts; every answer's server time is Fastify's reply.elapsedTime.
 *
 * Recompute: signed in as the demo user, POST /api/journey/criteria/ with BENCH_CRITERIA (the product's
 * path: the criteria saved and the recompute queued in one transaction), the recompute job run by the
 * app's own scoring jobs (app.journeyScoring.recompute, which the pg-boss worker would run), timed from the
 * POST to GET recompute/ answering state 'done'. Then a sample of contacts is scored from scratch by the
 * incremental scoring (their points deleted and written again by the catch-up's SQL, scoreNewActivity's
 * insertPoints and addPointsToScores, in a transaction rolled back): every score must equal the
 * recompute's, decayed to the same moment.
 *
 * Screen: the queries behind the journey screen, each BENCH_WARMUP times unmeasured then BENCH_REQUESTS
 * times: sources/ over the default quarter, overview/ first page without a stage filter and with the
 * first and a middle stage (target p95 <= 100 ms each), and criteria_preview/ (measured, no target).
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { type JourneyCriteria, stageOf } from '../domain/journeyScoring.ts';
import type { DatabaseHandle } from '../server/db/openDatabase.ts';
import { isFirstOfItsKind } from '../server/lib/eventIdentity.ts';
import { DEMO_LOGIN } from '../server/seed/demoAccounts.ts';
import { addDays, todayIn } from '../server/services/analytics/analyticsScope.ts';
import { addPointsToScores } from '../server/services/journey/scoreNewActivity.ts';
import { emailPoints, formPoints, insertPoints, viewPoints } from '../server/services/journey/scoringSql.ts';
import { percentile, round } from './benchServer.ts';
import { BENCH_CRITERIA, BENCH_CRITERIA_ALT, type JourneyBenchWorld } from './journeyData.ts';

export const JOURNEY_SCALE_TARGET = { recomputePostgresMs: 60_000, recomputePgliteMs: 180_000, p95Ms: 100 };

export type RecomputeFigures = {
  ms: number;
  targetMs: number;
  /** Which criteria the run changed to (BENCH_CRITERIA, or BENCH_CRITERIA_ALT when they were held). */
  criteria: 'bench' | 'alternate';
  /** Contacts whose shown score or stage the change moved. */
  moved: number;
  contacts: number;
  points: number;
  sample: SampleCheck;
  pass: boolean;
};
export type SampleCheck = { contacts: number; withPoints: number; mismatches: number; pass: boolean };
/** A call's server times; targetMs and pass null: measured, with no target (criteria_preview/). */
export type ScreenFigure = {
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  targetMs: number | null;
  pass: boolean | null;
};

type Session = { cookie: string; csrf: string };

/** Signs in as the demo user (the app built and ready). */
export async function benchSession(app: FastifyInstance): Promise<Session> {
  const login = await app.inject({ method: 'POST', url: '/api/auth/login/', payload: DEMO_LOGIN });
  const cookie = String(login.headers['set-cookie'] ?? '').split(';')[0] ?? '';
  if (!cookie.startsWith('wb_session=')) throw new Error(`sign-in failed: ${login.statusCode}`);
  return { cookie, csrf: String(login.json().csrf_token ?? '') };
}

async function call(
  app: FastifyInstance,
  session: Session,
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
) {
  const response = await app.inject({
    method,
    url,
    headers: { cookie: session.cookie, 'x-csrftoken': session.csrf },
    ...(payload ? { payload } : {}),
  });
  if (response.statusCode !== 200)
    throw new Error(`${method} ${url}: ${response.statusCode} ${response.body.slice(0, 300)}`);
  return response.json();
}

/** The criteria change and its recompute, timed to 'done', then the sample check. */
export async function measureRecompute(
  app: FastifyInstance,
  database: DatabaseHandle,
  world: JourneyBenchWorld,
  targetMs: number,
  sampleSize = 200,
): Promise<RecomputeFigures> {
  const session = await benchSession(app);
  // A kept database may hold BENCH_CRITERIA already: then the change is to the alternate ones, so every
  // run changes the criteria (and the shown scores it moves are counted).
  const current = (await call(app, session, 'GET', '/api/journey/criteria/')) as JourneyCriteria;
  const key = (c: JourneyCriteria) =>
    JSON.stringify([
      c.email_open,
      c.email_click,
      c.form_submission,
      c.page_view,
      c.unsubscribe,
      c.half_life_days,
      c.page_patterns.map((p) => [p.pattern, p.points]),
    ]);
  const same = (a: JourneyCriteria, b: JourneyCriteria) => key(a) === key(b);
  const criteria: JourneyCriteria = same(current, BENCH_CRITERIA) ? BENCH_CRITERIA_ALT : BENCH_CRITERIA;
  await sql`drop table if exists bench_shown_before`.execute(database.db);
  await sql`create table bench_shown_before as
    select id, engagement_score, buyer_stage from contacts where org_id = ${world.orgId}`.execute(
    database.db,
  );
  const started = performance.now();
  const answer = (await call(app, session, 'POST', '/api/journey/criteria/', criteria)) as {
    job: { id: number };
  };
  await app.journeyScoring.recompute(answer.job.id);
  const state = (await call(app, session, 'GET', `/api/journey/recompute/?job_id=${answer.job.id}`)) as {
    state: string;
    total: number;
  };
  const ms = Math.round(performance.now() - started);
  if (state.state !== 'done') throw new Error(`the recompute ended ${state.state}`);
  const { rows } = await sql<{ n: string | number }>`
    select count(*) as n from journey_points where org_id = ${world.orgId}`.execute(database.db);
  const { rows: movedRows } = await sql<{ n: string | number }>`
    select count(*) as n from contacts ct join bench_shown_before b on b.id = ct.id
    where (ct.engagement_score, ct.buyer_stage) is distinct from (b.engagement_score, b.buyer_stage)`.execute(
    database.db,
  );
  await sql`drop table bench_shown_before`.execute(database.db);
  const sample = await checkScoreSample(database, world, criteria, sampleSize);
  return {
    ms,
    targetMs,
    criteria: criteria === BENCH_CRITERIA ? 'bench' : 'alternate',
    moved: Number(movedRows[0]?.n ?? 0),
    contacts: state.total,
    points: Number(rows[0]?.n ?? 0),
    sample,
    pass: ms <= targetMs && sample.pass,
  };
}

class RolledBack extends Error {}

/**
 * Scores `size` of the bench's contacts (evenly spread) from scratch by the incremental scoring, in a
 * transaction rolled back, and compares each exact score with the stored one, both decayed to one moment,
 * and the stage of its shown score.
 */
export async function checkScoreSample(
  database: DatabaseHandle,
  world: JourneyBenchWorld,
  criteria: JourneyCriteria,
  size: number,
): Promise<SampleCheck> {
  const step = Math.max(1, Math.floor(world.contacts / size));
  const ids = Array.from(
    { length: Math.min(size, world.contacts) },
    (_, i) => world.firstContactId + i * step,
  );
  const now = new Date();
  const halfLifeS = criteria.half_life_days * 86_400;
  const atNow = (raw: number, at: Date | string | null) =>
    at === null ? raw : raw * 0.5 ** (Math.max(0, now.getTime() - new Date(at).getTime()) / 1000 / halfLifeS);
  type Scored = { id: number; score_raw: number; score_at: Date | string | null; buyer_stage: string };
  const read = async (db: typeof database.db) =>
    (
      await sql<Scored>`
        select ct.id, coalesce(cs.score_raw, 0)::float8 as score_raw, cs.score_at, ct.buyer_stage
        from contacts ct left join contact_scores cs on cs.contact_id = ct.id
        where ct.id = any(${ids}::int[]) order by ct.id`.execute(db)
    ).rows;
  const stored = await read(database.db);
  let fresh: Scored[] = [];
  await database.db
    .transaction()
    .execute(async (trx) => {
      const ofSample = (alias: string) => sql`${sql.ref(`${alias}.contact_id`)} = any(${ids}::int[])`;
      await sql`delete from journey_points p where ${ofSample('p')}`.execute(trx);
      await sql`delete from contact_scores where contact_id = any(${ids}::int[])`.execute(trx);
      const sources = sql`
        ${emailPoints(sql`email_event e`, sql`${ofSample('e')} and ${isFirstOfItsKind('e')}`)}
        union all ${formPoints(ofSample('f'))}
        union all ${viewPoints(ofSample('v'))}`;
      await sql`${addPointsToScores(insertPoints(sources), now)}`.execute(trx);
      fresh = await read(trx);
      throw new RolledBack();
    })
    .catch((error: unknown) => {
      if (!(error instanceof RolledBack)) throw error;
    });
  const byId = new Map(fresh.map((row) => [row.id, row]));
  let mismatches = 0;
  let withPoints = 0;
  for (const row of stored) {
    const other = byId.get(row.id);
    const a = atNow(Number(row.score_raw), row.score_at);
    const b = other ? atNow(Number(other.score_raw), other.score_at) : Number.NaN;
    if (b !== 0) withPoints += 1;
    const sameStage =
      stageOf(roundHalfAway(a), criteria.stages) === stageOf(roundHalfAway(b), criteria.stages);
    if (!(Math.abs(a - b) <= 1e-6 * Math.max(1, Math.abs(a))) || !sameStage) mismatches += 1;
  }
  return {
    contacts: stored.length,
    withPoints,
    mismatches,
    pass: mismatches === 0 && stored.length === ids.length && withPoints > 0,
  };
}

const roundHalfAway = (n: number) => Math.sign(n) * Math.round(Math.abs(n));

/** Keeps every answer's server time in the array answered (call before the app is ready). */
export function serverTimes(app: FastifyInstance): number[] {
  const times: number[] = [];
  app.addHook('onResponse', async (_request, reply) => {
    times.push(reply.elapsedTime);
  });
  return times;
}

/** The journey screen's calls, each timed by the server (`times`: serverTimes of the app). */
export async function measureScreen(
  app: FastifyInstance,
  times: number[],
  world: JourneyBenchWorld,
  options: { warmup: number; requests: number; slowRequests: number; log: (line: string) => void },
): Promise<Record<string, ScreenFigure>> {
  const session = await benchSession(app);
  const today = todayIn(world.timeZone);
  const stages = BENCH_CRITERIA.stages;
  const middle = stages[Math.floor(stages.length / 2)]?.name ?? '';
  const J = '/api/journey/';
  // slow: counted from every activity (seconds at a million contacts): measured slowRequests times, no
  // warm-up, and no target (issue 34 sets none for the preview; the Scoring tab shows it loading).
  const scenarios: { name: string; method: 'GET' | 'POST'; url: string; body?: object; slow?: true }[] = [
    {
      name: 'sources.quarter',
      method: 'GET',
      url: `${J}sources/?start_date=${addDays(today, -89)}&end_date=${today}`,
    },
    { name: 'overview.all.page1', method: 'GET', url: `${J}overview/?page=1&page_size=20` },
    ...[stages[0]?.name ?? '', middle].map((stage) => ({
      name: `overview.${stage}.page1`,
      method: 'GET' as const,
      url: `${J}overview/?buyer_stage_filter=${encodeURIComponent(stage)}&page=1&page_size=20`,
    })),
    {
      name: 'criteriaPreview',
      method: 'POST',
      url: `${J}criteria_preview/`,
      body: BENCH_CRITERIA,
      slow: true,
    },
  ];
  const results: Record<string, ScreenFigure> = {};
  for (const scenario of scenarios) {
    const run = () => call(app, session, scenario.method, scenario.url, scenario.body);
    // A slow call is not warmed up: its first answer is one of its options.slowRequests measured ones.
    if (scenario.slow) times.length = 0;
    const first = await run();
    for (let i = 1; i < (scenario.slow ? options.slowRequests : options.warmup); i += 1) await run();
    if (!scenario.slow) {
      times.length = 0;
      for (let i = 0; i < options.requests; i += 1) await run();
    }
    const sorted = [...times].sort((a, b) => a - b);
    const p95 = round(percentile(sorted, 95));
    const figure: ScreenFigure = {
      p50Ms: round(percentile(sorted, 50)),
      p95Ms: p95,
      maxMs: round(sorted.at(-1) ?? Number.NaN),
      targetMs: scenario.slow ? null : JOURNEY_SCALE_TARGET.p95Ms,
      pass: scenario.slow ? null : p95 <= JOURNEY_SCALE_TARGET.p95Ms,
    };
    results[scenario.name] = figure;
    options.log(
      `  ${scenario.name.padEnd(28)} p50 ${figure.p50Ms} ms  p95 ${figure.p95Ms} ms  max ${figure.maxMs} ms${figure.pass === false ? '  MISSED' : ''}  ${JSON.stringify(first).slice(0, 110)}`,
    );
  }
  return results;
}
