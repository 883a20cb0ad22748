import { type Kysely, sql, type Transaction } from 'kysely';
import type PgBoss from 'pg-boss';
import type { Database } from '../../db/schema.ts';
import { type JobRunner, startJob } from '../../lib/jobs/startJob.ts';
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
 * CSV imports on pg-boss (a job of server/lib/jobs), started with the server's other background work.
 * import_start/ queues a job in the transaction that queues the import (queue); its commit wakes the
 * worker (wake: this process's at once). The worker runs the import (processImport) for a slice of time and
 * queues a job for the rest, so no job outlives its expiry and imports take turns. A run writes batch by
 * batch, each batch moving the import's place in the file with its writes: a job whose process died
 * (pg-boss gives it again after its expiry, or, on PGlite, this process at start-up) carries on from the
 * last committed batch, and a second job of the same import finds it moved on and stops. A job that keeps
 * failing ends the import as failed.
 */
export class ImportJobs {
  private constructor(
    private readonly options: ImportJobsOptions,
    private readonly job: JobRunner<ImportJobData>,
  ) {}

  static async start(options: ImportJobsOptions): Promise<ImportJobs> {
    const { db } = options;
    const job = await startJob<ImportJobData>(
      options.boss,
      db,
      {
        name: IMPORT_QUEUE,
        queue: {
          retryLimit: 4,
          retryDelay: 5,
          retryBackoff: true,
          expireInSeconds: IMPORT_JOB_EXPIRE_SECONDS,
        },
        pollingIntervalSeconds: Math.max(0.5, (options.pollMs ?? 30_000) / 1000),
        log: options.log,
        describe: ({ importId }) => `import ${importId}`,
        run: async ({ data, retryCount, retryLimit }, { stopping }) => {
          try {
            const outcome = await processImport(db, data.importId, {
              until: Date.now() + (options.sliceMs ?? IMPORT_SLICE_MS),
              stopping,
            });
            if (outcome === 'more') await job.queue({ importId: data.importId });
          } catch (error) {
            if (retryCount < retryLimit) throw error;
            options.log(`import ${data.importId} failed (attempt ${retryCount + 1}, the last)`, error);
            await failImport(db, data.importId);
          }
        },
      },
      { work: false },
    );
    const jobs = new ImportJobs(options, job);
    await jobs.adoptOrphans();
    job.startWorking();
    return jobs;
  }

  /** Queues the import's job in the caller's transaction (it exists exactly when that commits). */
  async queue(trx: Transaction<Database>, importId: number): Promise<void> {
    await this.job.queue({ importId }, { db: trx });
  }

  /** Wakes this process's worker (after queue's transaction committed). */
  wake(): void {
    this.job.wake();
  }

  /** Stops taking jobs; an import running here stops at its next batch and queues its rest for later. */
  async stop(): Promise<void> {
    await this.job.stop();
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
    await this.job.queueMany(rows.map((row) => ({ data: { importId: row.id } })));
  }
}
