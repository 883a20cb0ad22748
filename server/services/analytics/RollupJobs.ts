import type PgBoss from 'pg-boss';
import type { DatabaseHandle } from '../../db/openDatabase.ts';
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

export type RollupJobsOptions = {
  database: DatabaseHandle;
  boss: PgBoss;
  log: (message: string, error?: unknown) => void;
  /** Events per catch-up transaction (applyNewEvents). */
  batchEvents?: number;
};

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
          await jobs.catchUp();
        } while (jobs.again && !context.stopping());
      },
    });
    jobs.sweep = await startPeriodicJob(boss, database.db, {
      name: ROLLUP_SWEEP,
      schedule: '* * * * *',
      log,
      run: async () => {
        await jobs.catchUp();
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
   * rollups as of the events recorded so far).
   */
  catchUp(): Promise<CatchUp> {
    const run = this.chain.then(() =>
      applyNewEvents(this.options.database.db, { batchEvents: this.options.batchEvents }),
    );
    // The next catch-up waits for this one whatever its outcome; the outcome goes to this caller.
    this.chain = Promise.allSettled([run]);
    return run;
  }

  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    this.offEvents();
    await this.sweep?.stop();
    await this.runner?.stop();
    await this.chain;
  }
}
