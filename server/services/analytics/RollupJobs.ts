import type PgBoss from 'pg-boss';
import type { DatabaseHandle } from '../../db/openDatabase.ts';
import { listenForWork } from '../../lib/listenForWork.ts';
import { onWork } from '../../lib/workSignals.ts';
import { applyNewEvents, type CatchUp } from './applyNewEvents.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The analytics rollups' catch-up (tests and benchmarks run one to read the rollups up to now). */
    analyticsRollups: RollupJobs;
  }
}

/** The pg-boss queue of the analytics catch-up: at most one job queued and one running, in every process. */
export const ROLLUP_QUEUE = 'analytics-rollups';
/** How often a process asks for a catch-up even without being woken (a notification lost on reconnect). */
export const ROLLUP_SWEEP_MS = 30_000;
const QUEUED_FOR_MS = 1000;

export type RollupJobsOptions = {
  database: DatabaseHandle;
  databaseUrl?: string;
  boss: PgBoss;
  log: (message: string, error?: unknown) => void;
  sweepMs?: number;
  /** Events per catch-up transaction (applyNewEvents). */
  batchEvents?: number;
};

/**
 * Keeps the analytics rollups in step with email_event (docs/analytics.md, "Freshness"). Each transaction
 * that records events notifies 'events' at its commit (lib/eventWriteLock.ts); every process hears it and
 * queues one catch-up job (the queue holds at most one waiting), whose worker runs applyNewEvents until no
 * notification came in meanwhile. The job is idempotent (the progress mark moves with the rollups), so a
 * retry after a failure or a killed process repeats nothing; processes take turns on the mark's row.
 */
export class RollupJobs {
  private workerId = '';
  private stopped = false;
  /**
   * A job was queued here a moment ago (until its worker starts here, or QUEUED_FOR_MS passed, since another
   * process may have run it): no need to queue another, each notification would otherwise cost a statement.
   */
  private queued = false;
  /** Events were recorded since the running catch-up started: it goes round once more. */
  private again = false;
  private chain: Promise<unknown> = Promise.resolve();
  private readonly offEvents: () => void;
  private stopListening: () => Promise<void> = async () => {};
  private readonly sweeper: NodeJS.Timeout;

  private constructor(private readonly options: RollupJobsOptions) {
    this.offEvents = onWork('events', () => {
      this.again = true;
      this.nudge();
    });
    this.sweeper = setInterval(() => this.nudge(), options.sweepMs ?? ROLLUP_SWEEP_MS);
    this.sweeper.unref();
  }

  static async start(options: RollupJobsOptions): Promise<RollupJobs> {
    const { boss } = options;
    await boss.createQueue(ROLLUP_QUEUE, {
      name: ROLLUP_QUEUE,
      policy: 'stately',
      retryLimit: 10,
      retryDelay: 2,
      retryBackoff: true,
      expireInSeconds: 600,
    });
    const jobs = new RollupJobs(options);
    jobs.stopListening = await listenForWork(options.database, options.databaseUrl, options.log);
    jobs.workerId = await boss.work(ROLLUP_QUEUE, { batchSize: 1, pollingIntervalSeconds: 30 }, async () => {
      jobs.queued = false;
      do {
        jobs.again = false;
        await jobs.catchUp();
      } while (jobs.again && !jobs.stopped);
    });
    // Events recorded while no process ran are caught up at start.
    jobs.nudge();
    return jobs;
  }

  /** Queues a catch-up job unless one this process queued is still waiting, and wakes the worker. */
  nudge(): void {
    if (this.stopped || this.queued || !this.workerId) return;
    this.queued = true;
    this.options.boss
      .send(ROLLUP_QUEUE, {})
      .then(() => {
        if (this.stopped) return;
        this.options.boss.notifyWorker(this.workerId);
        setTimeout(() => {
          this.queued = false;
        }, QUEUED_FOR_MS).unref();
      })
      .catch((error: unknown) => {
        this.queued = false;
        if (!this.stopped) this.options.log('analytics catch-up could not be queued', error);
      });
  }

  /**
   * One catch-up now, after any running in this process (tests and the benchmark wait on it to read the
   * rollups as of the events recorded so far).
   */
  catchUp(): Promise<CatchUp> {
    const run = this.chain.then(() =>
      applyNewEvents(this.options.database.db, { batchEvents: this.options.batchEvents }),
    );
    this.chain = run.catch(() => undefined);
    return run;
  }

  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    clearInterval(this.sweeper);
    this.offEvents();
    await this.options.boss.offWork(ROLLUP_QUEUE);
    await this.chain;
    await this.stopListening();
  }
}
