/**
 * `npm run bench:content`: the content explorer, curation and the campaign list at scale.
 *
 * 1. On PGlite (a temporary data folder on disk, like `npm start`) and, when BENCH_DATABASE_URL or
 *    TEST_DATABASE_URL is set, on PostgreSQL (a throw-away database next to that one, dropped after):
 *    migrates and seeds the demo data, then adds BENCH_ARTICLES (default 500,000) articles to the global pool
 *    and BENCH_CAMPAIGNS (default 10,000) campaigns to the demo organisation (bench/contentData.ts), then
 *    VACUUM ANALYZE. BENCH_CONTENT_CACHE=<folder>: the filled PGlite folder is kept there and copied on the
 *    next run instead of filling again (filling takes minutes).
 * 2. Builds the app in this process and signs in as the demo user; every answer's server time is Fastify's
 *    reply.elapsedTime. BENCH_WARMUP (default 5) requests not counted, then BENCH_REQUESTS (default 40):
 *    - search: the first page of /content/search for a rotation of searches (common words, a rare word, two
 *      words, a phrase); target p95 <= 100 ms;
 *    - curate: curated_articles/ of one new article into a draft edition of a bench campaign; p95 <= 30 ms;
 *    - campaigns: get_campaigns/'s first page with a search; p95 <= 30 ms.
 * 3. PGlite only: the real server (`node --import tsx server/start.ts`, its own process group) on the same
 *    data, the client built when stale; in Chromium, signed in, from navigation to /content/search?q=…
 *    until 20 result cards are on screen, 5 fresh loads; target <= 800 ms (the median).
 * BENCH_KEEP_DATABASE=1 keeps the filled PostgreSQL database (its name is printed) for EXPLAIN;
 * BENCH_POSTGRES_DATABASE=<that name> measures it again without filling (nor dropping) it.
 * BENCH_PARTS: all (default), api (no Chromium), postgres (PostgreSQL only: no PGlite, no Chromium).
 *
 * Prints the load average and the figures, then one JSON object as the last line. Exit code 0 when the
 * bench ran (--strict: 1 when a target is missed), 1 when it could not run.
 */
import fs from 'node:fs';
import { register } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { type Browser, chromium } from 'playwright';
import { loadConfig } from '../server/config.ts';
import type { DatabaseHandle } from '../server/db/openDatabase.ts';
import { prepareDatabase } from '../server/db/prepareDatabase.ts';
import { DEMO_LOGIN } from '../server/seed/demoAccounts.ts';
import { DEMO_IDS } from '../server/seed/demoIds.ts';
import { throwAwayDatabase } from '../tests/helpers/throwAwayDatabase.ts';
import {
  benchEnv,
  CHROMIUM_LAUNCH,
  freePort,
  percentile,
  ROOT,
  round,
  runBench,
  type Server,
  startServer,
  stopServer,
  waitForAnswer,
} from './benchServer.ts';
import { fillContent } from './contentData.ts';

// The app imports the public pages' renderer, whose styles Vite bundles for the built server; here they
// are empty modules (the bench measures the API only). app.ts is imported after this hook is in place.
register(
  'data:text/javascript,export async function load(url, context, next) { if (url.endsWith(".css")) return { format: "module", source: "", shortCircuit: true }; return next(url, context); }',
);

const ARTICLES = Number(process.env.BENCH_ARTICLES || 500_000);
const CAMPAIGNS = Number(process.env.BENCH_CAMPAIGNS || 10_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS || 40);
const WARMUP = Number(process.env.BENCH_WARMUP || 5);
const CACHE = process.env.BENCH_CONTENT_CACHE || '';
const TARGET = { searchP95Ms: 100, curateP95Ms: 30, campaignsP95Ms: 30, explorerMs: 800 };
const SEARCHES = ['pricing', 'customers', 'quarterly', 'advertisers', 'pricing retail', '"supply chain"'];
const CAMPAIGN_SEARCHES = ['launch', 'renewal 12', 'digest', 'zzz-none'];

type Figure = { p50Ms: number; p95Ms: number; targetMs: number; pass: boolean };

function figure(times: number[], target: number): Figure {
  const sorted = [...times].sort((a, b) => a - b);
  const p95 = round(percentile(sorted, 95));
  return { p50Ms: round(percentile(sorted, 50)), p95Ms: p95, targetMs: target, pass: p95 <= target };
}

async function fill(database: DatabaseHandle): Promise<number> {
  const user = await database.db
    .selectFrom('users')
    .select('id')
    .where('org_id', '=', DEMO_IDS.mainOrgId)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  return fillContent(database, {
    articles: ARTICLES,
    campaigns: CAMPAIGNS,
    orgId: DEMO_IDS.mainOrgId,
    userId: user.id,
  });
}

async function measure(app: FastifyInstance, database: DatabaseHandle, times: number[]) {
  const login = await app.inject({ method: 'POST', url: '/api/auth/login/', payload: DEMO_LOGIN });
  const cookie = String(login.headers['set-cookie'] ?? '').split(';')[0] ?? '';
  if (!cookie.startsWith('wb_session=')) throw new Error(`sign-in failed: ${login.statusCode}`);
  const csrf = String(login.json().csrf_token ?? '');
  // Warm-up: every request kind of the rotation at least once (a cold page cache is not what is measured).
  const run = async (count: number, request: (i: number) => Promise<void>) => {
    for (let i = 0; i < Math.max(WARMUP, SEARCHES.length); i += 1) await request(i);
    times.length = 0;
    for (let i = 0; i < count; i += 1) await request(i);
    return [...times];
  };
  const get = async (url: string) => {
    const response = await app.inject({ url, headers: { cookie } });
    if (response.statusCode !== 200)
      throw new Error(`${url}: ${response.statusCode} ${response.body.slice(0, 200)}`);
    return response.json();
  };

  const searchTimes = await run(REQUESTS, async (i) => {
    const term = SEARCHES[i % SEARCHES.length] as string;
    const page = await get(`/api/user/articles/?tab=search&search=${encodeURIComponent(term)}&limit=20`);
    if (i === 0 && page.data.length !== 20) throw new Error(`search ${term}: ${page.data.length} results`);
  });
  // Per search (the rotation's i-th request was SEARCHES[i % n]): the slowest of each.
  const bySearch = Object.fromEntries(
    SEARCHES.map((term, k) => [
      term,
      round(Math.max(...searchTimes.filter((_, i) => i % SEARCHES.length === k))),
    ]),
  );
  console.log(`  search, slowest of each: ${JSON.stringify(bySearch)}`);

  const email = await sql<{ id: number }>`
    select e.id from emails e where e.org_id = ${DEMO_IDS.mainOrgId} and e.name like 'Bench campaign %'
    order by e.id limit 1`.execute(database.db);
  const emailId = email.rows[0]?.id;
  if (!emailId) throw new Error('no bench email');
  const articleIds = (
    await sql<{ id: number }>`
      select id from articles where org_id is null order by id desc limit ${REQUESTS + WARMUP + 10}`.execute(
      database.db,
    )
  ).rows.map((row) => row.id);
  let next = 0;
  const curateTimes = await run(REQUESTS, async () => {
    const articleId = articleIds[next++];
    const response = await app.inject({
      method: 'POST',
      url: '/api/campaign/curated_articles/',
      headers: { cookie, 'x-csrftoken': csrf, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `new_article_ids=${articleId}&email_id=${emailId}&user_tz=UTC`,
    });
    if (response.statusCode !== 200)
      throw new Error(`curate: ${response.statusCode} ${response.body.slice(0, 200)}`);
  });

  const campaignTimes = await run(REQUESTS, async (i) => {
    const term = CAMPAIGN_SEARCHES[i % CAMPAIGN_SEARCHES.length] as string;
    await get(`/api/campaign/get_campaigns/?limit=10&offset=0&search_campaign=${encodeURIComponent(term)}`);
  });
  const byCampaignSearch = Object.fromEntries(
    CAMPAIGN_SEARCHES.map((term, k) => [
      term,
      round(Math.max(...campaignTimes.filter((_, i) => i % CAMPAIGN_SEARCHES.length === k))),
    ]),
  );
  console.log(`  campaigns, slowest of each: ${JSON.stringify(byCampaignSearch)}`);

  return {
    search: figure(searchTimes, TARGET.searchP95Ms),
    curate: figure(curateTimes, TARGET.curateP95Ms),
    campaigns: figure(campaignTimes, TARGET.campaignsP95Ms),
  };
}

async function inApp(database: DatabaseHandle, config: ReturnType<typeof loadConfig>) {
  const { buildApp } = await import('../server/app.ts');
  const app = await buildApp({ config, database, logger: false });
  const times: number[] = [];
  app.addHook('onResponse', async (_request, reply) => {
    times.push(reply.elapsedTime);
  });
  await app.ready();
  try {
    return await measure(app, database, times);
  } finally {
    await app.close();
  }
}

function print(kind: string, figures: Record<string, Figure>) {
  for (const [name, f] of Object.entries(figures))
    console.log(`  ${kind} ${name.padEnd(10)} p50 ${f.p50Ms} ms  p95 ${f.p95Ms} ms  (target ${f.targetMs})`);
}

/** In Chromium: navigation to /content/search?search=… until 20 result cards are on screen. */
async function explorerFigure(dataDir: string) {
  const port = await freePort();
  const logFile = path.join(os.tmpdir(), `bench-content-server-${process.pid}.log`);
  let server: Server | undefined;
  let browser: Browser | undefined;
  try {
    // server/start.ts builds the client into DIST_DIR first when it is stale (not measured).
    const distDir = path.resolve(process.env.DIST_DIR || path.join(ROOT, '.dist', 'bench-content'));
    server = startServer(
      benchEnv(port, dataDir, { LOG_LEVEL: 'warn', AUTH_RATE_LIMIT: '10000', DIST_DIR: distDir }),
      logFile,
    );
    const origin = `http://127.0.0.1:${port}`;
    await waitForAnswer(server, `${origin}/`, 600_000);
    browser = await chromium.launch(CHROMIUM_LAUNCH);
    const loads: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      // Signed in through the form, as a person is (not measured).
      await page.goto(`${origin}/`);
      await page.getByLabel('Email').fill(DEMO_LOGIN.email);
      await page.getByLabel('Password', { exact: true }).fill(DEMO_LOGIN.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL('**/campaigns');
      const term = SEARCHES[i % SEARCHES.length] as string;
      const started = Date.now();
      await page.goto(`${origin}/content/search?q=${encodeURIComponent(term)}`);
      await page
        .getByRole('list', { name: 'Articles' })
        .getByRole('listitem')
        .nth(19)
        .waitFor({ state: 'visible', timeout: 30_000 })
        .catch(async (error: unknown) => {
          const shot = path.join(os.tmpdir(), 'bench-content-explorer.png');
          await page.screenshot({ path: shot });
          throw new Error(
            `no 20 results on ${page.url()} (screenshot ${shot}): ${String(error).split('\n')[0]}`,
          );
        });
      const took = Date.now() - started;
      if (i > 0) loads.push(took); // the first load fills the browser's and the server's caches
      await context.close();
    }
    const sorted = [...loads].sort((a, b) => a - b);
    const median = percentile(sorted, 50);
    return {
      loadsMs: loads,
      medianMs: median,
      targetMs: TARGET.explorerMs,
      pass: median <= TARGET.explorerMs,
    };
  } finally {
    await browser?.close().catch(() => undefined);
    if (server) await stopServer(server).catch((error) => console.error(String(error)));
  }
}

async function onPglite() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-content-'));
  try {
    let fillMs = 0;
    if (CACHE && fs.existsSync(path.join(CACHE, 'pglite'))) {
      fs.cpSync(CACHE, dataDir, { recursive: true });
      console.log(`pglite: copied the filled data from ${CACHE}`);
    }
    const { database } = await prepareDatabase({ dataDir });
    try {
      const filled = await sql<{ n: number }>`select count(*)::int as n from articles`.execute(database.db);
      if ((filled.rows[0]?.n ?? 0) < ARTICLES) {
        console.log(
          `pglite: filling ${ARTICLES.toLocaleString('en')} articles, ${CAMPAIGNS.toLocaleString('en')} campaigns…`,
        );
        fillMs = await fill(database);
        console.log(`pglite: filled in ${fillMs} ms`);
      }
      const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', DATA_DIR: dataDir });
      const figures = await inApp(database, config);
      print('pglite', figures);
      if (CACHE && fillMs > 0) {
        await database.close();
        fs.rmSync(CACHE, { recursive: true, force: true });
        fs.cpSync(dataDir, CACHE, { recursive: true });
      }
      return { fillMs, figures };
    } finally {
      await database.close().catch(() => undefined);
    }
  } finally {
    pgliteDir = dataDir; // the Chromium part runs the server on it; main removes it
  }
}

let pgliteDir = '';

async function onPostgres(adminUrl: string) {
  // BENCH_POSTGRES_DATABASE=<name>: a database a run kept (BENCH_KEEP_DATABASE=1), measured again unfilled.
  const kept = process.env.BENCH_POSTGRES_DATABASE;
  const scratch = kept
    ? {
        url: Object.assign(new URL(adminUrl), { pathname: `/${kept}` }).toString(),
        name: kept,
        drop: async () => {},
      }
    : await throwAwayDatabase('wb_bench_content', adminUrl);
  if (!scratch) throw new Error('no PostgreSQL');
  try {
    const { database } = await prepareDatabase({ databaseUrl: scratch.url, dataDir: 'memory://' });
    try {
      let fillMs = 0;
      if (!kept) {
        console.log(
          `postgres: filling ${ARTICLES.toLocaleString('en')} articles, ${CAMPAIGNS.toLocaleString('en')} campaigns…`,
        );
        fillMs = await fill(database);
        console.log(`postgres: filled in ${fillMs} ms`);
      } else console.log(`postgres: measuring the kept database ${kept}`);
      const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', DATABASE_URL: scratch.url });
      const figures = await inApp(database, config);
      print('postgres', figures);
      return { fillMs, figures };
    } finally {
      await database.close();
    }
  } finally {
    // BENCH_KEEP_DATABASE=1: the filled database stays (its name printed) for EXPLAIN; drop it by hand.
    if (kept || process.env.BENCH_KEEP_DATABASE === '1')
      console.log(`postgres: kept the database ${scratch.name}`);
    else await scratch.drop();
  }
}

async function main(): Promise<number> {
  const strict = process.argv.includes('--strict');
  console.log(
    `load average ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')} on ${os.cpus().length} cores`,
  );
  try {
    const parts = process.env.BENCH_PARTS || 'all';
    const pglite = parts === 'postgres' ? null : await onPglite();
    const explorer = parts === 'all' ? await explorerFigure(pgliteDir) : null;
    if (explorer)
      console.log(
        `  chromium explorer first 20 results: ${explorer.loadsMs.join(', ')} ms (median ${explorer.medianMs})`,
      );
    const adminUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
    const postgres = adminUrl ? await onPostgres(adminUrl) : null;
    const passes = [
      ...(pglite ? Object.values(pglite.figures).map((f) => f.pass) : []),
      ...(postgres ? Object.values(postgres.figures).map((f) => f.pass) : []),
      ...(explorer ? [explorer.pass] : []),
    ];
    const pass = passes.every(Boolean);
    console.log(
      `load average after ${os
        .loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')}`,
    );
    console.log(
      JSON.stringify({
        articles: ARTICLES,
        campaigns: CAMPAIGNS,
        pglite,
        postgres,
        explorer,
        loadAverage: os.loadavg(),
        pass,
      }),
    );
    return strict && !pass ? 1 : 0;
  } finally {
    if (pgliteDir) fs.rmSync(pgliteDir, { recursive: true, force: true });
  }
}

runBench('bench:content', main);
