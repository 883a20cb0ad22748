/**
 * The tracking endpoints under load (issue 7's benchmark, the tracking half; bench/engine.ts calls
 * benchTracking against its own server, and `npx tsx bench/trackingBench.ts` runs it alone).
 *
 * Real tokens first: signed in as the demo user, the demo mailbox's send form queues design-ready emails
 * to the organisation's contacts; once delivered (the demo mailbox transport), each send's HTML gives its
 * pixel and click URLs. Then autocannon on loopback, 50 connections, a warm-up and a measured run each:
 * - GET /t/o/<token>.gif, rotating over the tokens: each answer a GIF and a recorded "opened" event;
 * - GET /t/c/<token>/<index>, rotating over tokens and links: each a 302 and a recorded "clicked" event.
 * Targets: >= 5,000 requests/s and p99 <= 20 ms each. The server must be started with a tracking rate
 * limit above the load (TRACKING_RATE_LIMIT=1000000000), or the limiter is what is measured.
 *
 * Run alone, it starts the real server (PGlite in a temporary folder), measures, stops it, then opens the
 * database and checks that every answered request left exactly one event. Prints figures and, last, one
 * JSON object. Exit 0 when it ran (--strict: 1 when a target was missed).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type autocannon from 'autocannon';
import { openDatabase } from '../server/db/openDatabase.ts';
import { DEMO_LOGIN } from '../server/seed/demoAccounts.ts';
import {
  benchEnv,
  freePort,
  loadFigures,
  type Server,
  signInSession,
  startServer,
  stopServer,
  waitForAnswer,
  warmThenMeasure,
} from './benchServer.ts';

export const TRACKING_TARGET = { requestsPerSec: 5000, p99Ms: 20 } as const;
const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_DURATION_S || 10);
const WARMUP_S = Number(process.env.BENCH_WARMUP_S || 2);
const SENDS = Number(process.env.BENCH_TRACKING_SENDS || 100);

export type LoadFigures = {
  requestsPerSec: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  /** Answers of the expected status (200 for the pixel, 302 for the click). */
  expected: number;
  errors: number;
  timeouts: number;
  unexpected: number;
};

export type TrackingFigures = { sends: number; pixel: LoadFigures; click: LoadFigures };

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

function figures(result: autocannon.Result, expectedStatus: string): LoadFigures {
  const stats =
    (result as unknown as { statusCodeStats?: Record<string, { count: number }> }).statusCodeStats ?? {};
  const expected = stats[expectedStatus]?.count ?? 0;
  const total = Object.values(stats).reduce((sum, s) => sum + s.count, 0);
  return { ...loadFigures(result), expected, timeouts: result.timeouts, unexpected: total - expected };
}

/** A warm-up and a measured run of GET requests rotating over paths. */
async function load(origin: string, paths: readonly string[]) {
  let next = 0;
  return warmThenMeasure(
    {
      url: origin,
      connections: CONNECTIONS,
      headers: { 'user-agent': 'trackingBench/1.0' },
      requests: [
        {
          method: 'GET',
          setupRequest: (request: autocannon.Request) => {
            const pathname = paths[next % paths.length] as string;
            next += 1;
            return { ...request, path: pathname };
          },
        },
      ],
    },
    WARMUP_S,
    DURATION_S,
  );
}

/**
 * The environment of a server benchTracking measures: PGlite in dataDir, the demo mailbox transport (no
 * SMTP_URL), sign-in and tracking rate limits above the load.
 */
export function trackingServerEnv(port: number, dataDir: string): NodeJS.ProcessEnv {
  return benchEnv(
    port,
    dataDir,
    { LOG_LEVEL: 'warn', AUTH_RATE_LIMIT: '1000000000', TRACKING_RATE_LIMIT: '1000000000' },
    ['SMTP_URL'],
  );
}

/** The open pixel and the click endpoint of the server at baseUrl under autocannon (50 connections). */
export async function benchTracking(baseUrl: string): Promise<TrackingFigures> {
  const origin = baseUrl.replace(/\/+$/, '');
  const tracked = await makeTokens(origin, SENDS);
  const pixels = tracked.map((t) => t.pixel);
  const clicks = tracked.flatMap((t) => t.clicks);
  const pixel = figures(await load(origin, pixels), '200');
  const click = figures(await load(origin, clicks), '302');
  return { sends: tracked.length, pixel, click };
}

async function main(): Promise<void> {
  const strict = process.argv.includes('--strict');
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'wb-bench-tracking-'));
  const dataDir = path.join(work, 'data');
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const env = trackingServerEnv(port, dataDir);
  let server: Server | undefined = startServer(env, path.join(work, 'server.log'));
  try {
    await waitForAnswer(server, `${origin}/api/docs/json`, 300_000);
    const result = await benchTracking(origin);
    await stopServer(server);
    server = undefined;
    // Every answered request left its event (warm-up runs included), durably: read after the server stopped.
    const database = await openDatabase({ dataDir });
    const counts = await database.db
      .selectFrom('email_event')
      .select(['kind', (eb) => eb.fn.countAll<string | number>().as('n')])
      .where('user_agent', '=', 'trackingBench/1.0')
      .groupBy('kind')
      .execute();
    await database.close();
    const count = (kind: string) => Number(counts.find((c) => c.kind === kind)?.n ?? 0);
    const met =
      result.pixel.requestsPerSec >= TRACKING_TARGET.requestsPerSec &&
      result.pixel.p99Ms <= TRACKING_TARGET.p99Ms &&
      result.click.requestsPerSec >= TRACKING_TARGET.requestsPerSec &&
      result.click.p99Ms <= TRACKING_TARGET.p99Ms &&
      result.pixel.unexpected + result.click.unexpected + result.pixel.errors + result.click.errors === 0;
    console.log(
      `pixel: ${result.pixel.requestsPerSec} req/s, p99 ${result.pixel.p99Ms} ms; ` +
        `click: ${result.click.requestsPerSec} req/s, p99 ${result.click.p99Ms} ms ` +
        `(target >= ${TRACKING_TARGET.requestsPerSec} req/s, p99 <= ${TRACKING_TARGET.p99Ms} ms)`,
    );
    console.log(`events recorded: opened ${count('opened')}, clicked ${count('clicked')}`);
    console.log(
      JSON.stringify({
        bench: 'tracking',
        ...result,
        events: { opened: count('opened'), clicked: count('clicked') },
        target: TRACKING_TARGET,
        met,
      }),
    );
    if (strict && !met) process.exitCode = 1;
  } finally {
    if (server) await stopServer(server).catch(() => null);
    fs.rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
