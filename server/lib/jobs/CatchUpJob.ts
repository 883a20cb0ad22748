import type { Kysely } from 'kysely';
import type PgBoss from 'pg-boss';
import type { Database } from '../../db/schema.ts';
import { onWork } from '../workSignals.ts';
import { Rests } from './Rests.ts';
import { type JobRunner, startJob } from './startJob.ts';
import { type PeriodicJob, startPeriodicJob } from './startPeriodicJob.ts';

/** After each batch of a paced pass: rests, and answers whether the pass goes on (false once stopping). */
export type AfterBatch = (batchMs: number) => Promise<boolean>;

export type CatchUpJobOptions<T> = {
  db: Kysely<Database>;
  boss: PgBoss;
  log: (message: string, error?: unknown) => void;
  /** The pg-boss queue of the catch-up (stately: at most one waits) and its minute sweep's name. */
  name: string;
  sweep: string;
  /** What it is, in the log ("analytics catch-up"). */
  label: string;
  /** The work signals (lib/workSignals.ts) that mean new work: each queues a catch-up. */
  wakeOn: readonly string[];
  /** The share of the time a catch-up takes while new work keeps coming (lib/jobs/Rests.ts). */
  duty: number;
  /** One pass over the new work, idempotent (its progress mark moves with what it writes); `afterBatch`
   * is given to a paced pass (the background job's). */
  pass: (afterBatch: AfterBatch | undefined) => Promise<T>;
};

/** How long a job queued here keeps this process from queueing another (its worker may run elsewhere). */
const QUEUED_FOR_MS = 1000;

/**
 * The one background catch-up of derived data (the analytics rollups, the journey's scores): work recorded
 * in a transaction notifies a work signal at its commit; every process hears it and queues one catch-up job
 * (stately: at most one waits), whose worker runs passes, paced to `duty` of the time, until no signal came
 * in meanwhile. A pg-boss schedule runs a pass every minute as well (a notification lost while
 * reconnecting), and one is queued at start (work recorded while no process ran). A pass is idempotent, so
 * a retry after a failure or a killed process repeats nothing; passes in one process run one after another.
 */
export class CatchUpJob<T> {
  private stopped = false;
  /** A job was queued here a moment ago: no need to queue another (each would cost a statement). */
  private queued = false;
  /** New work was signalled since the running pass started: it goes round once more. */
  private again = false;
  private chain: Promise<unknown> = Promise.resolve();
  private readonly rests: Rests;
  private readonly offs: (() => void)[] = [];
  private runner: JobRunner<object> | null = null;
  private sweep: PeriodicJob | null = null;

  private constructor(private readonly options: CatchUpJobOptions<T>) {
    this.rests = new Rests(options.duty);
  }

  static async start<T>(options: CatchUpJobOptions<T>): Promise<CatchUpJob<T>> {
    const job = new CatchUpJob(options);
    const { boss, db, log } = options;
    job.runner = await startJob<object>(boss, db, {
      name: options.name,
      queue: { policy: 'stately', retryLimit: 10, retryDelay: 2, retryBackoff: true, expireInSeconds: 600 },
      log,
      describe: () => options.label,
      run: async (_job, context) => {
        job.queued = false;
        do {
          job.again = false;
          const started = performance.now();
          await job.catchUp({ paced: true });
          if (job.again) await job.rest(performance.now() - started);
        } while (job.again && !context.stopping());
      },
    });
    job.sweep = await startPeriodicJob(boss, db, {
      name: options.sweep,
      schedule: '* * * * *',
      log,
      run: async () => {
        await job.catchUp({ paced: true });
      },
    });
    for (const signal of options.wakeOn)
      job.offs.push(
        onWork(signal, () => {
          job.again = true;
          job.nudge();
        }),
      );
    job.nudge();
    return job;
  }

  /** Queues a catch-up job unless one this process queued is still waiting (its worker is woken). */
  nudge(): void {
    const runner = this.runner;
    if (this.stopped || this.queued || !runner) return;
    this.queued = true;
    runner.queue({}).then(
      () => setTimeout(() => (this.queued = false), QUEUED_FOR_MS).unref(),
      (error: unknown) => {
        this.queued = false;
        if (!this.stopped) this.options.log(`${this.options.label} could not be queued`, error);
      },
    );
  }

  /**
   * One pass now, after any running in this process (tests and benchmarks wait on it); `paced`: resting
   * between batches, and a stopping process ends its pass at the next batch (the mark holds what is done).
   */
  catchUp(options: { paced?: boolean } = {}): Promise<T> {
    const run = this.chain.then(() =>
      this.options.pass(
        options.paced
          ? async (batchMs) => {
              await this.rest(batchMs);
              return !this.stopped;
            }
          : undefined,
      ),
    );
    // The caller gets the failure; the chain goes on to the next pass, and the log keeps it.
    this.chain = run.catch((error) => this.options.log(`${this.options.label} failed`, error));
    return run;
  }

  /** Rests after `workMs` of catch-up so that it takes about `duty` of the time (none once stopped). */
  rest(workMs: number): Promise<void> {
    return this.rests.after(workMs);
  }

  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    this.rests.stop();
    for (const off of this.offs) off();
    await this.sweep?.stop();
    await this.runner?.stop();
    await this.chain;
  }
}
