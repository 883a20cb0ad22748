import { type Kysely, sql, type Transaction } from 'kysely';
import type PgBoss from 'pg-boss';
import type { RecomputeJob } from '../../../domain/journeyScoring.ts';
import type { Database } from '../../db/schema.ts';
import { CatchUpJob } from '../../lib/jobs/CatchUpJob.ts';
import { type JobRunner, startJob } from '../../lib/jobs/startJob.ts';
import { type PeriodicJob, startPeriodicJob } from '../../lib/jobs/startPeriodicJob.ts';
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

export type ScoringJobsOptions = {
  db: Kysely<Database>;
  boss: PgBoss;
  log: (message: string, error?: unknown) => void;
  /** Now (tests move it). */
  clock: () => Date;
  /**
   * Vacuums the tables a recompute rewrote, and the activity rows it reads, before it is done (PGlite, which
   * runs no autovacuum: without it the stage index keeps every moved contact's old entry, and a stage's
   * first page walked hundreds of thousands of them; the next recompute reads the activity from its index
   * alone only where the table's pages are marked all-visible).
   */
  vacuumAfterRecompute?: boolean;
};

/**
 * Keeps contacts' scores and stages in step with their activity (docs/journey.md), as the analytics
 * catch-up keeps the rollups: never in the request that records the activity. The one catch-up job
 * (lib/jobs/CatchUpJob.ts) is woken by email events ('events') and page views and form submissions
 * ('journey', m0061's triggers) at their commit and runs scoreNewActivity, paced to SCORING_DUTY. A criteria change queues a
 * recompute job (recomputeScores, its progress in journey_recompute); every hour the restage decays
 * scores and moves stages.
 */
export class ScoringJobs {
  private stopped = false;
  private catchUpJob: CatchUpJob<ScoringCatchUp> | null = null;
  private recomputeJob: JobRunner<{ recomputeId: number }> | null = null;
  private periodic: PeriodicJob[] = [];
  /** Recomputes under way in this process, by id: a second call waits for the first. */
  private readonly recomputing = new Map<number, Promise<void>>();

  private constructor(private readonly options: ScoringJobsOptions) {}

  static async start(options: ScoringJobsOptions): Promise<ScoringJobs> {
    const jobs = new ScoringJobs(options);
    const { boss, db, log } = options;
    jobs.catchUpJob = await CatchUpJob.start<ScoringCatchUp>({
      db,
      boss,
      log,
      name: SCORING_QUEUE,
      sweep: SCORING_SWEEP,
      label: 'journey scoring catch-up',
      wakeOn: ['events', 'journey'],
      duty: SCORING_DUTY,
      pass: (afterBatch) => scoreNewActivity(db, { now: options.clock, afterBatch }),
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
        name: RESTAGE,
        schedule: '23 * * * *',
        log,
        run: async () => {
          await restageScores(db, options.clock());
        },
      }),
    ];
    return jobs;
  }

  /** Queues a catch-up job unless one this process queued is still waiting. */
  nudge(): void {
    this.catchUpJob?.nudge();
  }

  /** One catch-up now, after any running in this process (tests wait on it); `paced`: the background job's. */
  catchUp(options: { paced?: boolean } = {}): Promise<ScoringCatchUp> {
    if (!this.catchUpJob) throw new Error('journey scoring is not started');
    return this.catchUpJob.catchUp(options);
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
    if (this.options.vacuumAfterRecompute)
      await sql`vacuum (analyze) contacts, contact_scores, journey_points`.execute(db);
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
    for (const job of this.periodic) await job.stop();
    await this.catchUpJob?.stop();
    await this.recomputeJob?.stop();
  }
}
