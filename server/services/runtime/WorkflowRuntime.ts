import { sql } from 'kysely';
import type PgBoss from 'pg-boss';
import type { DatabaseHandle } from '../../db/openDatabase.ts';
import type { EmailEventSink } from '../../lib/EmailEventSink.ts';
import { type BatchContext, type JobRunner, type QueuedJob, startJob } from '../../lib/jobs/startJob.ts';
import { cronEvery, type PeriodicJob, startPeriodicJob } from '../../lib/jobs/startPeriodicJob.ts';
import { startPgBoss } from '../../lib/jobs/startPgBoss.ts';
import { listenForWork } from '../../lib/listenForWork.ts';
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
  STEP_JOB,
  STEP_QUEUE,
  STEP_QUEUES,
  type StepJobData,
  type StepScheduler,
  SWEEP_JOB,
  stepScheduler,
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
   * The longest the runtime goes without looking for step jobs nobody told it of (seconds, default 30):
   * its loops wake when a job is scheduled (a notification from any process) and when the next one is due.
   */
  pollingIntervalSeconds?: number;
  /** A job held by a process that died is retried after this many seconds (default 60). */
  expireInSeconds?: number;
  /** pg-boss maintenance (expiring jobs of dead processes) every this many seconds (default 30). */
  maintenanceIntervalSeconds?: number;
  /**
   * The sweep that schedules unscheduled enrolments runs at start, when they are made (a notification), and
   * on a pg-boss schedule this often (ms, by whole minutes; default 60,000), in one process each time.
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

/**
 * The workflow runtime of one process, on pg-boss (PGlite through its `db` option, PostgreSQL through a
 * connection string) as jobs of server/lib/jobs: the step job (STEP_JOB: loops taking batches of due
 * steps), the event sink that enrols contacts, and the periodic sweep (SWEEP_JOB) that schedules
 * enrolments that have no job (made while no runtime ran, resumed after a pause, or whose job was lost).
 * Many processes can run it on one PostgreSQL database: pg-boss hands each job to one of them (SKIP LOCKED)
 * and each step checks its enrolment under a row lock.
 */
export class WorkflowRuntime {
  readonly stats: RuntimeStats = { jobs: 0, steps: 0, stale: 0, held: 0, failures: 0 };
  readonly scheduler: StepScheduler;
  readonly emailEventSink: EmailEventSink;
  private readonly deps: StepDeps;
  private sweeper: PeriodicJob | null = null;
  private lastOrphanCheck = 0;
  private stopped = false;
  private stopListening: () => Promise<void> = async () => {};

  private constructor(
    private readonly boss: PgBoss,
    private readonly options: RuntimeOptions,
    private readonly steps: JobRunner<StepJobData>,
  ) {
    const clock = options.clock ?? { now: () => new Date() };
    this.scheduler = stepScheduler(steps, clock);
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
    let runtime: WorkflowRuntime | null = null;
    const steps = await startJob<StepJobData>(
      boss,
      database.db,
      {
        name: STEP_JOB,
        queues: STEP_QUEUES,
        queue: {
          retryLimit: 20,
          retryDelay: 1,
          retryBackoff: true,
          expireInSeconds: options.expireInSeconds ?? 60,
        },
        batchSize: options.batchSize ?? 50,
        concurrency: options.loops ?? (database.kind === 'postgres' ? 4 : 2),
        pollingIntervalSeconds: options.pollingIntervalSeconds ?? 30,
        log: (message, error) => log(`workflow runtime: ${message}`, error),
        runBatch: (jobs, context) => {
          if (!runtime) throw new Error('The workflow runtime has not started.');
          return runtime.handleBatch(jobs, context);
        },
      },
      { work: false },
    );
    await addFifoIndex(database, STEP_QUEUE);
    runtime = new WorkflowRuntime(boss, options, steps);
    registerRuntime({ scheduler: runtime.scheduler, clock: runtime.deps.clock });
    runtime.stopListening = await listenForWork(database, options.databaseUrl, log);
    const started = runtime;
    runtime.sweeper = await startPeriodicJob(boss, database.db, {
      name: SWEEP_JOB,
      schedule: cronEvery(options.sweepIntervalMs ?? 60_000),
      pollingIntervalSeconds: options.pollingIntervalSeconds ?? 30,
      log: (message, error) => log(`workflow runtime: ${message}`, error),
      run: () => started.sweep(),
    });
    if (options.work !== false) await runtime.startWorkers();
    void runtime.sweeper.runNow();
    return runtime;
  }

  /** Starts the work loops (start() does, unless work: false). */
  async startWorkers(): Promise<void> {
    if (!this.stopped) this.steps.startWorking();
  }

  /**
   * Runs a batch of step jobs (those of LATER_QUEUE first, then STEP_QUEUE's oldest) and completes its jobs
   * in the batch's own transaction; a batch that fails runs its jobs one by one.
   */
  private async handleBatch(jobs: readonly QueuedJob<StepJobData>[], context: BatchContext): Promise<void> {
    const completing =
      (done: readonly QueuedJob<StepJobData>[]): BeforeCommit =>
      (trx) =>
        context.complete(trx, done);
    const started = Date.now();
    if (jobs.length > 1) {
      try {
        const results = await runStepBatch(
          this.deps,
          jobs.map((job) => job.data),
          completing(jobs),
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
        this.count(job.data, at, await runStepJob(this.deps, job.data, completing([job])));
      } catch (error) {
        this.stats.failures += 1;
        this.options.log?.('workflow step failed', error);
        try {
          await recordStepFailure(this.deps, job.data, error, completing([job]));
        } catch (failure) {
          // Not even the failure could be written (the database is away): pg-boss retries the job later.
          this.options.log?.('workflow step failure could not be recorded', failure);
          await context
            .fail(job, failure)
            .catch((error) =>
              this.options.log?.('workflow step job could not be failed (given again at its expiry)', error),
            );
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
    await this.sweeper?.stop();
    await this.steps.stop();
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

declare module 'fastify' {
  interface FastifyInstance {
    /** The workflow runtime of this process, when buildApp was asked to run it. */
    workflowRuntime: WorkflowRuntime | null;
  }
}
