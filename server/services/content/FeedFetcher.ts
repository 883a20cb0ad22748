import type { Kysely } from 'kysely';
import type PgBoss from 'pg-boss';
import type { Database } from '../../db/schema.ts';
import { type JobRunner, startJob } from '../../lib/jobs/startJob.ts';
import { cronEvery, type PeriodicJob, startPeriodicJob } from '../../lib/jobs/startPeriodicJob.ts';
import { type FetchSourceOptions, fetchSource } from './fetchSource.ts';
import { dueSourceIds, isDue } from './queries.ts';

/** The pg-boss queue of feed fetches: one job per source fetch. */
export const FEED_QUEUE = 'content-feed-fetch';
/** The periodic job that queues the fetches of due sources. */
export const FEED_SWEEP = 'content-feed-sweep';

/** A feed fetch job: the source, and `now` for a fetch asked for at once (a source just added). */
export type FeedJobData = { sourceId: number; now?: boolean };

export type FeedFetcherOptions = {
  db: Kysely<Database>;
  boss: PgBoss;
  /** A source is fetched again once its last fetch is this old (minutes, default 30). */
  intervalMinutes?: number;
  /**
   * How often due sources are looked for (ms, default 60,000): a pg-boss schedule, so by whole minutes (or
   * hours from 60 minutes), run by one process of the database each time.
   */
  sweepMs?: number;
  /** Fetches run at once in this process (default 2). */
  concurrency?: number;
  /**
   * The longest this process goes without looking for fetch jobs nobody told it of (seconds, default 30);
   * a fetch queued by any process (a sweep, fetchNow) wakes the workers at once.
   */
  pollingIntervalSeconds?: number;
  /** The safe fetch's limits (and, in tests only, allowPrivate). */
  fetch?: FetchSourceOptions;
  log: (message: string, error?: unknown) => void;
};

const SWEEP_BATCH = 500;

/**
 * Keeps the article pool fresh, on pg-boss (jobs of server/lib/jobs): a periodic sweep (FEED_SWEEP, every
 * sweepMs, and once at start) queues a fetch job for each source whose last fetch is older than
 * intervalMinutes, and the workers run them (fetchSource: conditional request, safe fetch, new articles
 * only). The queue's "stately" policy keeps at most one waiting job per source (singletonKey), so sweeps
 * of several processes never pile fetches up; a job re-checks that its source is still due, so a repeated
 * job fetches nothing twice. A feed that fails is recorded on its source (last_error) and tried again at
 * the next interval; a database failure fails the job and pg-boss retries it.
 */
export class FeedFetcher {
  private constructor(
    private readonly fetches: JobRunner<FeedJobData>,
    private readonly sweeper: PeriodicJob,
  ) {}

  static async start(options: FeedFetcherOptions): Promise<FeedFetcher> {
    const { db, boss } = options;
    const intervalMinutes = options.intervalMinutes ?? 30;
    const fetches = await startJob<FeedJobData>(boss, db, {
      name: FEED_QUEUE,
      queue: { policy: 'stately', retryLimit: 3, retryDelay: 60, retryBackoff: true, expireInSeconds: 300 },
      concurrency: options.concurrency ?? 2,
      pollingIntervalSeconds: options.pollingIntervalSeconds,
      log: options.log,
      describe: ({ sourceId }) => `feed ${sourceId}`,
      run: async ({ data }) => {
        if (!data.now && !(await isDue(db, data.sourceId, intervalMinutes))) return;
        const result = await fetchSource(db, data.sourceId, options.fetch);
        if (result.outcome === 'failed') options.log(`feed ${data.sourceId} failed: ${result.error}`);
      },
    });
    const sweeper = await startPeriodicJob(boss, db, {
      name: FEED_SWEEP,
      schedule: cronEvery(options.sweepMs ?? 60_000),
      pollingIntervalSeconds: options.pollingIntervalSeconds,
      log: options.log,
      run: async () => {
        const ids = await dueSourceIds(db, intervalMinutes, SWEEP_BATCH);
        await fetches.queueMany(
          ids.map((sourceId) => ({ data: { sourceId }, singletonKey: String(sourceId) })),
        );
      },
    });
    void sweeper.runNow();
    return new FeedFetcher(fetches, sweeper);
  }

  /** Queues a fetch of one source now (after a user adds it). */
  async fetchNow(sourceId: number): Promise<void> {
    await this.fetches.queue({ sourceId, now: true }, { singletonKey: String(sourceId) });
  }

  /** Looks for due sources now and queues their fetches (once at a time). */
  sweepSoon(): Promise<void> {
    return this.sweeper.runNow();
  }

  /** Stops sweeping and taking jobs, and waits for the fetches in flight (each ends by its time-out). */
  async stop(): Promise<void> {
    await this.sweeper.stop();
    await this.fetches.stop();
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The feed fetcher of this process, when buildApp was asked to run it. */
    feedFetcher: FeedFetcher | null;
  }
}
