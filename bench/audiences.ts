/**
 * `npm run bench:audiences`: the people listings, totals and delete-all of an organisation with 1,000,000
 * contacts in 20,000 accounts.
 *
 * 1. Creates, migrates and seeds a PGlite database in a new temporary DATA_DIR, then adds 20,000 accounts and
 *    1,000,000 contacts to the demo organisation (one INSERT ... SELECT generate_series each: names from the
 *    demo vocabulary, every personality type with a fifth unprofiled, every status, buyer stage and
 *    industry), and runs VACUUM ANALYZE (what autovacuum does after a bulk load on PostgreSQL).
 *    With BENCH_DATABASE_URL (or TEST_DATABASE_URL) set, the same runs on that PostgreSQL database too.
 * 2. Starts the real server on it (the bundled server, its own process group, LOG_REQUESTS=true: Fastify
 *    logs each request's responseTime, the time spent in the server) and signs in as the demo user.
 * 3. For each scenario drives the call with one connection (the cost of one request, not queueing),
 *    BENCH_WARMUP (default 10) requests not counted, then BENCH_REQUESTS (default 60), and reads the server
 *    times from the log:
 *    - people_listing/ for each tab (all, profiled, unprofiled), first page of 10 sorted by name: alone,
 *      with a search word, with two filters. Target p95 <= 50 ms;
 *    - people_tab_counts/ and people_filter_counts/ with the same scopes. Target p95 <= 150 ms.
 * 4. Delete-all: delete_contacts/ with select_all over a filter matching 100,000 contacts and 10 excluded
 *    ids, timed once (the client's wall time). Target <= 5 s; then checks the 10 are still there and the
 *    others gone.
 *
 * Prints figures, then one JSON object as the last line. Exit 0 when it ran (--strict: 1 when a target
 * was missed), 1 when it could not run. Every process it starts is stopped, failure included.
 */

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Kysely, sql } from 'kysely';
import { prepareDatabase } from '../server/db/prepareDatabase.ts';
import type { Database } from '../server/db/schema.ts';
import { DEMO_LOGIN } from '../server/seed/demoAccounts.ts';
import { DEMO_IDS } from '../server/seed/demoIds.ts';
import { DEMO_VOCABULARY } from '../server/seed/demoVocabulary.ts';
import {
  benchEnv,
  freePort,
  percentile,
  ROOT,
  runAutocannon,
  runBench,
  type Server,
  signInSession,
  startServer,
  stopServer,
  waitForAnswer,
} from './benchServer.ts';

const CONTACTS = Number(process.env.BENCH_CONTACTS || 1_000_000);
const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS || 20_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS || 60);
const WARMUP = Number(process.env.BENCH_WARMUP || 10);
const DELETE_ALL = 100_000;
const TARGET = { listingP95Ms: 50, countsP95Ms: 150, deleteAllMs: 5000 };
const START_TIMEOUT_MS = 300_000;
const A = '/api/audience/';
const round = (value: number) => Math.round(value * 10) / 10;

/** Ten industries: each holds a tenth of the generated contacts (DELETE_ALL of a million). */
const INDUSTRIES = [
  'Software',
  'Healthcare',
  'Manufacturing',
  'Financial Services',
  'Retail',
  'Energy',
  'Media',
  'Transportation',
  'Insurance',
  'Education',
];

/** The generated accounts and contacts (ids after everything seeded). */
async function generate(db: Kysely<Database>): Promise<void> {
  const v = DEMO_VOCABULARY;
  const orgId = DEMO_IDS.mainOrgId;
  await sql`
    insert into accounts (org_id, name, website, industry, revenue)
    select ${orgId}, 'Company ' || g, 'https://company' || g || '.test',
      (${INDUSTRIES}::text[])[1 + g % 10],
      (array['$1M - $10M', '$10M - $50M', '$50M - $100M', '$100M - $500M', '$500M - $1B', '$1B+'])[1 + g % 6]
    from generate_series(1, ${ACCOUNTS}) as g`.execute(db);
  const first = await sql<{ id: number }>`
    select min(id) as id from accounts where org_id = ${orgId} and name = 'Company 1'`.execute(db);
  const firstAccount = Number(first.rows[0]?.id);
  await sql`
    insert into contacts (org_id, account_id, first_name, last_name, email, designation, industry,
      personality_type, personality, buyer_stage, status, engagement_score, created_at)
    select ${orgId}, ${firstAccount} + (g % ${ACCOUNTS}),
      n.firsts[1 + g % array_length(n.firsts, 1)],
      n.lasts[1 + (g / 7) % array_length(n.lasts, 1)],
      'person' || g || '@company' || (1 + g % ${ACCOUNTS}) || '.test',
      n.designations[1 + g % array_length(n.designations, 1)],
      (${INDUSTRIES}::text[])[1 + (g / 3) % 10],
      case when g % 5 = 0 then null else n.types[1 + g % 5] end,
      'N/A',
      n.stages[1 + g % array_length(n.stages, 1)],
      case when g % 17 = 3 then 'Hard Bounce' when g % 13 = 5 then 'Unsubscribed' else 'Subscribed' end,
      g % 100,
      now() - (g % 900) * interval '1 day'
    from generate_series(1, ${CONTACTS}) as g,
      (select ${[...v.firstNames]}::text[] as firsts, ${[...v.lastNames]}::text[] as lasts,
        ${[...v.designations]}::text[] as designations, ${[...v.personalityTypes]}::text[] as types,
        ${[...v.buyerStages]}::text[] as stages) as n`.execute(db);
  await sql`vacuum analyze contacts`.execute(db);
  await sql`vacuum analyze accounts`.execute(db);
}

/** The responseTime of every request logged after byte offset `from`. */
function serverTimesSince(logFile: string, from: number): number[] {
  const text = fs.readFileSync(logFile).subarray(from).toString('utf8');
  const times: number[] = [];
  for (const line of text.split('\n')) {
    if (!line.includes('"responseTime"')) continue;
    try {
      const entry = JSON.parse(line) as { responseTime?: number };
      if (typeof entry.responseTime === 'number') times.push(entry.responseTime);
    } catch {
      // not a JSON log line
    }
  }
  return times;
}

type Scenario = { name: string; path: string; query: Record<string, string>; targetMs: number };

const TWO_FILTERS = JSON.stringify({ status: ['Subscribed'], industry: ['Retail'] });

function scenarios(searchWord: string): Scenario[] {
  const list: Scenario[] = [];
  for (const tab of ['all', 'profiled', 'unprofiled']) {
    const page = { tab, limit: '10', offset: '0', sort_by: 'full_name', sort_type: 'ASC' };
    list.push({ name: `${tab}.byName`, path: 'people_listing/', query: page, targetMs: TARGET.listingP95Ms });
    list.push({
      name: `${tab}.search`,
      path: 'people_listing/',
      query: { ...page, search_word: searchWord },
      targetMs: TARGET.listingP95Ms,
    });
    list.push({
      name: `${tab}.twoFilters`,
      path: 'people_listing/',
      query: { ...page, filters: TWO_FILTERS },
      targetMs: TARGET.listingP95Ms,
    });
  }
  for (const [label, scope] of [
    ['', {}],
    ['.search', { search_word: searchWord }],
    ['.twoFilters', { filters: TWO_FILTERS }],
  ] as const) {
    list.push({
      name: `tabCounts${label}`,
      path: 'people_tab_counts/',
      query: scope,
      targetMs: TARGET.countsP95Ms,
    });
    list.push({
      name: `filterCounts${label}`,
      path: 'people_filter_counts/',
      query: scope,
      targetMs: TARGET.countsP95Ms,
    });
  }
  return list;
}

type Figures = { p50Ms: number; p95Ms: number; maxMs: number; total: number | null; met: boolean };

async function measure(
  origin: string,
  logFile: string,
  session: { cookie: string; csrf: string },
  scenario: Scenario,
): Promise<Figures> {
  const url = `${origin}${A}${scenario.path}?${new URLSearchParams(scenario.query).toString()}`;
  const headers = { cookie: session.cookie };
  const check = await fetch(url, { headers });
  const body = (await check.json()) as { success?: boolean; total_count?: number };
  if (check.status !== 200 || body.success !== true)
    throw new Error(`${scenario.name}: answered ${check.status}`);
  await runAutocannon({ url, connections: 1, amount: WARMUP, headers });
  const mark = fs.statSync(logFile).size;
  const result = await runAutocannon({ url, connections: 1, amount: REQUESTS, headers });
  await new Promise((resolve) => setTimeout(resolve, 200));
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${scenario.name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  const times = serverTimesSince(logFile, mark).sort((a, b) => a - b);
  if (times.length < REQUESTS) throw new Error(`${scenario.name}: ${times.length} log lines for ${REQUESTS}`);
  const p95Ms = round(percentile(times, 95));
  return {
    p50Ms: round(percentile(times, 50)),
    p95Ms,
    maxMs: round(times.at(-1) ?? Number.NaN),
    total: body.total_count ?? null,
    met: p95Ms <= scenario.targetMs,
  };
}

/** delete_contacts/ over a filter of DELETE_ALL contacts with 10 exclusions: the wall time of the call. */
async function deleteAll(
  origin: string,
  session: { cookie: string; csrf: string },
): Promise<{ ms: number; before: number; after: number; met: boolean }> {
  const filters = JSON.stringify({ industry: ['Energy'] });
  const headers = { cookie: session.cookie };
  const total = async () => {
    const answer = (await (
      await fetch(`${origin}${A}people_tab_counts/?${new URLSearchParams({ filters })}`, { headers })
    ).json()) as { data: { all: number } };
    return answer.data.all;
  };
  const page = (await (
    await fetch(`${origin}${A}people_listing/?${new URLSearchParams({ filters, limit: '10' })}`, { headers })
  ).json()) as { data: { contact_id: number }[] };
  const excluded = page.data.map((row) => row.contact_id);
  const before = await total();
  const started = performance.now();
  const response = await fetch(`${origin}${A}delete_contacts/`, {
    method: 'POST',
    headers: { ...headers, 'x-csrftoken': session.csrf, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      select_all: '1',
      excluded_ids: excluded.join(','),
      filters,
      tab: 'all',
    }).toString(),
  });
  const ms = Math.round(performance.now() - started);
  if (response.status !== 200)
    throw new Error(`delete_contacts/ answered ${response.status}: ${await response.text()}`);
  const after = await total();
  return {
    ms,
    before,
    after,
    met:
      ms <= TARGET.deleteAllMs && after === excluded.length && excluded.length === 10 && before >= DELETE_ALL,
  };
}

async function main(): Promise<number> {
  const strict = process.argv.includes('--strict');
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'wb-bench-audiences-'));
  const dataDir = path.join(work, 'data');
  let server: Server | undefined;
  try {
    console.log(
      `bench:audiences on ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown cpu'}), node ${process.version}`,
    );
    const loadAtStart = round(os.loadavg()[0] ?? 0);
    let started = performance.now();
    const prepared = await prepareDatabase({ dataDir });
    await generate(prepared.database.db);
    const count = await sql<{ n: string | number }>`
      select count(*) as n from contacts where org_id = ${DEMO_IDS.mainOrgId}`.execute(prepared.database.db);
    const contacts = Number(count.rows[0]?.n);
    console.log(
      `generated: ${contacts} contacts, ${ACCOUNTS} more accounts in ${Math.round(performance.now() - started)} ms`,
    );
    await prepared.database.close();

    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const logFile = path.join(work, 'server.log');
    const env = benchEnv(port, dataDir, {
      DIST_DIR: process.env.DIST_DIR || path.join(ROOT, 'node_modules', '.cache', 'bench-audiences-dist'),
      LOG_REQUESTS: 'true',
      LOG_LEVEL: 'info',
    });
    started = performance.now();
    server = startServer(env, logFile);
    await waitForAnswer(server, `${origin}/api/docs/json`, START_TIMEOUT_MS);
    console.log(`server started (PID ${server.child.pid}) in ${Math.round(performance.now() - started)} ms`);
    const session = await signInSession(origin, DEMO_LOGIN);

    const figures: Record<string, Figures> = {};
    for (const scenario of scenarios('mar')) {
      const f = await measure(origin, logFile, session, scenario);
      figures[scenario.name] = f;
      console.log(
        `  ${scenario.name.padEnd(24)} total ${String(f.total ?? '-').padStart(8)}  p50 ${f.p50Ms} ms, p95 ${f.p95Ms} ms, max ${f.maxMs} ms (target p95 <= ${scenario.targetMs}) ${f.met ? 'ok' : 'MISSED'}`,
      );
    }
    const removal = await deleteAll(origin, session);
    console.log(
      `  deleteAll: ${removal.before - removal.after} of ${removal.before} deleted (${removal.after} excluded kept) in ${removal.ms} ms (target <= ${TARGET.deleteAllMs}) ${removal.met ? 'ok' : 'MISSED'}`,
    );
    const pass = Object.values(figures).every((f) => f.met) && removal.met;
    console.log(
      JSON.stringify({
        bench: 'audiences',
        contacts,
        requestsPerScenario: REQUESTS,
        measured: 'server time in ms (Fastify responseTime, from the request log), 1 connection',
        people: figures,
        deleteAll: removal,
        loadAverage: { atStart: loadAtStart, atEnd: round(os.loadavg()[0] ?? 0) },
        target: TARGET,
        pass,
      }),
    );
    return strict && !pass ? 1 : 0;
  } finally {
    if (server) await stopServer(server).catch(() => undefined);
    fs.rmSync(work, { recursive: true, force: true });
  }
}

runBench('bench:audiences', main);
