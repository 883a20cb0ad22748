/**
 * `npm run bench:engine`: the workflow runtime under load, on PGlite and on PostgreSQL.
 *
 * For each database: N contacts are enrolled (in transactions of 1,000, their first step jobs inserted
 * with them) in a 5-step workflow: send email, delay (--delay-seconds, default 2), If / Else ("has not
 * opened" the email: true for everyone, so every contact takes all five steps), add to list, end. Then
 * the runtime's work loops run every step. Figures: steps per second (from the first step to the last),
 * and the lateness of steps (how long after its due time a step job started): for the steps due after
 * the delay ("due steps", goal: 95% within 1 s) and for all steps (first steps wait in the backlog of N
 * enrolments made at once). Goal: >= 2,000 steps/s on PostgreSQL. Afterwards every enrolment is checked:
 * completed, exactly one send.
 *
 * Then the tracking endpoints under autocannon (benchTracking, bench/trackingBench.ts) on a real server. The last line is one JSON object with all figures.
 *
 * Flags: --count N (both databases; default 100000), --pglite-count N, --pg-count N,
 * --only pglite|postgres, --delay-seconds S, --loops N, --batch N, --no-tracking.
 * PostgreSQL: BENCH_DATABASE_URL, else TEST_DATABASE_URL, else scripts/pg-test.sh (local PostgreSQL 15);
 * a throw-away database is created and dropped.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import type { WorkflowFlow } from '../domain/workflowTypes.ts';
import type { DatabaseHandle } from '../server/db/openDatabase.ts';
import { prepareDatabase } from '../server/db/prepareDatabase.ts';
import { DEMO_IDS } from '../server/seed/demoIds.ts';
import { enrolContacts } from '../server/services/runtime/enrolContacts.ts';
import { WorkflowRuntime } from '../server/services/runtime/WorkflowRuntime.ts';
import { throwAwayDatabase } from '../tests/helpers/throwAwayDatabase.ts';
import { ROOT, round } from './benchServer.ts';
import { benchTracking, trackingMet, trackingSummary } from './trackingBench.ts';

const ORG = DEMO_IDS.mainOrgId;
const STEPS_PER_CONTACT = 5;
const TARGET = { stepsPerSec: 2000, dueWithinMs: 1000, dueShare: 0.95 } as const;

function flag(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}
const numberFlag = (name: string, fallback: number) => {
  const raw = flag(name);
  const value = raw === undefined ? fallback : Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number`);
  return value;
};

const count = numberFlag('count', 100_000);
// PGlite (one connection) runs about 1,800 steps/s here: 100,000 enrolments take about 5 minutes.
const pgliteCount = numberFlag('pglite-count', count);
const pgCount = numberFlag('pg-count', count);
const delaySeconds = numberFlag('delay-seconds', 2);
const only = flag('only');

function benchFlow(emailId: number, listId: number): WorkflowFlow {
  const node = (
    nodeId: string,
    type: WorkflowFlow[string]['type'],
    parentId: string | null,
    childNodes: string[],
    extra: Partial<WorkflowFlow[string]['detail']> = {},
    direction: 'left' | 'right' | null = null,
  ): WorkflowFlow[string] => ({
    nodeId,
    kind: type === 'If / Else' ? 'CONDITION' : 'ACTION',
    type,
    parentId,
    direction,
    childNodes,
    detail: {
      controlName: type,
      controlType: type === 'If / Else' ? 'condition' : 'action',
      controlId: 1,
      nodeId,
      title: type,
      nodeTitle: type,
      error: false,
      ...extra,
    },
  });
  return {
    '0': node('0', 'send email', null, ['1'], { emailId }),
    '1': node('1', 'delay', '0', ['2'], {
      radioValue: 1,
      duration: { value: delaySeconds / 60, unit: 'minutes' },
    }),
    '2': node('2', 'If / Else', '1', ['3', '5'], {
      connector: 'AND',
      conditions: [{ conditionType: 'has not opened', controlId: 3, controlName: 'has not opened', emailId }],
    }),
    '3': node('3', 'add to list', '2', ['4'], { list: { id: listId, name: 'Bench list' } }, 'left'),
    '4': node('4', 'end', '3', []),
    '5': node('5', 'end', '2', [], {}, 'right'),
  };
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

type EngineFigures = {
  database: 'pglite' | 'postgres';
  enrolments: number;
  enrolSeconds: number;
  enrolPerSec: number;
  steps: number;
  stepSeconds: number;
  stepsPerSec: number;
  jobs: number;
  dueSteps: { count: number; p50Ms: number; p95Ms: number; p99Ms: number; maxMs: number; within1s: number };
  allJobs: { p50Ms: number; p95Ms: number; maxMs: number };
  loops: number;
  batchSize: number;
  check: { completed: number; sends: number; distinctSendKeys: number; listMembers: number };
};

async function runEngine(
  database: DatabaseHandle,
  kind: 'pglite' | 'postgres',
  n: number,
  databaseUrl?: string,
): Promise<EngineFigures> {
  const db = database.db;
  await db.updateTable('workflow').set({ status: 'inactive' }).where('status', '=', 'active').execute();
  const list = await db
    .insertInto('contact_lists')
    .values({ org_id: ORG, user_id: DEMO_IDS.demoUserId, name: 'Bench list', is_active: true })
    .returning('id')
    .executeTakeFirstOrThrow();
  const flow = benchFlow(1, list.id);
  const workflow = await db
    .insertInto('workflow')
    .values({
      org_id: ORG,
      user_id: DEMO_IDS.demoUserId,
      name: 'Engine bench',
      status: 'active',
      trigger_id: 14,
      list_id: 1,
      flow: JSON.stringify(flow),
      node_count: Object.keys(flow).length,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { rows: contacts } = await sql<{ id: number }>`
    insert into contacts (org_id, first_name, last_name, email, buyer_stage, status)
    select ${ORG}, 'Bench', 'Contact ' || g, 'bench-' || g || '@example.test', 'Awareness', 'Subscribed'
    from generate_series(1, ${n}) g
    returning id`.execute(db);
  console.error(`[${kind}] ${contacts.length} contacts ready`);

  const loops = numberFlag('loops', kind === 'postgres' ? 10 : 2);
  const batchSize = numberFlag('batch', kind === 'postgres' ? 100 : 50);
  const due: number[] = [];
  const all: number[] = [];
  let steps = 0;
  let firstJobAt = 0;
  let lastJobAt = 0;
  let resolveDone: () => void = () => {};
  const done = new Promise<void>((resolve) => {
    resolveDone = resolve;
  });
  const runtime = await WorkflowRuntime.start({
    database,
    databaseUrl,
    work: false,
    loops,
    batchSize,
    pollingIntervalSeconds: 0.5,
    log: (message, error) => console.error(message, error),
    onJob: (info) => {
      const now = Date.now();
      if (!firstJobAt) firstJobAt = now;
      lastJobAt = now;
      all.push(info.lateMs);
      if (info.continuing) due.push(info.lateMs);
      steps += info.steps;
      if (steps >= n * STEPS_PER_CONTACT) resolveDone();
    },
  });

  const enrolStart = performance.now();
  const ids = contacts.map((c) => c.id);
  for (let i = 0; i < ids.length; i += 1000) {
    await db.transaction().execute((trx) =>
      enrolContacts(trx, runtime.scheduler, {
        workflowId: workflow.id,
        orgId: ORG,
        contactIds: ids.slice(i, i + 1000),
        triggerId: 14,
        chain: [],
        now: new Date(),
      }),
    );
  }
  const enrolSeconds = (performance.now() - enrolStart) / 1000;
  console.error(`[${kind}] ${n} enrolled in ${round(enrolSeconds)} s; running the steps...`);

  const progress = setInterval(() => {
    console.error(`[${kind}] ${steps} / ${n * STEPS_PER_CONTACT} steps`);
  }, 10_000);
  await runtime.startWorkers();
  await done;
  clearInterval(progress);
  await runtime.stop();
  const stepSeconds = (lastJobAt - firstJobAt) / 1000;

  const completed = await db
    .selectFrom('workflow_enrolment')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('workflow_id', '=', workflow.id)
    .where('status', '=', 'completed')
    .executeTakeFirstOrThrow();
  const sends = await sql<{ n: number; keys: number }>`
    select count(*)::int as n, count(distinct dedupe_key)::int as keys from email_send
    where workflow_id = ${workflow.id}`.execute(db);
  const members = await db
    .selectFrom('list_contacts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('list_id', '=', list.id)
    .executeTakeFirstOrThrow();
  due.sort((a, b) => a - b);
  all.sort((a, b) => a - b);
  return {
    database: kind,
    enrolments: n,
    enrolSeconds: round(enrolSeconds, 2),
    enrolPerSec: Math.round(n / enrolSeconds),
    steps,
    stepSeconds: round(stepSeconds, 2),
    stepsPerSec: Math.round(steps / stepSeconds),
    jobs: all.length,
    dueSteps: {
      count: due.length,
      p50Ms: Math.round(percentile(due, 50)),
      p95Ms: Math.round(percentile(due, 95)),
      p99Ms: Math.round(percentile(due, 99)),
      maxMs: Math.round(due.at(-1) ?? 0),
      within1s: round(due.filter((ms) => ms <= TARGET.dueWithinMs).length / Math.max(1, due.length), 4),
    },
    allJobs: {
      p50Ms: Math.round(percentile(all, 50)),
      p95Ms: Math.round(percentile(all, 95)),
      maxMs: Math.round(all.at(-1) ?? 0),
    },
    loops,
    batchSize,
    check: {
      completed: Number(completed.n),
      sends: sends.rows[0]?.n ?? 0,
      distinctSendKeys: sends.rows[0]?.keys ?? 0,
      listMembers: Number(members.n),
    },
  };
}

function postgresAdminUrl(): string {
  if (process.env.BENCH_DATABASE_URL) return process.env.BENCH_DATABASE_URL;
  if (process.env.TEST_DATABASE_URL) return process.env.TEST_DATABASE_URL;
  const out = execFileSync('bash', [path.join(ROOT, 'scripts/pg-test.sh')], { encoding: 'utf8' });
  const match = /TEST_DATABASE_URL='([^']+)'/.exec(out);
  if (!match?.[1]) throw new Error('scripts/pg-test.sh gave no TEST_DATABASE_URL');
  return match[1];
}

async function onPostgres(n: number): Promise<EngineFigures> {
  const throwAway = await throwAwayDatabase('wb_bench_engine', postgresAdminUrl());
  if (!throwAway) throw new Error('No PostgreSQL server for the benchmark.');
  const { database } = await prepareDatabase({
    databaseUrl: throwAway.url,
    dataDir: 'memory://',
    poolMax: numberFlag('loops', 10) + 4,
  });
  try {
    return await runEngine(database, 'postgres', n, throwAway.url);
  } finally {
    await database.close();
    await throwAway.drop();
  }
}

async function onPglite(n: number): Promise<EngineFigures> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'wb-bench-engine-'));
  const { database } = await prepareDatabase({ dataDir: path.join(work, 'data') });
  try {
    return await runEngine(database, 'pglite', n);
  } finally {
    await database.close();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

type TrackingResult = Awaited<ReturnType<typeof benchTracking>>;

async function tracking(): Promise<TrackingResult | { skipped: string }> {
  if (process.argv.includes('--no-tracking')) return { skipped: '--no-tracking' };
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'wb-bench-engine-tracking-'));
  try {
    const figures = await benchTracking(work);
    console.log(trackingSummary(figures));
    return figures;
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

function summary(f: EngineFigures): string {
  return (
    `${f.database}: ${f.enrolments} enrolments (${f.enrolPerSec}/s), ${f.steps} steps in ${f.stepSeconds} s = ` +
    `${f.stepsPerSec} steps/s; due steps late p50 ${f.dueSteps.p50Ms} ms, p95 ${f.dueSteps.p95Ms} ms, ` +
    `${round(f.dueSteps.within1s * 100)}% within 1 s; all jobs p95 ${f.allJobs.p95Ms} ms; ` +
    `check: ${f.check.completed} completed, ${f.check.sends} sends (${f.check.distinctSendKeys} keys)`
  );
}

async function main(): Promise<void> {
  const engine: EngineFigures[] = [];
  if (only !== 'postgres') {
    engine.push(await onPglite(pgliteCount));
    console.log(summary(engine.at(-1) as EngineFigures));
  }
  if (only !== 'pglite') {
    engine.push(await onPostgres(pgCount));
    console.log(summary(engine.at(-1) as EngineFigures));
  }
  const trackingFigures = await tracking();
  const pgFigures = engine.find((f) => f.database === 'postgres');
  const trackingTargets = 'skipped' in trackingFigures ? null : trackingMet(trackingFigures);
  // null: not measured in this run.
  const met = {
    postgresStepsPerSec: pgFigures ? pgFigures.stepsPerSec >= TARGET.stepsPerSec : null,
    dueWithin1s: Object.fromEntries(engine.map((f) => [f.database, f.dueSteps.within1s >= TARGET.dueShare])),
    pixel: trackingTargets?.pixel ?? null,
    click: trackingTargets?.click ?? null,
    trackingEventsExactlyOnce: trackingTargets?.events ?? null,
  };
  console.log(JSON.stringify({ bench: 'engine', target: TARGET, engine, tracking: trackingFigures, met }));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
