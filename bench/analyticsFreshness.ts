/**
 * How soon a tracked event shows in the dashboard, on the real server: delivered sends of bench emails
 * are written beforehand (insertFreshSends); then the server (`node --import tsx server/start.ts`, which
 * runs it in its own process group; stopped in every case) starts on the same data, and for each send its
 * open pixel is asked for and the dashboard (the default quarter) asked again every POLL_MS until its
 * total opens count that open. The figure is the time from the pixel's answer to that dashboard answer.
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import type { DatabaseHandle } from '../server/db/openDatabase.ts';
import { DEMO_LOGIN } from '../server/seed/demoAccounts.ts';
import type { AnalyticsBenchWorld } from './analyticsData.ts';
import {
  benchEnv,
  freePort,
  ROOT,
  round,
  type Server,
  signInSession,
  sleep,
  startServer,
  stopServer,
  waitForAnswer,
} from './benchServer.ts';

const POLL_MS = 50;

export type FreshnessFigure = { opensMs: number[]; maxMs: number; targetMs: number; pass: boolean };

/** `count` delivered sends of the newest bench email to its first contacts; their tracking tokens. */
export async function insertFreshSends(
  database: DatabaseHandle,
  world: AnalyticsBenchWorld,
  count: number,
): Promise<string[]> {
  const emailId = world.emailIds.at(-1) as number;
  const email = await database.db
    .selectFrom('emails')
    .select(['campaign_id', 'subject'])
    .where('id', '=', emailId)
    .executeTakeFirstOrThrow();
  const tokens = Array.from({ length: count }, () => randomBytes(16).toString('base64url'));
  await database.db
    .insertInto('email_send')
    .values(
      tokens.map((token, i) => ({
        token,
        org_id: world.orgId,
        contact_id: world.firstContactId + i,
        email_id: emailId,
        campaign_id: email.campaign_id,
        workflow_id: null,
        node_id: null,
        dedupe_key: `analytics-bench-${token}`,
        preference_uuid: null,
        to_address: `fresh${i}@analytics-bench.test`,
        from_address: 'news@analytics-bench.test',
        from_name: 'Bench',
        subject: email.subject ?? 'Bench',
        html: '<p>Bench</p>',
        links: '[]',
        status: 'delivered',
        message_id: `<${token}@analytics-bench.test>`,
        delivered_at: new Date(),
        last_error: null,
      })),
    )
    .execute();
  return tokens;
}

export async function measureFreshness(
  kind: string,
  connection: { dataDir: string; databaseUrl?: string },
  tokens: readonly string[],
  targetMs: number,
): Promise<FreshnessFigure> {
  const port = await freePort();
  const logFile = path.join(os.tmpdir(), `bench-analytics-${kind}-${process.pid}.log`);
  const env = benchEnv(port, connection.dataDir, {
    LOG_LEVEL: 'warn',
    AUTH_RATE_LIMIT: '10000',
    SKIP_CLIENT_BUILD: 'true',
    DIST_DIR: path.join(ROOT, '.dist', 'bench-analytics'),
  });
  if (connection.databaseUrl) env.DATABASE_URL = connection.databaseUrl;
  let server: Server | undefined;
  try {
    server = startServer(env, logFile);
    const origin = `http://127.0.0.1:${port}`;
    await waitForAnswer(server, `${origin}/api/docs/json`, 300_000);
    const session = await signInSession(origin, DEMO_LOGIN);
    const opens = async () => {
      const response = await fetch(`${origin}/api/analytics/analytics_dashboard/`, {
        method: 'POST',
        headers: {
          cookie: session.cookie,
          'x-csrftoken': session.csrf,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: '',
      });
      const text = await response.text();
      if (response.status !== 200)
        throw new Error(`dashboard answered ${response.status}: ${text.slice(0, 200)}`);
      return (JSON.parse(text) as { data: { stats: { opens: number } } }).data.stats.opens;
    };
    const times: number[] = [];
    for (const token of tokens) {
      const before = await opens();
      const pixel = await fetch(`${origin}/t/o/${token}.gif`, {
        headers: { 'user-agent': 'analyticsBench/1.0' },
      });
      await pixel.arrayBuffer();
      const answered = performance.now();
      const deadline = answered + targetMs * 4;
      let seen = false;
      while (performance.now() < deadline) {
        if ((await opens()) > before) {
          seen = true;
          break;
        }
        await sleep(POLL_MS);
      }
      if (!seen) throw new Error(`an open did not show in the dashboard within ${(targetMs * 4) / 1000} s`);
      times.push(round(performance.now() - answered));
    }
    const maxMs = Math.max(...times);
    return { opensMs: times, maxMs, targetMs, pass: maxMs <= targetMs };
  } finally {
    if (server) await stopServer(server).catch((error: unknown) => console.error(String(error)));
  }
}
