import type PgBoss from 'pg-boss';
import type { DatabaseHandle } from '../../db/openDatabase.ts';
import { pacedRestMs, Rests } from '../../lib/jobs/Rests.ts';
import { type JobRunner, startJob } from '../../lib/jobs/startJob.ts';
import { type PeriodicJob, startPeriodicJob } from '../../lib/jobs/startPeriodicJob.ts';
import { onWork } from '../../lib/workSignals.ts';
import { applyNewEvents, type CatchUp } from './applyNewEvents.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The analytics rollups' catch-up (tests and benchmarks run one to read the rollups up to now). */
    analyticsRollups: RollupJobs;
  }
}

/** The pg-boss job of the analytics catch-up: at most one queued (stately) and one running at a time. */
export const ROLLUP_QUEUE = 'analytics-rollups';
/** A catch-up every minute even without being woken (a notification lost on reconnect). */
export const ROLLUP_SWEEP = 'analytics-rollups-sweep';
const QUEUED_FOR_MS = 1000;
/**
 * The share of the database's time a catch-up takes while events keep coming: after each batch (and each
 * round woken by new events) it rests in proportion to the time the batch took, so a burst of tracking
 * requests is answered first and its rollups follow a moment later. PGlite has one connection, so a catch-up
 * transaction holds up every tracking write for its length.
 */
export const ROLLUP_DUTY = 0.1;

export type RollupJobsOptions = {
  database: DatabaseHandle;
  boss: PgBoss;
  log: (message: string, error?: unknown) => void;
  /** Events per catch-up transaction (applyNewEvents). */
  batchEvents?: number;
};

/** The rest after `workMs` of catch-up that keeps it to ROLLUP_DUTY of the time (within 20 ms to 2 s). */
export function rollupRestMs(workMs: number): number {
  return pacedRestMs(workMs, ROLLUP_DUTY);
}

/**
 * Keeps the analytics rollups in step with email_event (docs/analytics.md, "Freshness"). Each transaction
 * that records events notifies 'events' at its commit (lib/eventWriteLock.ts); every process hears it and
 * queues one catch-up job (stately: at most one waits), whose worker runs applyNewEvents until no
 * notification came in meanwhile. The job is idempotent (the progress mark moves with the rollups), so a
 * retry after a failure or a killed process repeats nothing; processes take turns on the mark's row. A
 * pg-boss schedule runs one every minute as well, for a notification lost while reconnecting.
 */
export class RollupJobs {
  private stopped = false;
  /**
   * A job was queued here a moment ago (until its worker starts here, or QUEUED_FOR_MS passed, since another
   * process may have run it): no need to queue another, each notification would otherwise cost a statement.
   */
  private queued = false;
  /** Events were recorded since the running catch-up started: it goes round once more. */
  private again = false;
  private chain: Promise<unknown> = Promise.resolve();
  /** Rests under way (a stop ends them at once). */
  private readonly rests = new Rests(ROLLUP_DUTY);
  private offEvents: () => void = () => {};
  private runner: JobRunner<object> | null = null;
  private sweep: PeriodicJob | null = null;

  private constructor(private readonly options: RollupJobsOptions) {}

  static async start(options: RollupJobsOptions): Promise<RollupJobs> {
    const jobs = new RollupJobs(options);
    const { boss, database, log } = options;
    jobs.runner = await startJob<object>(boss, database.db, {
      name: ROLLUP_QUEUE,
      queue: { policy: 'stately', retryLimit: 10, retryDelay: 2, retryBackoff: true, expireInSeconds: 600 },
      log,
      describe: () => 'analytics catch-up',
      run: async (_job, context) => {
        jobs.queued = false;
        do {
          jobs.again = false;
          const started = performance.now();
          await jobs.catchUp({ paced: true });
          if (jobs.again) await jobs.rest(performance.now() - started);
        } while (jobs.again && !context.stopping());
      },
    });
    jobs.sweep = await startPeriodicJob(boss, database.db, {
      name: ROLLUP_SWEEP,
      schedule: '* * * * *',
      log,
      run: async () => {
        await jobs.catchUp({ paced: true });
      },
    });
    jobs.offEvents = onWork('events', () => {
      jobs.again = true;
      jobs.nudge();
    });
    // Events recorded while no process ran are caught up at start.
    jobs.nudge();
    return jobs;
  }

  /** Queues a catch-up job unless one this process queued is still waiting (its worker is woken). */
  nudge(): void {
    const runner = this.runner;
    if (this.stopped || this.queued || !runner) return;
    this.queued = true;
    runner.queue({}).then(
      () => {
        setTimeout(() => {
          this.queued = false;
        }, QUEUED_FOR_MS).unref();
      },
      (error: unknown) => {
        this.queued = false;
        if (!this.stopped) this.options.log('analytics catch-up could not be queued', error);
      },
    );
  }

  /**
   * One catch-up now, after any running in this process (tests and the benchmark wait on it to read the
   * rollups as of the events recorded so far); `paced`: resting between batches (the background job).
   */
  catchUp(options: { paced?: boolean } = {}): Promise<CatchUp> {
    const run = this.chain.then(() =>
      applyNewEvents(this.options.database.db, {
        batchEvents: this.options.batchEvents,
        // A stopping process ends its pass at the next batch: the mark holds what is done.
        afterBatch: options.paced
          ? async (batchMs) => {
              await this.rest(batchMs);
              return !this.stopped;
            }
          : undefined,
      }),
    );
    // The caller gets the failure; the chain goes on to the next catch-up, and the log keeps it.
    this.chain = run.catch((error) => this.options.log('analytics catch-up failed', error));
    return run;
  }

  /** Rests after `workMs` of catch-up so that it takes about ROLLUP_DUTY of the time (none once stopped). */
  rest(workMs: number): Promise<void> {
    return this.rests.after(workMs);
  }

  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    this.rests.stop();
    this.offEvents();
    await this.sweep?.stop();
    await this.runner?.stop();
    await this.chain;
  }
}
