/**
 * The tracking endpoints under load (the tracking half of `npm run bench:engine`; `npx tsx
 * bench/trackingBench.ts` runs it alone).
 *
 * An absolute figure does not carry from one machine to the next, so the endpoints are measured against a
 * yardstick in the same run: a bare Fastify hello-world (bench/helloServer.ts, a separate process) under the
 * same autocannon settings, on the same machine, in the same minute. The figures that count are each
 * endpoint's share of the hello-world's requests per second and its p99.
 *
 * Real tokens first: the real server (PGlite in a temporary folder, the workflow runtime on, the demo
 * mailbox transport) is started, and signed in as the demo user the mailbox's send form queues
 * design-ready emails to the organisation's contacts; once delivered, each send's HTML gives its pixel and
 * click URLs. Then autocannon on loopback, 50 connections, a warm-up and a measured run each:
 * - GET / of the hello-world;
 * - GET /t/o/<token>.gif, rotating over the tokens: each answer a GIF and a recorded "opened" event;
 * - GET /t/c/<token>/<index>, rotating over tokens and links: each a 302 and a recorded "clicked" event.
 * Every request carries its own number in its user agent ("trackingBench/1.0 #n"), and the bench notes the
 * number of every answered one. After the server has stopped (SIGTERM: it drains what it acknowledged), the
 * database is opened and every answered request must have left exactly one event (no more, no fewer);
 * a request sent but cut off by the end of a run may have left one or none.
 * Targets: shareOfHello >= 0.25 and p99 <= 20 ms for each endpoint, and the event check.
 *
 * BENCH_CPU_PROF_DIR=dir writes a CPU profile of the server process there (node --cpu-prof).
 * Prints figures and, last, one JSON object. Exit 0 when it ran (--strict: 1 when a target was missed).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type autocannon from 'autocannon';
import { ensureClientBuilt } from '../server/build/buildClient.ts';
import { ensureServerBuilt } from '../server/build/buildServer.ts';
import { openDatabase } from '../server/db/openDatabase.ts';
import { DEMO_LOGIN } from '../server/seed/demoAccounts.ts';
import {
  benchEnv,
  freePort,
  loadFigures,
  ROOT,
  round,
  runBench,
  type Server,
  signInSession,
  startNode,
  startServer,
  stopServer,
  waitForAnswer,
  warmThenMeasure,
} from './benchServer.ts';

export const TRACKING_TARGET = { shareOfHello: 0.25, p99Ms: 20 } as const;
/** The load every endpoint measured against the hello-world is put under (this bench's and bench:journey's). */
export const CONNECTIONS = 50;
export const DURATION_S = Number(process.env.BENCH_DURATION_S || 10);
export const WARMUP_S = Number(process.env.BENCH_WARMUP_S || 2);
const SENDS = Number(process.env.BENCH_TRACKING_SENDS || 100);
const USER_AGENT = 'trackingBench/1.0';

export type LoadFigures = {
  requestsPerSec: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  /** Answers of the expected status (200 for the pixel and the hello-world, 302 for the click). */
  expected: number;
  errors: number;
  timeouts: number;
  unexpected: number;
};

export type EndpointFigures = LoadFigures & {
  /** requestsPerSec / the hello-world's requestsPerSec in the same run. */
  shareOfHello: number;
  /** Requests answered with the expected status, the warm-up included: each must have left one event. */
  answered: number;
};

/** Every answered request left exactly one event (counted in the database after the server stopped). */
export type EventCheck = {
  opened: number;
  clicked: number;
  answeredWithoutEvent: number;
  answeredWithMoreThanOne: number;
  /** Events of requests whose answer was cut off by the end of a run (allowed: the server had them). */
  unansweredWithEvent: number;
  exactlyOnce: boolean;
};

export type TrackingFigures = {
  sends: number;
  helloRequestsPerSec: number;
  hello: LoadFigures;
  pixel: EndpointFigures;
  click: EndpointFigures;
  events: EventCheck;
  /** Load average (1 min) of the machine when the measurement started and ended. */
  loadAverage: { atStart: number; atEnd: number };
  /** The targets count with the runtime on only (WORKFLOW_RUNTIME=off measures the server without it). */
  workflowRuntime: 'on' | 'off';
};

type Tracked = { pixel: string; clicks: string[] };

async function call<T>(
  origin: string,
  cookie: string,
  csrf: string,
  pathname: string,
  form?: Record<string, string>,
) {
  const response = await fetch(`${origin}${pathname}`, {
    method: form ? 'POST' : 'GET',
    headers: {
      cookie,
      'x-csrftoken': csrf,
      ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
    },
    body: form ? new URLSearchParams(form).toString() : undefined,
  });
  const text = await response.text();
  if (response.status !== 200)
    throw new Error(`${pathname} answered ${response.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

/** Queues `count` demo sends through the mailbox form and returns their pixel and click paths. */
async function makeTokens(origin: string, count: number): Promise<Tracked[]> {
  const { cookie, csrf } = await signInSession(origin, DEMO_LOGIN);
  const options = await call<{
    emails: { email_id: number }[];
    contacts: { contact_id: number; status: string }[];
  }>(origin, cookie, csrf, '/api/user/mailbox/options/');
  const contacts = options.contacts.filter((c) => c.status === 'Subscribed');
  if (options.emails.length === 0 || contacts.length === 0) throw new Error('no email or contact to send');
  const ids: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const email = options.emails[i % options.emails.length];
    const contact = contacts[Math.floor(i / options.emails.length) % contacts.length];
    if (!email || !contact) continue;
    const sent = await call<{ send_id: number }>(origin, cookie, csrf, '/api/user/mailbox/send/', {
      email_id: String(email.email_id),
      contact_id: String(contact.contact_id),
      request_id: crypto.randomUUID(),
    });
    ids.push(sent.send_id);
  }
  const tracked: Tracked[] = [];
  for (const id of ids) {
    let html = '';
    for (let attempt = 0; attempt < 200; attempt += 1) {
      const shown = await call<{ data: { status: string; html: string } }>(
        origin,
        cookie,
        csrf,
        `/api/user/mailbox/${id}/`,
      );
      if (shown.data.status === 'delivered') {
        html = shown.data.html;
        break;
      }
      if (shown.data.status !== 'queued' && shown.data.status !== 'sending') break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const pixel = html.match(/src="[^"]*(\/t\/o\/[A-Za-z0-9_-]{22}\.gif)"/)?.[1];
    const clicks = [...html.matchAll(/href="[^"]*(\/t\/c\/[A-Za-z0-9_-]{22}\/\d+)"/g)].map(
      (m) => m[1] as string,
    );
    if (pixel && clicks.length > 0) tracked.push({ pixel, clicks });
  }
  if (tracked.length === 0) throw new Error('no delivered send to track');
  return tracked;
}

/** The figures of a run whose answers should all have `expectedStatus`. */
export function figures(result: autocannon.Result, expectedStatus: number): LoadFigures {
  const stats =
    (result as unknown as { statusCodeStats?: Record<string, { count: number }> }).statusCodeStats ?? {};
  const expected = stats[String(expectedStatus)]?.count ?? 0;
  const total = Object.values(stats).reduce((sum, s) => sum + s.count, 0);
  return { ...loadFigures(result), expected, timeouts: result.timeouts, unexpected: total - expected };
}

/** Numbers every request (in its user agent) and keeps the numbers of those answered with `status`. */
class RequestLedger {
  private next = 0;
  readonly answered: number[] = [];

  constructor(private readonly status: number) {}

  request(paths: readonly string[]): autocannon.Request {
    return {
      method: 'GET',
      setupRequest: (request: autocannon.Request, context: object) => {
        const n = this.next;
        this.next += 1;
        (context as { n?: number }).n = n;
        return {
          ...request,
          path: paths[n % paths.length] as string,
          headers: { ...request.headers, 'user-agent': `${USER_AGENT} #${n}` },
        };
      },
      onResponse: (status: number, _body: string, context: object) => {
        const n = (context as { n?: number }).n;
        if (status === this.status && n !== undefined) this.answered.push(n);
      },
    };
  }
}

/**
 * A warm-up (not counted in the figures) and a measured run of GET requests rotating over paths, with the
 * settings every target of this bench is measured with (50 connections, one request at a time each).
 */
async function load(origin: string, paths: readonly string[], ledger: RequestLedger) {
  return warmThenMeasure(
    { url: origin, connections: CONNECTIONS, requests: [ledger.request(paths)] },
    WARMUP_S,
    DURATION_S,
  );
}

/** The bare Fastify hello-world, in its own process, under the same load. */
export async function benchHello(work: string): Promise<LoadFigures> {
  const port = await freePort();
  const hello = startNode(
    ['--import', 'tsx', 'bench/helloServer.ts', String(port)],
    { ...process.env },
    path.join(work, 'hello.log'),
  );
  try {
    await waitForAnswer(hello, `http://127.0.0.1:${port}/`, 60_000);
    return figures(await load(`http://127.0.0.1:${port}`, ['/'], new RequestLedger(200)), 200);
  } finally {
    await stopServer(hello).catch(() => null);
  }
}

/**
 * The server benchTracking measures: PGlite in dataDir, the workflow runtime on (unless WORKFLOW_RUNTIME=off),
 * the demo mailbox transport (no SMTP_URL), sign-in and tracking rate limits above the load (or the limiter
 * is what is measured). With BENCH_CPU_PROF_DIR the server bundle runs under `node --cpu-prof` (the flag is
 * not allowed in NODE_OPTIONS) and writes its profile there when it stops.
 */
async function startTrackingServer(port: number, work: string): Promise<Server> {
  const env = benchEnv(
    port,
    path.join(work, 'data'),
    { LOG_LEVEL: 'warn', AUTH_RATE_LIMIT: '1000000000', TRACKING_RATE_LIMIT: '1000000000' },
    ['SMTP_URL'],
  );
  const logFile = path.join(work, 'server.log');
  const profileDir = process.env.BENCH_CPU_PROF_DIR;
  if (!profileDir) return startServer(env, logFile);
  const distDir = path.join(ROOT, 'dist');
  ensureClientBuilt(distDir);
  const entry = await ensureServerBuilt(path.join(distDir, 'server'));
  const profile = `--cpu-prof-dir=${path.resolve(profileDir)}`;
  return startNode(['--cpu-prof', profile, '--enable-source-maps', entry], env, logFile);
}

/** Counts the bench's events per request number and compares them with the answered requests. */
async function checkEvents(
  dataDir: string,
  answered: { opened: readonly number[]; clicked: readonly number[] },
): Promise<EventCheck> {
  const database = await openDatabase({ dataDir });
  let rows: { kind: string; user_agent: string | null; n: string | number }[];
  try {
    rows = await database.db
      .selectFrom('email_event')
      .select(['kind', 'user_agent', (eb) => eb.fn.countAll<string | number>().as('n')])
      .where('user_agent', 'like', `${USER_AGENT} #%`)
      .groupBy(['kind', 'user_agent'])
      .execute();
  } finally {
    await database.close();
  }
  const check: EventCheck = {
    opened: 0,
    clicked: 0,
    answeredWithoutEvent: 0,
    answeredWithMoreThanOne: 0,
    unansweredWithEvent: 0,
    exactlyOnce: false,
  };
  for (const kind of ['opened', 'clicked'] as const) {
    const counts = new Map<number, number>();
    for (const row of rows) {
      if (row.kind !== kind) continue;
      counts.set(Number(row.user_agent?.slice(USER_AGENT.length + 2)), Number(row.n));
      check[kind] += Number(row.n);
    }
    const answeredSet = new Set(answered[kind]);
    for (const n of answeredSet) {
      const count = counts.get(n) ?? 0;
      if (count === 0) check.answeredWithoutEvent += 1;
      if (count > 1) check.answeredWithMoreThanOne += 1;
    }
    for (const [n, count] of counts) {
      if (answeredSet.has(n)) continue;
      check.unansweredWithEvent += 1;
      if (count > 1) check.answeredWithMoreThanOne += 1;
    }
  }
  check.exactlyOnce =
    check.answeredWithoutEvent === 0 &&
    check.answeredWithMoreThanOne === 0 &&
    answered.opened.length + answered.clicked.length > 0;
  return check;
}

export const share = (requestsPerSec: number, hello: number) =>
  hello > 0 ? round(requestsPerSec / hello, 3) : 0;

/**
 * The whole tracking bench: the real server started in `work`, real tokens, the hello-world, the pixel and
 * the click, the server stopped, then the event check on its database. Every process it starts is stopped,
 * also when something fails.
 */
export async function benchTracking(work: string): Promise<TrackingFigures> {
  const dataDir = path.join(work, 'data');
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  let server: Server | undefined = await startTrackingServer(port, work);
  let measured: Omit<TrackingFigures, 'events'>;
  const pixelLedger = new RequestLedger(200);
  const clickLedger = new RequestLedger(302);
  try {
    await waitForAnswer(server, `${origin}/api/docs/json`, 300_000);
    const tracked = await makeTokens(origin, SENDS);
    const atStart = round(os.loadavg()[0] ?? 0, 2);
    const hello = await benchHello(work);
    const pixelRun = figures(
      await load(
        origin,
        tracked.map((t) => t.pixel),
        pixelLedger,
      ),
      200,
    );
    const clickRun = figures(
      await load(
        origin,
        tracked.flatMap((t) => t.clicks),
        clickLedger,
      ),
      302,
    );
    const atEnd = round(os.loadavg()[0] ?? 0, 2);
    measured = {
      sends: tracked.length,
      helloRequestsPerSec: hello.requestsPerSec,
      hello,
      pixel: {
        ...pixelRun,
        shareOfHello: share(pixelRun.requestsPerSec, hello.requestsPerSec),
        answered: pixelLedger.answered.length,
      },
      click: {
        ...clickRun,
        shareOfHello: share(clickRun.requestsPerSec, hello.requestsPerSec),
        answered: clickLedger.answered.length,
      },
      loadAverage: { atStart, atEnd },
      workflowRuntime: process.env.WORKFLOW_RUNTIME === 'off' ? 'off' : 'on',
    };
    await stopServer(server);
    server = undefined;
  } finally {
    if (server) await stopServer(server).catch(() => null);
  }
  // Read after the server stopped: what it acknowledged must be in the database.
  const events = await checkEvents(dataDir, { opened: pixelLedger.answered, clicked: clickLedger.answered });
  return { ...measured, events };
}

/** Whether each target held: share of the hello-world, p99, no error, and exactly one event per answer. */
export function trackingMet(figures: TrackingFigures) {
  const endpoint = (f: EndpointFigures) =>
    figures.workflowRuntime === 'on' &&
    f.shareOfHello >= TRACKING_TARGET.shareOfHello &&
    f.p99Ms <= TRACKING_TARGET.p99Ms &&
    f.errors + f.unexpected + f.timeouts === 0;
  return {
    pixel: endpoint(figures.pixel),
    click: endpoint(figures.click),
    events: figures.events.exactlyOnce,
  };
}

/** One line per figure, for the console. */
export function trackingSummary(f: TrackingFigures): string {
  const line = (name: string, e: EndpointFigures) =>
    `${name}: ${e.requestsPerSec} req/s = ${e.shareOfHello} of hello, p50 ${e.p50Ms} ms, p99 ${e.p99Ms} ms, ` +
    `${e.answered} answered (warm-up included), ${e.errors + e.unexpected + e.timeouts} errors`;
  return [
    `hello-world: ${f.helloRequestsPerSec} req/s, p99 ${f.hello.p99Ms} ms`,
    line('pixel', f.pixel),
    line('click', f.click),
    `events: opened ${f.events.opened}, clicked ${f.events.clicked}; answered without an event ` +
      `${f.events.answeredWithoutEvent}, with more than one ${f.events.answeredWithMoreThanOne}; ` +
      `cut off by the end of a run but recorded ${f.events.unansweredWithEvent}`,
    `load average ${f.loadAverage.atStart} at the start, ${f.loadAverage.atEnd} at the end ` +
      `(targets: share >= ${TRACKING_TARGET.shareOfHello}, p99 <= ${TRACKING_TARGET.p99Ms} ms)`,
  ].join('\n');
}

async function main(): Promise<number> {
  const strict = process.argv.includes('--strict');
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'wb-bench-tracking-'));
  try {
    const result = await benchTracking(work);
    const met = trackingMet(result);
    console.log(trackingSummary(result));
    console.log(JSON.stringify({ bench: 'tracking', tracking: result, target: TRACKING_TARGET, met }));
    return strict && !(met.pixel && met.click && met.events) ? 1 : 0;
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  runBench('tracking bench', main);
}
