import type { Kysely } from 'kysely';
import type PgBoss from 'pg-boss';
import type { Database } from '../../db/schema.ts';
import { dueSourceIds, isDue } from './contentQueries.ts';
import { type FetchSourceOptions, fetchSource } from './fetchSource.ts';

/** The pg-boss queue of feed fetches: one job per source fetch. */
export const FEED_QUEUE = 'content-feed-fetch';

/** A feed fetch job: the source, and `now` for a fetch asked for at once (a source just added). */
export type FeedJobData = { sourceId: number; now?: boolean };

export type FeedFetcherOptions = {
  db: Kysely<Database>;
  boss: PgBoss;
  /** A source is fetched again once its last fetch is this old (minutes, default 30). */
  intervalMinutes?: number;
  /** How often due sources are looked for (ms, default 60,000). */
  sweepMs?: number;
  /** Fetches run at once in this process (pg-boss batch, default 2). */
  concurrency?: number;
  /**
   * pg-boss polls for jobs this often (seconds, default 30); this process's own sweeps and fetchNow wake
   * the worker at once, so the poll only picks up jobs queued by other processes.
   */
  pollingIntervalSeconds?: number;
  /** The safe fetch's limits (and, in tests only, allowPrivate). */
  fetch?: FetchSourceOptions;
  log: (message: string, error?: unknown) => void;
};

const SWEEP_BATCH = 500;

/**
 * Keeps the article pool fresh: every sweepMs it queues a pg-boss job for each source whose last fetch is
 * older than intervalMinutes, and works the queue (fetchSource: conditional request, safe fetch, new
 * articles only). The queue's "stately" policy keeps at most one waiting job per source (singletonKey),
 * so sweeps of several processes never pile fetches up; a job re-checks that its source is still due, so
 * a repeated job fetches nothing twice. A feed that fails is recorded on its source (last_error) and
 * tried again at the next interval; a database failure fails the job and pg-boss retries it.
 */
export class FeedFetcher {
  private timer: NodeJS.Timeout | undefined;
  private sweeping: Promise<void> | null = null;
  private stopped = false;
  private readonly active = new Set<Promise<void>>();
  private workerId = '';

  private constructor(private readonly options: FeedFetcherOptions) {}

  static async start(options: FeedFetcherOptions): Promise<FeedFetcher> {
    const { boss } = options;
    await boss.createQueue(FEED_QUEUE, {
      name: FEED_QUEUE,
      policy: 'stately',
      retryLimit: 3,
      retryDelay: 60,
      retryBackoff: true,
      expireInSeconds: 300,
    });
    const fetcher = new FeedFetcher(options);
    fetcher.workerId = await boss.work<FeedJobData>(
      FEED_QUEUE,
      { batchSize: options.concurrency ?? 2, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 30 },
      async (jobs) => {
        await Promise.all(jobs.map((job) => fetcher.track(fetcher.runJob(job.data))));
      },
    );
    fetcher.timer = setInterval(() => void fetcher.sweepSoon(), options.sweepMs ?? 60_000);
    fetcher.timer.unref();
    void fetcher.sweepSoon();
    return fetcher;
  }

  /** Queues a fetch of one source now (after a user adds it). */
  async fetchNow(sourceId: number): Promise<void> {
    await this.options.boss.send(FEED_QUEUE, { sourceId, now: true } satisfies FeedJobData, {
      singletonKey: String(sourceId),
    });
    this.wakeWorker();
  }

  private wakeWorker(): void {
    if (this.workerId && !this.stopped) this.options.boss.notifyWorker(this.workerId);
  }

  /** Looks for due sources now and queues their fetches (once at a time). */
  sweepSoon(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (!this.sweeping) {
      this.sweeping = this.sweep()
        .catch((error) => this.options.log('feed sweep failed', error))
        .finally(() => {
          this.sweeping = null;
        });
    }
    return this.sweeping;
  }

  private async sweep(): Promise<void> {
    const ids = await dueSourceIds(this.options.db, this.intervalMinutes(), SWEEP_BATCH);
    for (const sourceId of ids) {
      if (this.stopped) return;
      await this.options.boss.send(FEED_QUEUE, { sourceId } satisfies FeedJobData, {
        singletonKey: String(sourceId),
      });
    }
    if (ids.length > 0) this.wakeWorker();
  }

  private intervalMinutes(): number {
    return this.options.intervalMinutes ?? 30;
  }

  private track(work: Promise<void>): Promise<void> {
    this.active.add(work);
    return work.finally(() => this.active.delete(work));
  }

  private async runJob(data: FeedJobData): Promise<void> {
    if (!data.now && !(await isDue(this.options.db, data.sourceId, this.intervalMinutes()))) return;
    const result = await fetchSource(this.options.db, data.sourceId, this.options.fetch);
    if (result.outcome === 'failed') this.options.log(`feed ${data.sourceId} failed: ${result.error}`);
  }

  /** Stops sweeping and taking jobs, and waits for the fetches in flight (each ends by its time-out). */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    clearInterval(this.timer);
    await this.sweeping;
    await this.options.boss.offWork(FEED_QUEUE);
    await Promise.allSettled([...this.active]);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The feed fetcher of this process, when buildApp was asked to run it. */
    feedFetcher: FeedFetcher | null;
  }
}
