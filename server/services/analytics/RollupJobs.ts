import type PgBoss from 'pg-boss';
import type { DatabaseHandle } from '../../db/openDatabase.ts';
import { CatchUpJob } from '../../lib/jobs/CatchUpJob.ts';
import { pacedRestMs } from '../../lib/jobs/Rests.ts';
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
 * Keeps the analytics rollups in step with email_event (docs/analytics.md, "Freshness"): the one catch-up
 * job (lib/jobs/CatchUpJob.ts) woken by 'events', which each transaction that records events notifies at its
 * commit (lib/eventWriteLock.ts), running applyNewEvents. Its progress mark moves with the rollups, so a
 * retry after a failure or a killed process repeats nothing; processes take turns on the mark's row.
 */
export class RollupJobs {
  private constructor(private readonly job: CatchUpJob<CatchUp>) {}

  static async start(options: RollupJobsOptions): Promise<RollupJobs> {
    const { database, batchEvents } = options;
    return new RollupJobs(
      await CatchUpJob.start<CatchUp>({
        db: database.db,
        boss: options.boss,
        log: options.log,
        name: ROLLUP_QUEUE,
        sweep: ROLLUP_SWEEP,
        label: 'analytics catch-up',
        wakeOn: ['events'],
        duty: ROLLUP_DUTY,
        pass: (afterBatch) => applyNewEvents(database.db, { batchEvents, afterBatch }),
      }),
    );
  }

  /** Queues a catch-up job unless one this process queued is still waiting. */
  nudge(): void {
    this.job.nudge();
  }

  /**
   * One catch-up now, after any running in this process (tests and the benchmark wait on it to read the
   * rollups as of the events recorded so far); `paced`: resting between batches (the background job).
   */
  catchUp(options: { paced?: boolean } = {}): Promise<CatchUp> {
    return this.job.catchUp(options);
  }

  /** Rests after `workMs` of catch-up so that it takes about ROLLUP_DUTY of the time (none once stopped). */
  rest(workMs: number): Promise<void> {
    return this.job.rest(workMs);
  }

  stop(): Promise<void> {
    return this.job.stop();
  }
}
