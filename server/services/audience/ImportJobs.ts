import { type Kysely, sql, type Transaction } from 'kysely';
import type PgBoss from 'pg-boss';
import type { Database } from '../../db/schema.ts';
import { kyselyExecutor } from '../../lib/kyselyExecutor.ts';
import { failImport, processImport } from './processImport.ts';

/** The pg-boss queue of CSV imports: a job runs one import for up to IMPORT_SLICE_MS, then queues its rest. */
export const IMPORT_QUEUE = 'audience-import';
export type ImportJobData = { importId: number };

/** How long one job runs an import before it hands the rest to a new job (at a batch's end). */
export const IMPORT_SLICE_MS = 20_000;
/**
 * A job whose process died is given to another after this long (pg-boss expiry, checked by its
 * maintenance every 30 s); well above a slice and one batch, so a live job never expires.
 */
export const IMPORT_JOB_EXPIRE_SECONDS = 120;

export type ImportJobsOptions = {
  db: Kysely<Database>;
  boss: PgBoss;
  log: (message: string, error?: unknown) => void;
  /** How often the worker looks for jobs nobody woke it for (ms: a retry, a job of another process). */
  pollMs?: number;
  /** This process is the database's only one (PGlite): a job active at start-up belongs to a dead process. */
  onlyProcess?: boolean;
  sliceMs?: number;
};

/**
 * CSV imports on pg-boss, started with the server's other background work. import_start/ queues a job in
 * the transaction that queues the import (queue) and wakes the worker when it commits (wake); the worker
 * runs the import (processImport) for a slice of time and queues a job for the rest, so no job outlives
 * its expiry and imports take turns. A run writes batch by batch, each batch moving the import's place in
 * the file with its writes: a job whose process died (pg-boss gives it again after its expiry, or, on
 * PGlite, this process at start-up) carries on from the last committed batch, and a second job of the
 * same import finds it moved on and stops. A job that keeps failing ends the import as failed.
 */
export class ImportJobs {
  private workerId = '';
  private stopped = false;
  private readonly running = new Set<Promise<void>>();

  private constructor(private readonly options: ImportJobsOptions) {}

  static async start(options: ImportJobsOptions): Promise<ImportJobs> {
    const { boss } = options;
    await boss.createQueue(IMPORT_QUEUE, {
      name: IMPORT_QUEUE,
      retryLimit: 4,
      retryDelay: 5,
      retryBackoff: true,
      expireInSeconds: IMPORT_JOB_EXPIRE_SECONDS,
    });
    const jobs = new ImportJobs(options);
    await jobs.adoptOrphans();
    jobs.workerId = await boss.work<ImportJobData>(
      IMPORT_QUEUE,
      {
        batchSize: 1,
        includeMetadata: true,
        pollingIntervalSeconds: Math.max(0.5, (options.pollMs ?? 30_000) / 1000),
      },
      async ([job]) => {
        if (job) await jobs.track(jobs.run(job));
      },
    );
    return jobs;
  }

  /** Queues the import's job in the caller's transaction (it exists exactly when that commits). */
  async queue(trx: Transaction<Database>, importId: number): Promise<void> {
    await this.options.boss.send(IMPORT_QUEUE, { importId } satisfies ImportJobData, {
      db: kyselyExecutor(trx),
    });
  }

  /** Wakes this process's worker (after queue's transaction committed). */
  wake(): void {
    if (this.workerId && !this.stopped) this.options.boss.notifyWorker(this.workerId);
  }

  /** Stops taking jobs; an import running here stops at its next batch and queues its rest for later. */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    await this.options.boss.offWork(IMPORT_QUEUE);
    await Promise.allSettled([...this.running]);
  }

  private track(work: Promise<void>): Promise<void> {
    this.running.add(work);
    return work.finally(() => this.running.delete(work));
  }

  private async run(job: PgBoss.JobWithMetadata<ImportJobData>): Promise<void> {
    const { db, log, boss } = this.options;
    const importId = job.data.importId;
    try {
      const outcome = await processImport(db, importId, {
        until: Date.now() + (this.options.sliceMs ?? IMPORT_SLICE_MS),
        stopping: () => this.stopped,
      });
      if (outcome === 'more') {
        await boss.send(IMPORT_QUEUE, { importId } satisfies ImportJobData);
        this.wake();
      }
    } catch (error) {
      log(`import ${importId} failed (attempt ${job.retryCount + 1})`, error);
      if (job.retryCount < job.retryLimit) throw error;
      await failImport(db, importId);
    }
  }

  /**
   * Imports queued or running with no job that will run them get one: an import whose job was lost with
   * its process (on PGlite, the one process, an active job at start-up is such a job: it is cancelled), or
   * one queued before imports ran on pg-boss.
   */
  private async adoptOrphans(): Promise<void> {
    const { db, boss } = this.options;
    if (this.options.onlyProcess) {
      const { rows: dead } = await sql<{ id: string }>`
        select id from pgboss.job where name = ${IMPORT_QUEUE} and state = 'active'`.execute(db);
      if (dead.length > 0)
        await boss.cancel(
          IMPORT_QUEUE,
          dead.map((row) => row.id),
        );
    }
    const { rows } = await sql<{ id: number }>`
      select i.id from audience_imports i
      where i.status in ('queued', 'running')
        and not exists (
          select 1 from pgboss.job j
          where j.name = ${IMPORT_QUEUE} and j.state in ('created', 'retry', 'active')
            and j.data->>'importId' = i.id::text
        )`.execute(db);
    for (const row of rows) await boss.send(IMPORT_QUEUE, { importId: row.id } satisfies ImportJobData);
  }
}
