import type { Kysely, Transaction } from 'kysely';
import type PgBoss from 'pg-boss';
import { kyselyExecutor } from '../kyselyExecutor.ts';
import { notifyWork, onWork } from '../workSignals.ts';
import { JobHost } from './JobHost.ts';

// biome-ignore lint/suspicious/noExplicitAny: any database schema
type Db = Kysely<any> | Transaction<any>;

/** A job as a batch handler gets it: its id, its queue and its data. */
export type QueuedJob<T> = { id: string; queue: string; data: T };
/** A job as a one-job handler gets it, with its attempt (retryCount: 0 the first time) and its retries. */
export type Job<T> = QueuedJob<T> & { retryCount: number; retryLimit: number };

/** pg-boss settings of the job's queues (retries, expiry, policy), applied at every start. */
export type QueueSettings = Omit<PgBoss.Queue, 'name'>;

export type JobContext = {
  /** True once the process stops: a long job stops at its next safe point (pg-boss gives it again). */
  stopping: () => boolean;
};

export type BatchContext = JobContext & {
  /** Completes jobs in the handler's transaction: they are done exactly when its work commits. */
  complete: (trx: Db, jobs: readonly QueuedJob<unknown>[]) => Promise<void>;
  /** Fails one job: pg-boss tries it again after its queue's retry delay, until its retries run out. */
  fail: (job: QueuedJob<unknown>, error: unknown) => Promise<void>;
};

type Handler<T> =
  | {
      /** Runs one job: completed when it resolves; when it throws, logged and tried again (retryLimit). */
      run: (job: Job<T>, context: JobContext) => Promise<void>;
      batchSize?: never;
      runBatch?: never;
    }
  | {
      /** Jobs taken at once, up to (due jobs of `queues`, in their order). */
      batchSize: number;
      /**
       * Runs a batch, completing or failing its jobs itself (context); a job it leaves is completed when it
       * resolves, failed when it throws.
       */
      runBatch: (jobs: QueuedJob<T>[], context: BatchContext) => Promise<void>;
      run?: never;
    };

export type JobDefinition<T> = {
  /** The job's name: its notification, its log lines, and its pg-boss queue unless `queues` names them. */
  name: string;
  /** Its queues, when more than one: a worker takes the due jobs of the first before the next. */
  queues?: readonly string[];
  queue: QueueSettings;
  /** Jobs (run) or batches (runBatch) under way at once in this process (default 1). */
  concurrency?: number;
  /**
   * The longest this process goes without looking for jobs nobody told it of (seconds, default 30): a
   * retry, a job given again after its process died, a job of a schedule.
   */
  pollingIntervalSeconds?: number;
  log: (message: string, error?: unknown) => void;
  /** How log lines name a job ("edition send 12"; default the job's name and data). */
  describe?: (data: T) => string;
} & Handler<T>;

export type QueueOptions = {
  /** The caller's transaction: the job exists, and the workers are told, exactly when it commits. */
  db?: Db;
  startAfter?: Date;
  /** With the queue's policy (stately, singleton): at most one waiting job per key. */
  singletonKey?: string;
  id?: string;
  /** Which of the job's queues (default its first). */
  queue?: string;
};

/**
 * Starts a background job on pg-boss: creates its queues with their settings and (unless `work: false`)
 * its workers in this process. queue() adds a job, in the caller's transaction or on its own; the workers
 * of every process wake when it commits (a notification named after the job), this process's at once,
 * and a job due later runs at its time (JobHost). Idle workers query nothing: the process's JobHost looks
 * for due jobs of all its jobs in one query.
 */
export async function startJob<T extends object>(
  boss: PgBoss,
  // biome-ignore lint/suspicious/noExplicitAny: any database schema
  db: Kysely<any>,
  definition: JobDefinition<T>,
  options: { work?: boolean; wakeOnNotification?: boolean } = {},
): Promise<JobRunner<T>> {
  const queues = definition.queues ?? [definition.name];
  for (const queue of queues) {
    await boss.createQueue(queue, { name: queue, ...definition.queue });
    // A queue made by an earlier start keeps its settings: this start's apply.
    await boss.updateQueue(queue, { name: queue, ...definition.queue });
  }
  const runner = new JobRunner(boss, db, definition, queues, options.wakeOnNotification !== false);
  if (options.work !== false) runner.startWorking();
  return runner;
}

/** A started job: queues its work, and runs it in this process. */
export class JobRunner<T extends object> {
  readonly name: string;
  private readonly host: JobHost;
  private readonly loops: Promise<void>[] = [];
  private readonly parked = new Set<() => void>();
  private working = false;
  private stopped = false;
  private wakes = 0;
  private wokenByLook = false;
  private foundSinceWake = false;
  private release: () => void = () => {};

  constructor(
    private readonly boss: PgBoss,
    // biome-ignore lint/suspicious/noExplicitAny: any database schema
    private readonly db: Kysely<any>,
    private readonly definition: JobDefinition<T>,
    readonly queues: readonly string[],
    private readonly wakeOnNotification: boolean,
  ) {
    this.name = definition.name;
    this.host = JobHost.of(boss, db);
  }

  /** Queues one job (see QueueOptions). Returns its id (null: a job with its singletonKey is waiting). */
  async queue(data: T, options: QueueOptions = {}): Promise<string | null> {
    const id = await this.boss.send(options.queue ?? this.firstQueue(), data, {
      ...(options.db ? { db: kyselyExecutor(options.db) } : {}),
      ...(options.startAfter ? { startAfter: options.startAfter } : {}),
      ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
      ...(options.id ? { id: options.id } : {}),
    });
    await this.tell(options.db, options.startAfter ? [options.startAfter] : []);
    return id;
  }

  /** Queues several jobs in one statement (a job whose singletonKey is taken is left out). */
  async queueMany(jobs: readonly (Omit<QueueOptions, 'db'> & { data: T })[], db?: Db): Promise<void> {
    if (jobs.length === 0) return;
    await this.boss.insert(
      jobs.map((job) => ({
        name: job.queue ?? this.firstQueue(),
        data: job.data,
        ...(job.id ? { id: job.id } : {}),
        ...(job.startAfter ? { startAfter: job.startAfter } : {}),
        ...(job.singletonKey ? { singletonKey: job.singletonKey } : {}),
      })),
      db ? { db: kyselyExecutor(db) } : {},
    );
    await this.tell(
      db,
      jobs.flatMap((job) => (job.startAfter ? [job.startAfter] : [])),
    );
  }

  /** Wakes this process's workers now (the notification of a queued job reaches them a moment later). */
  wake(): void {
    this.resume(false);
  }

  /** Starts this process's workers (startJob does, unless work: false). */
  startWorking(): void {
    if (this.working || this.stopped) return;
    this.working = true;
    const offNotification = this.wakeOnNotification ? onWork(this.name, () => this.resume(false)) : () => {};
    const unwatch = this.host.watch({
      queues: this.queues,
      pollMs: (this.definition.pollingIntervalSeconds ?? 30) * 1000,
      wake: (byLook) => this.resume(byLook),
    });
    this.release = () => {
      offNotification();
      unwatch();
    };
    for (let i = 0; i < Math.max(1, this.definition.concurrency ?? 1); i += 1) this.loops.push(this.loop());
  }

  /** Stops taking jobs and waits for those under way (a long one sees context.stopping()). */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    this.release();
    this.resume(false);
    await Promise.all(this.loops);
  }

  private firstQueue(): string {
    return this.queues[0] ?? this.name;
  }

  /**
   * Tells the workers of queued jobs: every process's when the transaction commits (a notification), this
   * process's at once when there is no transaction to wait for, and the host of the earliest due time.
   */
  private async tell(db: Db | undefined, dueAts: readonly Date[]): Promise<void> {
    await notifyWork(db ?? this.db, this.name);
    if (!db) this.wake();
    const earliest = Math.min(...dueAts.map((at) => at.getTime()));
    if (Number.isFinite(earliest)) this.host.dueAt(new Date(earliest));
  }

  private resume(byLook: boolean): void {
    this.wakes += 1;
    this.wokenByLook = byLook;
    this.foundSinceWake = false;
    for (const go of this.parked) go();
    this.parked.clear();
  }

  /** One worker: takes and runs jobs while there are any, then waits to be woken. */
  private async loop(): Promise<void> {
    while (!this.stopped) {
      const seen = this.wakes;
      let taken = 0;
      let failed = false;
      try {
        taken = await this.takeAndRun();
      } catch (error) {
        // Jobs taken but not settled are given again after their expiry.
        this.definition.log(`${this.name}: taking or settling jobs failed`, error);
        failed = true;
      }
      if (taken > 0 && !failed) {
        this.foundSinceWake = true;
        continue;
      }
      if (this.stopped) return;
      if (this.wakes !== seen) continue;
      // Out of work: the host looks for the next due job, unless its look just woke this worker for nothing
      // (a due job another worker took first, or one its queue's policy holds back), or the database is away.
      if (!failed && !(this.wokenByLook && !this.foundSinceWake)) this.host.look();
      await new Promise<void>((resolve) => this.parked.add(resolve));
    }
  }

  private context(): JobContext {
    return { stopping: () => this.stopped };
  }

  private async takeAndRun(): Promise<number> {
    const { definition } = this;
    if (definition.runBatch) {
      const jobs = await this.fetch(definition.batchSize);
      if (jobs.length > 0) await this.runBatch(jobs, definition.runBatch);
      return jobs.length;
    }
    const [job] = await this.fetchWithMetadata();
    if (!job) return 0;
    let failure: { error: unknown } | null = null;
    try {
      await definition.run(job, this.context());
    } catch (error) {
      failure = { error };
    }
    if (!failure) {
      await this.boss.complete(job.queue, job.id);
      return 1;
    }
    const last = job.retryCount >= job.retryLimit;
    const what = definition.describe?.(job.data) ?? `${this.name} job ${JSON.stringify(job.data)}`;
    definition.log(
      `${what} failed (attempt ${job.retryCount + 1} of ${job.retryLimit + 1}${last ? ', the last' : ''})`,
      failure.error,
    );
    await this.boss.fail(job.queue, job.id, failureOutput(failure.error));
    return 1;
  }

  private async runBatch(
    jobs: QueuedJob<T>[],
    runBatch: (jobs: QueuedJob<T>[], context: BatchContext) => Promise<void>,
  ): Promise<void> {
    const settled = new Set<string>();
    const context: BatchContext = {
      ...this.context(),
      complete: async (trx, done) => {
        await this.completeIn(done, kyselyExecutor(trx));
        for (const job of done) settled.add(job.id);
      },
      fail: async (job, error) => {
        await this.boss.fail(job.queue, job.id, failureOutput(error));
        settled.add(job.id);
      },
    };
    let failure: { error: unknown } | null = null;
    try {
      await runBatch(jobs, context);
    } catch (error) {
      failure = { error };
    }
    const rest = jobs.filter((job) => !settled.has(job.id));
    if (rest.length === 0) return;
    if (!failure) return this.completeIn(rest);
    this.definition.log(`${this.name}: a batch of ${jobs.length} failed`, failure.error);
    for (const job of rest) await this.boss.fail(job.queue, job.id, failureOutput(failure.error));
  }

  /** Completes jobs, on the given connection (a transaction) or pg-boss's own. */
  private async completeIn(jobs: readonly QueuedJob<unknown>[], db?: PgBoss.Db): Promise<void> {
    // pg-boss's complete() takes (name, ids, data, options); its typings have no overload with ids and options.
    const complete = this.boss.complete as unknown as (
      name: string,
      ids: string[],
      data: null,
      options: PgBoss.ConnectionOptions,
    ) => Promise<void>;
    for (const queue of this.queues) {
      const ids = jobs.filter((job) => job.queue === queue).map((job) => job.id);
      if (ids.length > 0) await complete.call(this.boss, queue, ids, null, db ? { db } : {});
    }
  }

  /** Due jobs of the queues in their order, oldest first (pg-boss fetch: FOR UPDATE SKIP LOCKED). */
  private async fetch(batchSize: number): Promise<QueuedJob<T>[]> {
    const jobs: QueuedJob<T>[] = [];
    for (const queue of this.queues) {
      if (jobs.length >= batchSize || this.stopped) break;
      const fetched = await this.boss.fetch<T>(queue, {
        batchSize: batchSize - jobs.length,
        priority: false,
      });
      for (const job of fetched) jobs.push({ id: job.id, queue, data: job.data });
    }
    return jobs;
  }

  private async fetchWithMetadata(): Promise<Job<T>[]> {
    for (const queue of this.queues) {
      if (this.stopped) break;
      const fetched = await this.boss.fetch<T>(queue, {
        batchSize: 1,
        priority: false,
        includeMetadata: true,
      });
      const job = fetched[0];
      if (job)
        return [
          { id: job.id, queue, data: job.data, retryCount: job.retryCount, retryLimit: job.retryLimit },
        ];
    }
    return [];
  }
}

/** What pg-boss stores as a failed job's output. */
function failureOutput(error: unknown): { message: string } {
  return { message: error instanceof Error && error.message ? error.message : String(error) };
}
