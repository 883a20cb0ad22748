import { sql } from 'kysely';
import type PgBoss from 'pg-boss';
import type { DatabaseHandle } from '../../db/openDatabase.ts';
import type { EmailEventSink } from '../../lib/EmailEventSink.ts';
import { kyselyExecutor } from '../../lib/kyselyExecutor.ts';
import { listenForWork } from '../../lib/listenForWork.ts';
import { startPgBoss } from '../../lib/startPgBoss.ts';
import { onWork, sleepUntilWork } from '../../lib/workSignals.ts';
import {
  type BeforeCommit,
  FlowCache,
  recordStepFailure,
  runStepBatch,
  runStepJob,
  type StepDeps,
  type StepJobResult,
} from './runStepJob.ts';
import type { Clock } from './runtimePorts.ts';
import { registerRuntime } from './runtimeRegistry.ts';
import {
  LATER_QUEUE,
  pgBossScheduler,
  STEP_QUEUE,
  STEP_QUEUES,
  type StepJobData,
  type StepScheduler,
} from './stepScheduler.ts';
import { workflowEventSink } from './workflowTriggers.ts';

export type RuntimeOptions = {
  database: DatabaseHandle;
  /** PostgreSQL: pg-boss connects with this string. PGlite: pg-boss runs through the database handle. */
  databaseUrl?: string;
  /**
   * A pg-boss already started for this process (startBackgroundWork shares one between its jobs): the
   * runtime uses it and leaves stopping it to its owner. Without it the runtime starts and stops its own.
   */
  boss?: PgBoss;
  /** Work loops in this process (default 4 on PostgreSQL, 2 on PGlite). */
  loops?: number;
  /** Jobs fetched per loop and poll (default 50). */
  batchSize?: number;
  /**
   * The longest an idle loop sleeps (seconds, default 30): it wakes earlier when the next job is due or a
   * job is scheduled (a notification from any process).
   */
  pollingIntervalSeconds?: number;
  /** A job held by a process that died is retried after this many seconds (default 60). */
  expireInSeconds?: number;
  /** pg-boss maintenance (expiring jobs of dead processes) every this many seconds (default 30). */
  maintenanceIntervalSeconds?: number;
  /**
   * The sweep that schedules unscheduled enrolments runs when they are made (a notification) and also this
   * often (ms, default 30,000).
   */
  sweepIntervalMs?: number;
  /** false: schedule only, run no step here (a web process beside dedicated workers). */
  work?: boolean;
  clock?: Clock;
  log?: (message: string, error?: unknown) => void;
  /** Called after each job with its lateness (ms after its due time) and the steps it ran. */
  onJob?: (info: {
    lateMs: number;
    steps: number;
    /** A step of an enrolment under way (after a delay), not a first step. */
    continuing: boolean;
    kind: 'stale' | 'held' | 'advanced' | 'failed';
  }) => void;
  mail?: StepDeps['mail'];
};

export type RuntimeStats = { jobs: number; steps: number; stale: number; held: number; failures: number };

const SWEEP_BATCH = 500;
const ORPHAN_CHECK_MS = 60_000;

type FetchedJob = { id: string; name: string; data: StepJobData };

/**
 * The workflow runtime of one process: pg-boss on the database (PGlite through its `db` option, PostgreSQL
 * through a connection string), several work loops taking batches of step jobs (pg-boss fetch), the event
 * sink that enrols contacts, and a sweep that schedules enrolments that have no job (made while no runtime ran,
 * resumed after a pause, or whose job was lost). Many processes can run it on one PostgreSQL database:
 * pg-boss hands each job to one of them (SKIP LOCKED) and each step checks its enrolment under a row lock.
 */
export class WorkflowRuntime {
  readonly stats: RuntimeStats = { jobs: 0, steps: 0, stale: 0, held: 0, failures: 0 };
  readonly scheduler: StepScheduler;
  readonly emailEventSink: EmailEventSink;
  private readonly deps: StepDeps;
  private sweepTimer: NodeJS.Timeout | undefined;
  private sweeping: Promise<void> | null = null;
  private lastOrphanCheck = 0;
  private stopped = false;
  private working = false;
  private readonly loops: Promise<void>[] = [];
  private readonly sleepers = new Set<() => void>();
  private stopListening: () => Promise<void> = async () => {};
  private offEnrolments: () => void = () => {};

  private constructor(
    private readonly boss: PgBoss,
    private readonly options: RuntimeOptions,
  ) {
    const clock = options.clock ?? { now: () => new Date() };
    this.scheduler = pgBossScheduler(boss, clock);
    this.emailEventSink = workflowEventSink(() => this.scheduler);
    this.deps = {
      db: options.database.db,
      scheduler: this.scheduler,
      clock,
      flows: new FlowCache(),
      mail: options.mail,
    };
  }

  static async start(options: RuntimeOptions): Promise<WorkflowRuntime> {
    const { database } = options;
    const log = options.log ?? ((message, error) => console.error(message, error));
    const boss =
      options.boss ??
      (await startPgBoss({
        database,
        databaseUrl: options.databaseUrl,
        max: Math.max(4, (options.loops ?? 4) + 2),
        maintenanceIntervalSeconds: options.maintenanceIntervalSeconds,
        log: (message, error) => log(`workflow runtime: ${message}`, error),
      }));
    for (const name of STEP_QUEUES) {
      await boss.createQueue(name, {
        name,
        retryLimit: 20,
        retryDelay: 1,
        retryBackoff: true,
        expireInSeconds: options.expireInSeconds ?? 60,
      });
    }
    await addFifoIndex(database, STEP_QUEUE);
    const runtime = new WorkflowRuntime(boss, options);
    registerRuntime({ scheduler: runtime.scheduler, clock: runtime.deps.clock });
    runtime.stopListening = await listenForWork(database, options.databaseUrl, log);
    runtime.offEnrolments = onWork('enrolments', () => void runtime.sweepSoon());
    if (options.work !== false) await runtime.startWorkers();
    runtime.sweepTimer = setInterval(() => runtime.sweepSoon(), options.sweepIntervalMs ?? 30_000);
    runtime.sweepTimer.unref();
    runtime.sweepSoon();
    return runtime;
  }

  /** Starts the work loops (start() does, unless work: false). */
  async startWorkers(): Promise<void> {
    if (this.working || this.stopped) return;
    this.working = true;
    const loops = this.options.loops ?? (this.options.database.kind === 'postgres' ? 4 : 2);
    for (let i = 0; i < loops; i += 1) this.loops.push(this.workLoop());
  }

  /**
   * One work loop: takes a batch of due jobs (those of LATER_QUEUE first, then STEP_QUEUE's oldest, with
   * pg-boss's fetch: FOR UPDATE SKIP LOCKED, so processes and loops never take the same job), runs it and
   * completes its jobs in the batch's own transaction; polls when there is nothing to do.
   */
  private async workLoop(): Promise<void> {
    const batchSize = this.options.batchSize ?? 50;
    const idleMs = (this.options.pollingIntervalSeconds ?? 30) * 1000;
    while (!this.stopped) {
      const jobs: FetchedJob[] = [];
      let failed = false;
      try {
        for (const name of STEP_QUEUES) {
          if (jobs.length >= batchSize || this.stopped) break;
          const fetched = await this.boss.fetch<StepJobData>(name, {
            batchSize: batchSize - jobs.length,
            priority: false,
          });
          for (const job of fetched) jobs.push({ id: job.id, name, data: job.data });
        }
        if (jobs.length > 0) await this.handleBatch(jobs);
      } catch (error) {
        // Jobs taken but not completed are retried by pg-boss once they expire; the loop goes on.
        this.options.log?.('workflow work loop failed', error);
        failed = true;
      }
      if ((jobs.length === 0 || failed) && !this.stopped) await this.idle(idleMs);
    }
  }

  /** Sleeps until the next job is due, a job is scheduled (any process), the loop is stopped, or maxMs. */
  private async idle(maxMs: number): Promise<void> {
    let dueInMs = maxMs;
    try {
      const { rows } = await sql<{ ms: number | null }>`
        select extract(epoch from min(start_after) - now()) * 1000 as ms from pgboss.job
        where name in (${STEP_QUEUE}, ${LATER_QUEUE}) and state in ('created', 'retry')`.execute(
        this.options.database.db,
      );
      const ms = rows[0]?.ms;
      if (ms !== null && ms !== undefined) dueInMs = Number(ms);
    } catch {
      // the database is away: sleep the whole time
    }
    if (this.stopped) return;
    const sleeper = sleepUntilWork(['steps'], Math.max(20, Math.min(maxMs, dueInMs)));
    this.sleepers.add(sleeper.cancel);
    await sleeper.done;
    this.sleepers.delete(sleeper.cancel);
  }

  /** Completes jobs in the given transaction (so a step and its job's completion commit together). */
  private completing(jobs: readonly FetchedJob[]): BeforeCommit {
    return async (trx) => {
      for (const name of STEP_QUEUES) {
        const ids = jobs.filter((job) => job.name === name).map((job) => job.id);
        if (ids.length > 0) await completeJobs(this.boss, name, ids, kyselyExecutor(trx));
      }
    };
  }

  private async handleBatch(jobs: readonly FetchedJob[]): Promise<void> {
    const started = Date.now();
    if (jobs.length > 1) {
      try {
        const results = await runStepBatch(
          this.deps,
          jobs.map((job) => job.data),
          this.completing(jobs),
        );
        for (const [i, job] of jobs.entries()) this.count(job.data, started, results[i] ?? { kind: 'stale' });
        return;
      } catch (error) {
        // Rolled back as a whole: run the jobs one by one, so one failing step does not hold up the rest.
        this.options.log?.('workflow step batch failed; running its jobs one by one', error);
      }
    }
    for (const job of jobs) {
      const at = Date.now();
      try {
        this.count(job.data, at, await runStepJob(this.deps, job.data, this.completing([job])));
      } catch (error) {
        this.stats.failures += 1;
        this.options.log?.('workflow step failed', error);
        try {
          await recordStepFailure(this.deps, job.data, error, this.completing([job]));
        } catch (failure) {
          // Not even the failure could be written (the database is away): pg-boss retries the job later.
          this.options.log?.('workflow step failure could not be recorded', failure);
          await this.boss
            .fail(job.name, job.id)
            .catch((error: unknown) => this.options.log?.('workflow step could not be marked failed', error));
        }
        this.options.onJob?.({
          lateMs: at - job.data.d,
          steps: 0,
          continuing: job.data.p === 1,
          kind: 'failed',
        });
      }
    }
  }

  private count(data: StepJobData, startedAt: number, result: StepJobResult): void {
    this.stats.jobs += 1;
    const steps = result.kind === 'advanced' ? result.advance.steps : 0;
    this.stats.steps += steps;
    if (result.kind === 'stale') this.stats.stale += 1;
    if (result.kind === 'held') this.stats.held += 1;
    this.options.onJob?.({ lateMs: startedAt - data.d, steps, continuing: data.p === 1, kind: result.kind });
  }

  /** Runs the sweep now (once at a time). Resolves when it is done. */
  sweepSoon(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (!this.sweeping) {
      this.sweeping = this.sweep()
        .catch((error) => this.options.log?.('workflow runtime sweep failed', error))
        .finally(() => {
          this.sweeping = null;
        });
    }
    return this.sweeping;
  }

  private async sweep(): Promise<void> {
    const db = this.options.database.db;
    if (Date.now() - this.lastOrphanCheck > ORPHAN_CHECK_MS) {
      this.lastOrphanCheck = Date.now();
      // A live enrolment whose job is gone (failed for good, or deleted) is unscheduled so the sweep below
      // gives it a new one; a recent change is left alone (its transaction may still be in flight).
      await sql`
        update workflow_enrolment e set job_id = null
        where e.status in ('running', 'waiting') and e.job_id is not null
          and e.updated_at < now() - interval '2 minutes'
          and not exists (select 1 from pgboss.job j where j.name in (${STEP_QUEUE}, ${LATER_QUEUE})
                          and j.id = e.job_id and j.state < 'completed')`.execute(db);
    }
    for (;;) {
      const count = await db.transaction().execute(async (trx) => {
        const rows = await sql<{ id: number; step_seq: number; next_due_at: Date | null; job_id: string }>`
          update workflow_enrolment set job_id = gen_random_uuid()
          where id in (select id from workflow_enrolment
                       where job_id is null and status in ('running', 'waiting')
                       order by id limit ${SWEEP_BATCH} for update skip locked)
            and job_id is null and status in ('running', 'waiting')
          returning id, step_seq, next_due_at, job_id`.execute(trx);
        const now = this.deps.clock.now();
        await this.scheduler.schedule(
          trx,
          rows.rows.map((row) => ({
            jobId: row.job_id,
            enrolmentId: row.id,
            seq: row.step_seq,
            dueAt: row.next_due_at && new Date(row.next_due_at) > now ? new Date(row.next_due_at) : now,
            continuing: row.step_seq > 0,
          })),
        );
        return rows.rows.length;
      });
      if (count < SWEEP_BATCH || this.stopped) break;
    }
  }

  /** Stops taking jobs, lets the batches in flight finish, and stops pg-boss (unless it was given). */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    registerRuntime(null);
    clearInterval(this.sweepTimer);
    this.offEnrolments();
    for (const wake of [...this.sleepers]) wake();
    await Promise.all(this.loops);
    await this.sweeping;
    await this.stopListening();
    // A shared pg-boss is stopped by its owner (startBackgroundWork), after every job of it.
    if (!this.options.boss) await this.boss.stop({ graceful: true, wait: true, timeout: 15_000 });
  }
}

/**
 * An index for STEP_QUEUE's fetch (oldest first): pg-boss's own index is by start_after, so with a backlog
 * of due jobs every fetch sorted all of them (90 ms per fetch at 100,000). This one lets the fetch read
 * the oldest jobs in order. On the queue's partition table (pg-boss 10 keeps a table per queue).
 */
async function addFifoIndex(database: DatabaseHandle, queue: string): Promise<void> {
  const row = await sql<{ partition_name: string }>`
    select partition_name from pgboss.queue where name = ${queue}`.execute(database.db);
  const table = row.rows[0]?.partition_name;
  if (!table || !/^[a-z0-9_]+$/.test(table)) return;
  await sql
    .raw(
      `create index if not exists ${table}_fifo on pgboss.${table} (created_on, id) where state < 'active'`,
    )
    .execute(database.db);
}

/**
 * pg-boss's complete() of several jobs on a given connection: its code takes (name, ids, data, options),
 * its typings have no overload with both ids and options.
 */
function completeJobs(boss: PgBoss, name: string, ids: string[], db: PgBoss.Db): Promise<void> {
  const complete = boss.complete as unknown as (
    name: string,
    ids: string[],
    data: null,
    options: PgBoss.ConnectionOptions,
  ) => Promise<void>;
  return complete.call(boss, name, ids, null, { db });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The workflow runtime of this process, when buildApp was asked to run it. */
    workflowRuntime: WorkflowRuntime | null;
  }
}
