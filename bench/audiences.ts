/**
 * `npm run bench:audiences`: the people listing of an organisation with 1,000,000 contacts in 20,000 accounts.
 *
 * 1. On PGlite (a new temporary data folder on disk, like `npm start`) and, when BENCH_DATABASE_URL or
 *    TEST_DATABASE_URL is set, on PostgreSQL (a throw-away database made next to that one and dropped
 *    after): migrates and seeds the demo data, then adds 20,000 accounts and 1,000,000 contacts to the
 *    demo organisation with one generate_series INSERT per table (every personality type, a quarter
 *    unprofiled, every status and buyer stage; the trigram indexes built after the rows), then VACUUM
 *    ANALYZE.
 * 2. Builds the app in this process (no server process is started) and signs in as the demo user; every
 *    answer's server time is Fastify's reply.elapsedTime (from the request's arrival to the answer sent).
 * 3. For each scenario, BENCH_WARMUP (default 5) requests not counted, then BENCH_REQUESTS (default 40):
 *    the first page of each people tab sorted by name; with a search; with two filters; the three tab
 *    totals; the filter counts. Targets: p95 <= 50 ms for the pages, <= 150 ms for the totals and the
 *    filter counts. Also measured, without a target: a rare search (inside an address), searches inside a
 *    last name, of an address's domain and of a company's name, the totals and the filter counts of a
 *    search.
 * 4. Delete-all: the 100,000 contacts of four designations (a filtered scope), select_all with 10 excluded
 *    ids, one delete_contacts/ call; target <= 5 s; checks that exactly 99,990 went.
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
import { loadConfig } from '../server/config.ts';
import type { DatabaseHandle } from '../server/db/openDatabase.ts';
import { prepareDatabase } from '../server/db/prepareDatabase.ts';
import { DEMO_LOGIN } from '../server/seed/demoAccounts.ts';
import { DEMO_IDS } from '../server/seed/demoIds.ts';
import { percentile, round, runBench, withThrowAwayPostgres } from './benchServer.ts';

// The app imports the public pages' renderer, whose styles Vite bundles for the built server; here they
// are empty modules (the bench measures the API only). app.ts is imported after this hook is in place.
register(
  'data:text/javascript,export async function load(url, context, next) { if (url.endsWith(".css")) return { format: "module", source: "", shortCircuit: true }; return next(url, context); }',
);

const CONTACTS = Number(process.env.BENCH_CONTACTS || 1_000_000);
const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS || 20_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS || 40);
const WARMUP = Number(process.env.BENCH_WARMUP || 5);
const TARGET = { pageP95Ms: 50, countsP95Ms: 150 };
const P = '/api/audience/';

type Scenario = { name: string; url: string; target: number };

const filters = encodeURIComponent(JSON.stringify({ status: ['Subscribed'], industry: ['Retail'] }));
const SCENARIOS: Scenario[] = [
  ...(['all', 'profiled', 'unprofiled'] as const).flatMap((tab) => [
    {
      name: `${tab}.page1`,
      url: `people_listing/?tab=${tab}&sort_by=full_name&sort_type=ASC`,
      target: TARGET.pageP95Ms,
    },
    {
      name: `${tab}.search`,
      url: `people_listing/?tab=${tab}&sort_by=full_name&sort_type=ASC&search_word=mar`,
      target: TARGET.pageP95Ms,
    },
    {
      name: `${tab}.twoFilters`,
      url: `people_listing/?tab=${tab}&sort_by=full_name&sort_type=ASC&filters=${filters}`,
      target: TARGET.pageP95Ms,
    },
  ]),
  { name: 'tabCounts', url: 'people_tab_counts/', target: TARGET.countsP95Ms },
  { name: 'filterCounts', url: 'people_filter_counts/', target: TARGET.countsP95Ms },
];
/** Measured and reported, no target in the issue. */
const EXTRA: Scenario[] = [
  {
    name: 'all.rareSearch',
    url: 'people_listing/?tab=all&sort_by=full_name&sort_type=ASC&search_word=p99999',
    target: Number.POSITIVE_INFINITY,
  },
  // A search matches anywhere: inside a last name (the "Marsh…" people sit late in name order), an
  // address's domain (every contact), a company's name and number ("Aurora 1…", 1,111 accounts).
  ...['arsh', 'bench.test', 'aurora 1'].map((word) => ({
    name: `all.search.${word.replace(/\W+/g, '_')}`,
    url: `people_listing/?tab=all&sort_by=full_name&sort_type=ASC&search_word=${encodeURIComponent(word)}`,
    target: Number.POSITIVE_INFINITY,
  })),
  { name: 'tabCounts.search', url: 'people_tab_counts/?search_word=mar', target: Number.POSITIVE_INFINITY },
  {
    name: 'filterCounts.search',
    url: 'people_filter_counts/?search_word=mar',
    target: Number.POSITIVE_INFINITY,
  },
];

async function fill(database: DatabaseHandle): Promise<number> {
  const started = performance.now();
  const words = [
    'Aurora',
    'Beacon',
    'Cedar',
    'Delta',
    'Ember',
    'Falcon',
    'Granite',
    'Harbor',
    'Indigo',
    'Juniper',
  ];
  const industries = [
    'Software',
    'Healthcare',
    'Manufacturing',
    'Financial Services',
    'Retail',
    'Energy',
    'Media',
  ];
  const revenues = ['$1M - $10M', '$10M - $50M', '$50M - $100M', '$100M - $500M', '$500M - $1B', '$1B+'];
  const firsts = [
    'Olivia',
    'Liam',
    'Amara',
    'Noah',
    'Priya',
    'Mateo',
    'Sofia',
    'Ethan',
    'Maria',
    'Lucas',
    'Hannah',
    'Kenji',
    'Marcus',
    'Omar',
    'Grace',
    'Jonas',
  ];
  const lasts = [
    'Hart',
    'Okafor',
    'Lindqvist',
    'Patel',
    'Garcia',
    'Nakamura',
    'Muller',
    'Brennan',
    'Rossi',
    'Haddad',
    'Marsh',
    'Dubois',
    'Andersen',
    'Mensah',
    'Silva',
    'Novak',
  ];
  const types = ['Dominant', 'Influencer', 'Steady', 'Conscientious', 'Others'];
  const stages = ['Awareness', 'Interest', 'Consideration', 'Intent', 'Evaluation', 'Purchase'];
  const org = DEMO_IDS.mainOrgId;
  const first = await sql<{ id: number }>`select coalesce(max(id), 0)::int as id from accounts`.execute(
    database.db,
  );
  const base = first.rows[0]?.id ?? 0;
  await sql`
    insert into accounts (id, org_id, name, website, industry, revenue)
    select ${base} + g, ${org}, (${words}::text[])[1 + g % 10] || ' ' || g, 'https://a' || g || '.test',
      (${industries}::text[])[1 + g % 7], (${revenues}::text[])[1 + g % 6]
    from generate_series(1, ${ACCOUNTS}) as g`.execute(database.db);
  await sql`select setval(pg_get_serial_sequence('accounts', 'id'), ${base + ACCOUNTS})`.execute(database.db);
  // A bulk load builds the trigram indexes after the rows, in one pass each: kept up row by row through one
  // insert of a million contacts, they took PGlite over 50 minutes on a busy machine (an import's batches of
  // 10,000 keep them up as they go: npm run bench:audienceImport).
  await sql`drop index contacts_org_name_trgm_idx; drop index contacts_org_email_trgm_idx`.execute(
    database.db,
  );
  await sql`
    insert into contacts (org_id, account_id, first_name, last_name, email, designation, industry,
      personality_type, personality, buyer_stage, status, engagement_score)
    select ${org}, ${base} + 1 + g % ${ACCOUNTS}, (${firsts}::text[])[1 + g % 16], (${lasts}::text[])[1 + (g / 16) % 16] || (g % 997),
      'p' || g || '@bench.test', 'Role ' || (g % 40), (${industries}::text[])[1 + (g / 7) % 7],
      case when g % 4 = 0 then null else (${types}::text[])[1 + g % 5] end, 'N/A',
      (${stages}::text[])[1 + g % 6],
      case when g % 17 = 3 then 'Hard Bounce' when g % 13 = 5 then 'Unsubscribed' else 'Subscribed' end,
      g % 100
    from generate_series(1, ${CONTACTS}) as g`.execute(database.db);
  await sql`
    create index contacts_org_name_trgm_idx on contacts using gin (full_name_lower gin_trgm_ops);
    create index contacts_org_email_trgm_idx on contacts using gin (email_lower gin_trgm_ops)`.execute(
    database.db,
  );
  await sql`vacuum analyze`.execute(database.db);
  return Math.round(performance.now() - started);
}

async function measure(app: FastifyInstance, times: number[], cookie: string) {
  const results: Record<string, { p50Ms: number; p95Ms: number; targetMs: number | null; pass: boolean }> =
    {};
  for (const scenario of [...SCENARIOS, ...EXTRA]) {
    // The scenarios without a target are slow by nature (a broad search counted live): fewer requests.
    const extra = !Number.isFinite(scenario.target);
    for (let i = 0; i < (extra ? 1 : WARMUP); i += 1)
      await app.inject({ url: `${P}${scenario.url}`, headers: { cookie } });
    times.length = 0;
    for (let i = 0; i < (extra ? Math.min(REQUESTS, 10) : REQUESTS); i += 1) {
      const response = await app.inject({ url: `${P}${scenario.url}`, headers: { cookie } });
      if (response.statusCode !== 200)
        throw new Error(`${scenario.name}: ${response.statusCode} ${response.body.slice(0, 200)}`);
    }
    const sorted = [...times].sort((a, b) => a - b);
    const p95 = round(percentile(sorted, 95));
    results[scenario.name] = {
      p50Ms: round(percentile(sorted, 50)),
      p95Ms: p95,
      targetMs: Number.isFinite(scenario.target) ? scenario.target : null,
      pass: p95 <= scenario.target,
    };
    console.log(
      `  ${scenario.name.padEnd(22)} p50 ${results[scenario.name]?.p50Ms} ms  p95 ${p95} ms  (target ${Number.isFinite(scenario.target) ? scenario.target : 'none'})`,
    );
  }
  return results;
}

async function runOn(kind: 'pglite' | 'postgres', databaseUrl?: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-audiences-'));
  const { database } = await prepareDatabase({ databaseUrl, dataDir });
  try {
    console.log(
      `${kind}: filling ${CONTACTS.toLocaleString('en')} contacts in ${ACCOUNTS.toLocaleString('en')} accounts…`,
    );
    const fillMs = await fill(database);
    console.log(`${kind}: filled in ${fillMs} ms`);
    const config = loadConfig({
      ...process.env,
      LOG_LEVEL: 'silent',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATA_DIR: dataDir }),
    });
    const { buildApp } = await import('../server/app.ts');
    const app = await buildApp({ config, database, logger: false });
    const times: number[] = [];
    app.addHook('onResponse', async (_request, reply) => {
      times.push(reply.elapsedTime);
    });
    await app.ready();
    try {
      const login = await app.inject({ method: 'POST', url: '/api/auth/login/', payload: DEMO_LOGIN });
      const cookie = String(login.headers['set-cookie'] ?? '').split(';')[0] ?? '';
      if (!cookie.startsWith('wb_session=')) throw new Error(`sign-in failed: ${login.statusCode}`);
      const scenarios = await measure(app, times, cookie);
      const csrf = String(login.json().csrf_token ?? '');
      return { fillMs, scenarios, deleteAll: await deleteAll(app, database, times, cookie, csrf) };
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Delete-all of four designations (100,000 contacts at the default size) but 10 excluded ids. */
async function deleteAll(
  app: FastifyInstance,
  database: DatabaseHandle,
  times: number[],
  cookie: string,
  csrf: string,
) {
  const designations = ['Role 1', 'Role 2', 'Role 3', 'Role 4'];
  const org = DEMO_IDS.mainOrgId;
  const count = async () =>
    Number(
      (
        await sql<{ n: string }>`select count(*) as n from contacts where org_id = ${org}`.execute(
          database.db,
        )
      ).rows[0]?.n,
    );
  const excluded = await sql<{ id: number }>`
    select id from contacts where org_id = ${org} and designation = any(${designations}::text[])
    order by id limit 10`.execute(database.db);
  const before = await count();
  times.length = 0;
  const response = await app.inject({
    method: 'POST',
    url: `${P}delete_contacts/`,
    headers: { cookie, 'x-csrftoken': csrf },
    payload: {
      select_all: '1',
      excluded_ids: excluded.rows.map((row) => row.id).join(','),
      filters: JSON.stringify({ designations }),
    },
  });
  if (response.statusCode !== 200) throw new Error(`delete-all: ${response.statusCode} ${response.body}`);
  const deleted = before - (await count());
  const expected = Math.round((CONTACTS * designations.length) / 40) - excluded.rows.length;
  const ms = round(times[0] ?? Number.NaN);
  console.log(`  deleteAll              ${deleted} contacts in ${ms} ms (target 5000; expected ${expected})`);
  return { deleted, expected, ms, targetMs: 5000, pass: ms <= 5000 && deleted === expected };
}

runBench('bench:audiences', async () => {
  const [load1, load5] = os.loadavg();
  console.log(
    `load average ${load1?.toFixed(2)} ${load5?.toFixed(2)} on ${os.cpus().length} cores (other work skews the figures)`,
  );
  const pglite = await runOn('pglite');
  const url = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  const postgres = url
    ? await withThrowAwayPostgres(url, 'bench_audiences', (target) => runOn('postgres', target))
    : null;
  const all = [pglite, ...(postgres ? [postgres] : [])];
  const pass = all.every(
    (run) =>
      run.deleteAll.pass &&
      Object.entries(run.scenarios).every(([name, s]) => s.pass || !SCENARIOS.some((t) => t.name === name)),
  );
  console.log(
    JSON.stringify({
      contacts: CONTACTS,
      accounts: ACCOUNTS,
      requests: REQUESTS,
      loadAverage: round(os.loadavg()[0] ?? 0, 2),
      pglite,
      postgres,
      pass,
    }),
  );
  return process.argv.includes('--strict') && !pass ? 1 : 0;
});
