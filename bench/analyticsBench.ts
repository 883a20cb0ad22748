/**
 * `npm run bench:analytics`: the analytics reports at ten million events.
 *
 * 1. On PGlite (a temporary data folder on disk, like `npm start`) and, when BENCH_DATABASE_URL,
 *    TEST_DATABASE_URL or DATABASE_URL is set, on PostgreSQL (a throw-away database beside that one, dropped after):
 *    migrates and seeds the demo data, then gives the demo organisation BENCH_EVENTS (default 10,000,000)
 *    email events of 1,000,000 contacts in 20,000 accounts, 2,000 emails and 500 campaigns, written
 *    straight into the tables and the rollups (bench/analyticsData.ts); contacts and accounts scale with
 *    BENCH_EVENTS (BENCH_CONTACTS, BENCH_ACCOUNTS, BENCH_EMAILS, BENCH_CAMPAIGNS override). The rollups of
 *    a sample of emails and articles must equal a recount of their events (bench/analyticsSample.ts).
 * 2. Builds the app in this process and signs in as the demo user; every answer's server time is
 *    Fastify's reply.elapsedTime. Per scenario BENCH_WARMUP (default 3) requests not counted, then
 *    BENCH_REQUESTS (default 20); target p95 <= 100 ms for each: the dashboard over a quarter (the
 *    default period), email trends over a week, a month, a quarter, a year and all time (so each zoom level
 *    is the one a graph opens at once), the first page of each contact tab and the tab counts, content by
 *    article, a busy contact's dashboard and emails_dropdown/ with a search.
 * 3. Freshness (bench/analyticsFreshness.ts): the real server (`node --import tsx server/start.ts`, its
 *    own process, stopped in every case) on the same data; BENCH_FRESH_OPENS (default 5) tracked opens of
 *    delivered sends, each timed from its pixel's answer to the dashboard counting it; target <= 5 s.
 * BENCH_PARTS: all (default), pglite, postgres. BENCH_KEEP_DATABASE=1 keeps the filled PostgreSQL database
 * (its name is printed); BENCH_POSTGRES_DATABASE=<that name> measures it again without filling it.
 *
 * Prints the load average and the figures, then one JSON object as the last line (with the load average
 * before and after). Exit code 0 when the bench ran (--strict: 1 when a target is missed), 1 when it
 * could not run.
 */
import fs from 'node:fs';
import { register } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../server/db/openDatabase.ts';
import { prepareDatabase } from '../server/db/prepareDatabase.ts';
import { DEMO_LOGIN } from '../server/seed/demoAccounts.ts';
import { DEMO_IDS } from '../server/seed/demoIds.ts';
import { addDays, todayIn } from '../server/services/analytics/analyticsScope.ts';
import { throwAwayDatabase } from '../tests/helpers/throwAwayDatabase.ts';
import {
  type AnalyticsBenchSize,
  type AnalyticsBenchWorld,
  fillAnalytics,
  readAnalyticsWorld,
} from './analyticsData.ts';
import { type FreshnessFigure, insertFreshSends, measureFreshness } from './analyticsFreshness.ts';
import { checkSample, type SampleCheck } from './analyticsSample.ts';
import { type BenchConnection, benchApp } from './benchApp.ts';
import { percentile, round, runBench } from './benchServer.ts';

// The app imports the public pages' renderer, whose styles Vite bundles for the built server; here they
// are empty modules (the bench measures the API only). app.ts is imported after this hook is in place.
register(
  'data:text/javascript,export async function load(url, context, next) { if (url.endsWith(".css")) return { format: "module", source: "", shortCircuit: true }; return next(url, context); }',
);

const EVENTS = Number(process.env.BENCH_EVENTS || 10_000_000);
const SCALE = Math.min(1, EVENTS / 10_000_000);
const SIZE: AnalyticsBenchSize = {
  events: EVENTS,
  contacts: Number(process.env.BENCH_CONTACTS || Math.max(2_000, Math.round(1_000_000 * SCALE))),
  accounts: Number(process.env.BENCH_ACCOUNTS || Math.max(100, Math.round(20_000 * SCALE))),
  emails: Number(process.env.BENCH_EMAILS || 2_000),
  campaigns: Number(process.env.BENCH_CAMPAIGNS || 500),
};
const REQUESTS = Number(process.env.BENCH_REQUESTS || 20);
const WARMUP = Number(process.env.BENCH_WARMUP || 3);
const FRESH_OPENS = Number(process.env.BENCH_FRESH_OPENS || 5);
/** A PostgreSQL database a run filled and kept (BENCH_KEEP_DATABASE=1), measured again without filling. */
const KEPT_DATABASE = process.env.BENCH_POSTGRES_DATABASE || '';
/** A PGlite data folder to fill once and keep (measured again without filling when it is filled). */
const PGLITE_DIR = process.env.BENCH_PGLITE_DIR || '';
const PGLITE_FILLED = 'bench-analytics-filled';
const TARGET = { p95Ms: 100, freshMs: 5_000 };
const A = '/api/analytics/';

/** counted: a report outside the targets, measured to show what the slower exact path costs. */
type Scenario = {
  name: string;
  route: string;
  body: Record<string, unknown>;
  json?: boolean;
  counted?: true;
};
type Figure = { p50Ms: number; p95Ms: number; maxMs: number; targetMs: number | null; pass: boolean };
type RunFigures = {
  fillMs: number;
  events: number;
  sample: SampleCheck;
  scenarios: Record<string, Figure>;
  freshness: FreshnessFigure;
};

const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

function scenarios(world: AnalyticsBenchWorld, busyContactId: number): Scenario[] {
  const today = todayIn(world.timeZone);
  const since = (days: number) => ({ start_date: addDays(today, -(days - 1)), end_date: today });
  return [
    { name: 'dashboard.quarter', route: 'analytics_dashboard/', body: {} },
    { name: 'trends.week.daily', route: 'email_trends_graph/', body: since(7) },
    { name: 'trends.month.weekly', route: 'email_trends_graph/', body: since(30) },
    { name: 'trends.quarter.monthly', route: 'email_trends_graph/', body: since(90) },
    { name: 'trends.year.quarterly', route: 'email_trends_graph/', body: since(365) },
    {
      name: 'trends.allTime.yearly',
      route: 'email_trends_graph/',
      body: { start_date: '2018-06-01', end_date: today },
    },
    ...['delivered', 'bounced', 'unsubscribed', 'all_contacts'].map((tab) => ({
      name: `contacts.${tab}.page1`,
      route: 'contacts_listing/',
      body: { tab, limit: 20, offset: 0 },
    })),
    { name: 'contacts.tabCounts', route: 'contact_listing_tab_counts/', body: {} },
    { name: 'content.byArticle', route: 'content_listing/', body: { limit: 20, offset: 0 } },
    { name: 'contactDashboard', route: 'contact_dashboard/', body: { contact_id: busyContactId } },
    {
      name: 'emailsDropdown.search',
      route: 'emails_dropdown/',
      body: { search_term: 'launch', limit: 20, offset: 0 },
      json: true,
    },
    // Periods ending before the last send are counted from the rows (docs/analytics.md): no target.
    ...[
      { name: 'counted.dashboard.pastQuarter', route: 'analytics_dashboard/' },
      { name: 'counted.contacts.tabCounts.pastQuarter', route: 'contact_listing_tab_counts/' },
      { name: 'counted.contacts.delivered.pastQuarter', route: 'contacts_listing/' },
    ].map((s) => ({
      ...s,
      body: { start_date: addDays(today, -119), end_date: addDays(today, -30), limit: 20, offset: 0 },
      counted: true as const,
    })),
  ];
}

function figure(times: number[], target: number | null): Figure {
  const sorted = [...times].sort((a, b) => a - b);
  const p95 = round(percentile(sorted, 95));
  return {
    p50Ms: round(percentile(sorted, 50)),
    p95Ms: p95,
    maxMs: round(sorted.at(-1) ?? Number.NaN),
    targetMs: target,
    pass: target === null || p95 <= target,
  };
}

async function measure(app: FastifyInstance, world: AnalyticsBenchWorld, busyContactId: number) {
  const times: number[] = [];
  app.addHook('onResponse', async (_request, reply) => {
    times.push(reply.elapsedTime);
  });
  await app.ready();
  const login = await app.inject({ method: 'POST', url: '/api/auth/login/', payload: DEMO_LOGIN });
  const cookie = String(login.headers['set-cookie'] ?? '').split(';')[0] ?? '';
  if (!cookie.startsWith('wb_session=')) throw new Error(`sign-in failed: ${login.statusCode}`);
  const csrf = String(login.json().csrf_token ?? '');
  const results: Record<string, Figure> = {};
  for (const scenario of scenarios(world, busyContactId)) {
    const call = async () => {
      const response = await app.inject({
        method: 'POST',
        url: `${A}${scenario.route}`,
        headers: { cookie, 'x-csrftoken': csrf },
        ...(scenario.json
          ? { payload: scenario.body }
          : {
              payload: new URLSearchParams(
                Object.entries(scenario.body).map(([k, v]) => [k, String(v)]),
              ).toString(),
              headers: {
                cookie,
                'x-csrftoken': csrf,
                'content-type': 'application/x-www-form-urlencoded',
              },
            }),
      });
      if (response.statusCode !== 200)
        throw new Error(`${scenario.name}: ${response.statusCode} ${response.body.slice(0, 300)}`);
      return response.json();
    };
    const first = await call();
    for (let i = 1; i < WARMUP; i += 1) await call();
    times.length = 0;
    for (let i = 0; i < (scenario.counted ? Math.min(REQUESTS, 5) : REQUESTS); i += 1) await call();
    const result = figure(times, scenario.counted ? null : TARGET.p95Ms);
    results[scenario.name] = result;
    console.log(
      `  ${scenario.name.padEnd(26)} p50 ${result.p50Ms} ms  p95 ${result.p95Ms} ms  max ${result.maxMs} ms${scenario.counted ? '  (no target)' : result.pass ? '' : '  MISSED'}  ${summary(first)}`,
    );
  }
  return results;
}

/** A few words of an answer, so a run shows the reports held real numbers. */
function summary(answer: Record<string, unknown>): string {
  const data = answer.data as Record<string, unknown> | unknown[] | undefined;
  if (Array.isArray(data)) return `(${data.length} rows of ${String(answer.total_count ?? '?')})`;
  const stats = data && (data as Record<string, unknown>).stats;
  if (stats) return `(${JSON.stringify(stats).slice(0, 120)})`;
  if (data && 'zoom_level' in data) return `(opens at ${String(data.zoom_level)})`;
  return `(${JSON.stringify(answer).slice(0, 100)})`;
}

async function runOn(kind: 'pglite' | 'postgres', connection: BenchConnection): Promise<RunFigures> {
  console.log(`${kind}: load average ${load()}`);
  const { database } = await prepareDatabase(connection);
  let closed = false;
  const close = async (db: DatabaseHandle) => {
    if (!closed) await db.close();
    closed = true;
  };
  try {
    const started = performance.now();
    const kept =
      (kind === 'postgres' && KEPT_DATABASE !== '') ||
      (kind === 'pglite' && PGLITE_DIR !== '' && fs.existsSync(path.join(PGLITE_DIR, PGLITE_FILLED)));
    if (!kept) console.log(`${kind}: filling ${JSON.stringify(SIZE)}…`);
    const world = kept
      ? await readAnalyticsWorld(database, DEMO_IDS.mainOrgId)
      : await fillAnalytics(database, DEMO_IDS.mainOrgId, SIZE, (line) => console.log(`${kind}${line}`));
    const fillMs = kept ? 0 : Math.round(performance.now() - started);
    if (kind === 'pglite' && PGLITE_DIR && !kept) fs.writeFileSync(path.join(PGLITE_DIR, PGLITE_FILLED), '');
    console.log(
      `${kind}: ${kept ? 'kept' : 'filled'} ${world.events} events in ${fillMs} ms (load ${load()})`,
    );
    const sample = await checkSample(database, world);
    console.log(`${kind}: sample recount ${JSON.stringify(sample)}`);
    const busy = await database.db
      .selectFrom('analytics_contact_email')
      .select(['contact_id'])
      .where('org_id', '=', world.orgId)
      .where('contact_id', '>=', world.firstContactId)
      .groupBy('contact_id')
      .orderBy((eb) => eb.fn.countAll(), 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    const app = await benchApp(connection, database);
    let scenarioFigures: Record<string, Figure>;
    try {
      scenarioFigures = await measure(app, world, busy.contact_id);
    } finally {
      await app.close();
    }
    const tokens = await insertFreshSends(database, world, FRESH_OPENS);
    await close(database);
    const freshness = await measureFreshness(kind, connection, tokens, TARGET.freshMs);
    console.log(`${kind}: freshness ${JSON.stringify(freshness)} (load ${load()})`);
    return { fillMs, events: world.events, sample, scenarios: scenarioFigures, freshness };
  } finally {
    await close(database).catch(() => undefined);
  }
}

async function onPglite(): Promise<RunFigures> {
  if (PGLITE_DIR) fs.mkdirSync(PGLITE_DIR, { recursive: true });
  const dataDir = PGLITE_DIR || fs.mkdtempSync(path.join(os.tmpdir(), 'bench-analytics-'));
  try {
    return await runOn('pglite', { dataDir });
  } finally {
    // BENCH_PGLITE_DIR: the filled folder stays, to be measured again; remove it by hand.
    if (PGLITE_DIR) console.log(`pglite: kept the data folder ${dataDir}`);
    else fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function onPostgres(adminUrl: string): Promise<RunFigures> {
  const scratch = KEPT_DATABASE
    ? {
        url: Object.assign(new URL(adminUrl), { pathname: `/${KEPT_DATABASE}` }).toString(),
        name: KEPT_DATABASE,
        drop: async () => {},
      }
    : await throwAwayDatabase('wb_bench_analytics', adminUrl);
  if (!scratch) throw new Error('no PostgreSQL');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-analytics-pg-'));
  try {
    return await runOn('postgres', { dataDir, databaseUrl: scratch.url });
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
    // BENCH_KEEP_DATABASE=1: the filled database stays (its name printed) for EXPLAIN; drop it by hand.
    if (KEPT_DATABASE || process.env.BENCH_KEEP_DATABASE === '1')
      console.log(`postgres: kept the database ${scratch.name}`);
    else await scratch.drop();
  }
}

const passed = (run: RunFigures | null) =>
  run === null ||
  (run.sample.pass && run.freshness.pass && Object.values(run.scenarios).every((f) => f.pass));

async function main(): Promise<number> {
  const strict = process.argv.includes('--strict');
  const loadBefore = os.loadavg();
  console.log(`load average ${load()} on ${os.cpus().length} cores`);
  const parts = process.env.BENCH_PARTS || 'all';
  const pglite = parts === 'postgres' ? null : await onPglite();
  const adminUrl =
    process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
  if (parts === 'postgres' && !adminUrl) throw new Error('BENCH_PARTS=postgres needs BENCH_DATABASE_URL');
  const postgres = parts !== 'pglite' && adminUrl ? await onPostgres(adminUrl) : null;
  const pass = passed(pglite) && passed(postgres);
  console.log(`load average after ${load()}`);
  console.log(
    JSON.stringify({
      size: SIZE,
      targets: TARGET,
      pglite,
      postgres,
      loadAverageBefore: loadBefore,
      loadAverage: os.loadavg(),
      pass,
    }),
  );
  return strict && !pass ? 1 : 0;
}

runBench('bench:analytics', main);
