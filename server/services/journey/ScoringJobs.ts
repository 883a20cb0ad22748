import type { Kysely, Transaction } from 'kysely';
import type PgBoss from 'pg-boss';
import type { RecomputeJob } from '../../../domain/journeyScoring.ts';
import type { Database } from '../../db/schema.ts';
import { Rests } from '../../lib/jobs/Rests.ts';
import { type JobRunner, startJob } from '../../lib/jobs/startJob.ts';
import { type PeriodicJob, startPeriodicJob } from '../../lib/jobs/startPeriodicJob.ts';
import { onWork } from '../../lib/workSignals.ts';
import { recomputeScores } from './recomputeScores.ts';
import { restageScores } from './restageScores.ts';
import { type ScoringCatchUp, scoreNewActivity } from './scoreNewActivity.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The buyer journey's scoring jobs (tests run a catch-up, a recompute or a restage now). */
    journeyScoring: ScoringJobs;
  }
}

/** The catch-up of scores (stately: at most one waiting), its minute sweep, recomputes, the hourly restage. */
export const SCORING_QUEUE = 'journey-scoring';
export const SCORING_SWEEP = 'journey-scoring-sweep';
export const RECOMPUTE_QUEUE = 'journey-recompute';
export const RESTAGE = 'journey-restage';
/** The share of the database's time the catch-up takes while activity keeps coming (as the rollups'). */
export const SCORING_DUTY = 0.1;
const QUEUED_FOR_MS = 1000;

export type ScoringJobsOptions = {
  db: Kysely<Database>;
  boss: PgBoss;
  log: (message: string, error?: unknown) => void;
  /** Now (tests move it). */
  clock: () => Date;
};

/**
 * Keeps contacts' scores and stages in step with their activity (docs/journey.md), as the analytics
 * catch-up keeps the rollups: never in the request that records the activity. Email events ('events'),
 * page views and form submissions ('journey', m0061's triggers) notify at their commit; every process
 * queues one catch-up job (stately), whose worker runs scoreNewActivity, paced to SCORING_DUTY of the
 * time, until nothing new came in. A minute sweep catches a lost notification. A criteria change queues a
 * recompute job (recomputeScores, its progress in journey_recompute); every hour the restage decays
 * scores and moves stages.
 */
export class ScoringJobs {
  private stopped = false;
  private queued = false;
  private again = false;
  private chain: Promise<unknown> = Promise.resolve();
  private readonly rests = new Rests(SCORING_DUTY);
  private readonly offs: (() => void)[] = [];
  private catchUpJob: JobRunner<object> | null = null;
  private recomputeJob: JobRunner<{ recomputeId: number }> | null = null;
  private periodic: PeriodicJob[] = [];
  /** Recomputes under way in this process, by id: a second call waits for the first. */
  private readonly recomputing = new Map<number, Promise<void>>();

  private constructor(private readonly options: ScoringJobsOptions) {}

  static async start(options: ScoringJobsOptions): Promise<ScoringJobs> {
    const jobs = new ScoringJobs(options);
    const { boss, db, log } = options;
    jobs.catchUpJob = await startJob<object>(boss, db, {
      name: SCORING_QUEUE,
      queue: { policy: 'stately', retryLimit: 10, retryDelay: 2, retryBackoff: true, expireInSeconds: 600 },
      log,
      describe: () => 'journey scoring catch-up',
      run: async (_job, context) => {
        jobs.queued = false;
        do {
          jobs.again = false;
          const started = performance.now();
          await jobs.catchUp({ paced: true });
          if (jobs.again) await jobs.rests.after(performance.now() - started);
        } while (jobs.again && !context.stopping());
      },
    });
    jobs.recomputeJob = await startJob<{ recomputeId: number }>(boss, db, {
      name: RECOMPUTE_QUEUE,
      queue: { retryLimit: 3, retryDelay: 5, retryBackoff: true, expireInSeconds: 3600 },
      log,
      describe: (data) => `journey recompute ${data.recomputeId}`,
      run: async (job, context) => {
        try {
          await jobs.recompute(job.data.recomputeId, context.stopping);
        } catch (error) {
          if (job.retryCount >= job.retryLimit)
            await db
              .updateTable('journey_recompute')
              .set({ state: 'failed', error: error instanceof Error ? error.message : String(error) })
              .where('id', '=', job.data.recomputeId)
              .execute();
          throw error;
        }
      },
    });
    jobs.periodic = [
      await startPeriodicJob(boss, db, {
        name: SCORING_SWEEP,
        schedule: '* * * * *',
        log,
        run: async () => {
          await jobs.catchUp({ paced: true });
        },
      }),
      await startPeriodicJob(boss, db, {
        name: RESTAGE,
        schedule: '23 * * * *',
        log,
        run: async () => {
          await restageScores(db, options.clock());
        },
      }),
    ];
    for (const kind of ['events', 'journey'])
      jobs.offs.push(
        onWork(kind, () => {
          jobs.again = true;
          jobs.nudge();
        }),
      );
    // Activity recorded while no process ran is scored at start.
    jobs.nudge();
    return jobs;
  }

  /** Queues a catch-up job unless one this process queued is still waiting. */
  nudge(): void {
    const runner = this.catchUpJob;
    if (this.stopped || this.queued || !runner) return;
    this.queued = true;
    runner.queue({}).then(
      () => setTimeout(() => (this.queued = false), QUEUED_FOR_MS).unref(),
      (error: unknown) => {
        this.queued = false;
        if (!this.stopped) this.options.log('journey scoring catch-up could not be queued', error);
      },
    );
  }

  /** One catch-up now, after any running in this process (tests wait on it); `paced`: the background job's. */
  catchUp(options: { paced?: boolean } = {}): Promise<ScoringCatchUp> {
    const run = this.chain.then(() =>
      scoreNewActivity(this.options.db, {
        now: this.options.clock,
        afterBatch: options.paced
          ? async (batchMs) => {
              await this.rests.after(batchMs);
              return !this.stopped;
            }
          : undefined,
      }),
    );
    this.chain = run.catch((error) => this.options.log('journey scoring catch-up failed', error));
    return run;
  }

  /**
   * Records a recompute of the organisation's scores and queues its job, in the caller's transaction (the
   * criteria saved with it); answers its state.
   */
  async queueRecompute(trx: Transaction<Database>, orgId: number): Promise<RecomputeJob> {
    const total = await trx
      .selectFrom('contacts')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('org_id', '=', orgId)
      .executeTakeFirstOrThrow();
    const row = await trx
      .insertInto('journey_recompute')
      .values({ org_id: orgId, total: Number(total.n) })
      .returning(['id', 'state', 'done', 'total'])
      .executeTakeFirstOrThrow();
    await this.recomputeJob?.queue({ recomputeId: row.id }, { db: trx });
    return row;
  }

  /** Runs a recompute, or waits for it when this process runs it already (the job; tests wait on it). */
  recompute(recomputeId: number, stopping: () => boolean = () => this.stopped): Promise<void> {
    const running = this.recomputing.get(recomputeId);
    if (running) return running;
    const run = this.runRecompute(recomputeId, stopping).finally(() => this.recomputing.delete(recomputeId));
    this.recomputing.set(recomputeId, run);
    return run;
  }

  private async runRecompute(recomputeId: number, stopping: () => boolean): Promise<void> {
    const { db } = this.options;
    const row = await db
      .updateTable('journey_recompute')
      .set({ state: 'running', done: 0 })
      .where('id', '=', recomputeId)
      .where('state', 'in', ['queued', 'running'])
      .returning('org_id')
      .executeTakeFirst();
    if (!row) return;
    const result = await recomputeScores(db, row.org_id, {
      now: this.options.clock,
      onChunk: async (done, total) => {
        await db
          .updateTable('journey_recompute')
          .set({ done, total })
          .where('id', '=', recomputeId)
          .execute();
        return !stopping();
      },
    });
    if (result.stopped) throw new Error('stopped: the recompute runs again');
    await db
      .updateTable('journey_recompute')
      .set({ state: 'done', done: result.total, total: result.total, finished_at: new Date() })
      .where('id', '=', recomputeId)
      .execute();
  }

  /** The hourly restage, now. */
  restage(): Promise<number> {
    return restageScores(this.options.db, this.options.clock());
  }

  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    this.rests.stop();
    for (const off of this.offs) off();
    for (const job of this.periodic) await job.stop();
    await this.catchUpJob?.stop();
    await this.recomputeJob?.stop();
    await this.chain;
  }
}
