/**
 * `npm run bench:journey`: the buyer journey at scale, in three parts (BENCH_PARTS, a comma list; default
 * all three, on PGlite and, when BENCH_DATABASE_URL, TEST_DATABASE_URL or DATABASE_URL is set, PostgreSQL;
 * naming `pglite` or `postgres` picks the database of the recompute and screen parts):
 * - collection (below);
 * - recompute: the scores of BENCH_CONTACTS (default 1,000,000) contacts with their email events and
 *   BENCH_VIEWS (default 10,000,000) page views (bench/journeyData.ts) recomputed after a criteria change,
 *   through the route and the recompute job, to 'done'; <= 60 s on PostgreSQL, <= 180 s on PGlite; a
 *   sample must score the same by the incremental scoring (bench/journeyScale.ts);
 * - screen: the journey screen's calls (sources, overview with and without a stage, criteria preview),
 *   p95 <= 100 ms server time each (BENCH_WARMUP, BENCH_REQUESTS).
 * BENCH_KEEP_DATABASE=1 keeps the filled PostgreSQL database (its name printed), BENCH_POSTGRES_DATABASE=
 * <name> measures it again without filling; BENCH_PGLITE_DIR fills that folder once and keeps it
 * (bench/journeyScaleRun.ts).
 *
 * The collection part: the buyer journey's public collection endpoint under load,
 * against a bare Fastify hello-world (bench/helloServer.ts) measured in the same run with the same autocannon
 * settings (50 connections, a warm-up and a measured run each).
 *
 * The real server (PGlite in a temporary folder, as `npm start`) is started; signed in as the demo user, the
 * bench declares a website domain (tracking/) and reads the organisation's tracking id. Then
 * POST /api/journey/collect/ as the tracking script sends it (text/plain JSON, the site's Origin), each
 * request a page view of its own event id ("benchev-<n>", rotating over 1,000 visitors; a third landing from
 * a search engine, a third directly, a third browsing on inside the site). After the server
 * has stopped, the database is opened: every request answered 204 must have left exactly one page view (a
 * request cut off by the end of a run may have left one or none).
 * Targets: shareOfHello >= 0.25 and p99 <= 20 ms, no error, and the page view check.
 *
 * Prints figures and, last, one JSON object. Exit 0 when it ran (--strict: 1 when a target was missed).
 */
import fs from 'node:fs';
import { register } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type autocannon from 'autocannon';
import { openDatabase } from '../server/db/openDatabase.ts';
import { DEMO_LOGIN } from '../server/seed/demoAccounts.ts';
import {
  benchEnv,
  freePort,
  round,
  runBench,
  type Server,
  signInSession,
  startServer,
  stopServer,
  waitForAnswer,
  warmThenMeasure,
} from './benchServer.ts';
import { JOURNEY_SCALE_TARGET } from './journeyScale.ts';
import { type ScaleOptions, scaleOnPglite, scaleOnPostgres } from './journeyScaleRun.ts';
import {
  benchHello,
  CONNECTIONS,
  DURATION_S,
  type EndpointFigures,
  figures,
  type LoadFigures,
  share,
  TRACKING_TARGET,
  WARMUP_S,
} from './trackingBench.ts';

// The app (built in this process by the recompute and screen parts) imports the public pages' renderer,
// whose styles Vite bundles for the built server; here they are empty modules (the bench measures the API).
register(
  'data:text/javascript,export async function load(url, context, next) { if (url.endsWith(".css")) return { format: "module", source: "", shortCircuit: true }; return next(url, context); }',
);

/** The email tracking endpoints' targets: a share of the hello-world and a p99. */
export const COLLECTION_TARGET = TRACKING_TARGET;
const VISITORS = 1000;
const SITE = 'https://bench-site.test';
const EVENT_PREFIX = 'benchev-';

/** Every answered page view stored exactly once (counted in the database after the server stopped). */
export type ViewCheck = {
  stored: number;
  answeredWithoutView: number;
  storedMoreThanOnce: number;
  unansweredStored: number;
  exactlyOnce: boolean;
};

export type CollectionFigures = {
  helloRequestsPerSec: number;
  hello: LoadFigures;
  collect: EndpointFigures;
  views: ViewCheck;
  loadAverage: { atStart: number; atEnd: number };
};

/** Numbers every page view (its event id) and keeps the numbers of those answered 204. */
class ViewLedger {
  private next = 0;
  readonly answered: number[] = [];

  constructor(private readonly tid: string) {}

  request(): autocannon.Request {
    return {
      method: 'POST',
      path: '/api/journey/collect/',
      headers: { 'content-type': 'text/plain;charset=UTF-8', origin: SITE },
      setupRequest: (request: autocannon.Request, context: object) => {
        const n = this.next;
        this.next += 1;
        (context as { n?: number }).n = n;
        const body = {
          tid: this.tid,
          vid: `benchvisitor-${n % VISITORS}`,
          eid: `${EVENT_PREFIX}${n}`,
          type: 'page_view',
          url: `${SITE}/page-${n % 50}?utm_source=bench&utm_medium=cpc`,
          title: 'A page of the bench site',
          // A third land from a search engine, a third directly, a third browse on inside the site.
          referrer: ['https://www.google.com/', '', `${SITE}/page-${(n + 1) % 50}`][n % 3],
        };
        return { ...request, body: JSON.stringify(body) };
      },
      onResponse: (status: number, _body: string, context: object) => {
        const n = (context as { n?: number }).n;
        if (status === 204 && n !== undefined) this.answered.push(n);
      },
    };
  }
}

async function prepareSite(origin: string): Promise<string> {
  const { cookie, csrf } = await signInSession(origin, DEMO_LOGIN);
  const response = await fetch(`${origin}/api/journey/tracking/`, {
    method: 'POST',
    headers: { cookie, 'x-csrftoken': csrf, 'content-type': 'application/json' },
    body: JSON.stringify({ domains: [new URL(SITE).hostname] }),
  });
  const text = await response.text();
  if (response.status !== 200)
    throw new Error(`tracking/ answered ${response.status}: ${text.slice(0, 300)}`);
  return (JSON.parse(text) as { tracking_id: string }).tracking_id;
}

async function checkViews(dataDir: string, answered: readonly number[]): Promise<ViewCheck> {
  const database = await openDatabase({ dataDir });
  let rows: { client_event_id: string; n: string | number }[];
  try {
    rows = await database.db
      .selectFrom('page_view')
      .select(['client_event_id', (eb) => eb.fn.countAll<string | number>().as('n')])
      .where('client_event_id', 'like', `${EVENT_PREFIX}%`)
      .groupBy('client_event_id')
      .execute();
  } finally {
    await database.close();
  }
  const counts = new Map(
    rows.map((row) => [Number(row.client_event_id.slice(EVENT_PREFIX.length)), Number(row.n)]),
  );
  const answeredSet = new Set(answered);
  const check: ViewCheck = {
    stored: rows.reduce((sum, row) => sum + Number(row.n), 0),
    answeredWithoutView: [...answeredSet].filter((n) => !counts.has(n)).length,
    storedMoreThanOnce: [...counts.values()].filter((count) => count > 1).length,
    unansweredStored: [...counts.keys()].filter((n) => !answeredSet.has(n)).length,
    exactlyOnce: false,
  };
  check.exactlyOnce =
    check.answeredWithoutView === 0 && check.storedMoreThanOnce === 0 && answered.length > 0;
  return check;
}

/** The collection bench: the server, the hello-world, the endpoint, the server stopped, the view check. */
export async function benchCollection(work: string): Promise<CollectionFigures> {
  const dataDir = path.join(work, 'data');
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const env = benchEnv(port, dataDir, {
    LOG_LEVEL: 'warn',
    AUTH_RATE_LIMIT: '1000000000',
    JOURNEY_RATE_LIMIT: '1000000000',
  });
  let server: Server | undefined = startServer(env, path.join(work, 'server.log'));
  let measured: Omit<CollectionFigures, 'views'>;
  let ledger: ViewLedger;
  try {
    await waitForAnswer(server, `${origin}/api/docs/json`, 300_000);
    ledger = new ViewLedger(await prepareSite(origin));
    const atStart = round(os.loadavg()[0] ?? 0, 2);
    const hello = await benchHello(work);
    const run = figures(
      await warmThenMeasure(
        { url: origin, connections: CONNECTIONS, requests: [ledger.request()] },
        WARMUP_S,
        DURATION_S,
      ),
      204,
    );
    measured = {
      helloRequestsPerSec: hello.requestsPerSec,
      hello,
      collect: {
        ...run,
        shareOfHello: share(run.requestsPerSec, hello.requestsPerSec),
        answered: ledger.answered.length,
      },
      loadAverage: { atStart, atEnd: round(os.loadavg()[0] ?? 0, 2) },
    };
    await stopServer(server);
    server = undefined;
  } finally {
    if (server) await stopServer(server).catch(() => null);
  }
  return { ...measured, views: await checkViews(dataDir, ledger.answered) };
}

export function collectionMet(f: CollectionFigures) {
  return {
    collect:
      f.collect.shareOfHello >= COLLECTION_TARGET.shareOfHello &&
      f.collect.p99Ms <= COLLECTION_TARGET.p99Ms &&
      f.collect.errors + f.collect.unexpected + f.collect.timeouts === 0,
    views: f.views.exactlyOnce,
  };
}

/** BENCH_PARTS: a comma list of parts (collection, recompute, screen) and databases (pglite, postgres). */
function selectedParts(value: string) {
  const words = value
    .split(',')
    .map((w) => w.trim())
    .filter(Boolean);
  const unknown = words.filter((w) => !['all', ...PARTS, ...DATABASES].includes(w));
  if (unknown.length > 0) throw new Error(`BENCH_PARTS: unknown ${unknown.join(', ')}`);
  const parts = words.filter((w) => (PARTS as readonly string[]).includes(w));
  const databases = words.filter((w) => (DATABASES as readonly string[]).includes(w));
  const has = (list: string[], all: readonly string[], w: string) =>
    list.length === 0 ? all.includes(w) : list.includes(w);
  return {
    collection: has(parts, PARTS, 'collection'),
    recompute: has(parts, PARTS, 'recompute'),
    screen: has(parts, PARTS, 'screen'),
    pglite: has(databases, DATABASES, 'pglite'),
    postgres: has(databases, DATABASES, 'postgres'),
  };
}
const PARTS = ['collection', 'recompute', 'screen'] as const;
const DATABASES = ['pglite', 'postgres'] as const;

function printCollection(result: CollectionFigures): void {
  const c = result.collect;
  console.log(`hello-world: ${result.helloRequestsPerSec} req/s, p99 ${result.hello.p99Ms} ms`);
  console.log(
    `collect: ${c.requestsPerSec} req/s = ${c.shareOfHello} of hello, p50 ${c.p50Ms} ms, p99 ${c.p99Ms} ms, ` +
      `${c.answered} answered (warm-up included), ${c.errors + c.unexpected + c.timeouts} errors`,
  );
  console.log(
    `page views: ${result.views.stored} stored; answered without a view ${result.views.answeredWithoutView}, ` +
      `stored more than once ${result.views.storedMoreThanOnce}; cut off but stored ${result.views.unansweredStored}`,
  );
  console.log(
    `load average ${result.loadAverage.atStart} at the start, ${result.loadAverage.atEnd} at the end`,
  );
}

async function main(): Promise<number> {
  const strict = process.argv.includes('--strict');
  const selected = selectedParts(process.env.BENCH_PARTS || 'all');
  const loadBefore = os.loadavg();
  console.log(`load average ${loadBefore.map((n) => n.toFixed(2)).join(' ')} on ${os.cpus().length} cores`);
  let collection: (CollectionFigures & { met: ReturnType<typeof collectionMet> }) | null = null;
  if (selected.collection) {
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'wb-bench-journey-'));
    try {
      const result = await benchCollection(work);
      printCollection(result);
      collection = { ...result, met: collectionMet(result) };
    } finally {
      fs.rmSync(work, { recursive: true, force: true });
    }
  }
  const contacts = Number(process.env.BENCH_CONTACTS || 1_000_000);
  const scale: ScaleOptions = {
    size: {
      contacts,
      accounts: Number(process.env.BENCH_ACCOUNTS || Math.max(10, Math.round(contacts / 50))),
      views: Number(process.env.BENCH_VIEWS || 10_000_000),
    },
    recompute: selected.recompute,
    screen: selected.screen,
    warmup: Number(process.env.BENCH_WARMUP || 3),
    requests: Number(process.env.BENCH_REQUESTS || 20),
    slowRequests: Math.max(1, Number(process.env.BENCH_SLOW_REQUESTS || 3)),
    keptPostgres: process.env.BENCH_POSTGRES_DATABASE || '',
    keepPostgres: process.env.BENCH_KEEP_DATABASE === '1',
    pgliteDir: process.env.BENCH_PGLITE_DIR || '',
    log: (line) => console.log(line),
  };
  const scaled = selected.recompute || selected.screen;
  const adminUrl =
    process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
  const onlyPostgres = selected.postgres && !selected.pglite;
  if (scaled && onlyPostgres && !adminUrl) throw new Error('BENCH_PARTS=postgres needs BENCH_DATABASE_URL');
  const pglite = scaled && selected.pglite ? await scaleOnPglite(scale) : null;
  const postgres = scaled && selected.postgres && adminUrl ? await scaleOnPostgres(adminUrl, scale) : null;
  const met = {
    collection: collection ? collection.met.collect && collection.met.views : null,
    pglite: pglite?.pass ?? null,
    postgres: postgres?.pass ?? null,
  };
  console.log(
    `load average after ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
  );
  console.log(
    JSON.stringify({
      bench: 'journey',
      collection,
      size: scaled ? scale.size : null,
      pglite,
      postgres,
      target: { collection: COLLECTION_TARGET, ...JOURNEY_SCALE_TARGET },
      met,
      loadAverageBefore: loadBefore,
      loadAverage: os.loadavg(),
    }),
  );
  return strict && Object.values(met).some((m) => m === false) ? 1 : 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  runBench('journey bench', main);
}
