import { EventEmitter } from 'node:events';
import type { Kysely, Transaction } from 'kysely';
import type PgBoss from 'pg-boss';
import { AI_FAILURES } from '../../../domain/aiEmailSchemas.ts';
import type { Database } from '../../db/schema.ts';
import { type JobRunner, startJob } from '../../lib/jobs/startJob.ts';
import { onWork } from '../../lib/workSignals.ts';
import { type GenerationDeps, GenerationStopped, runGeneration } from './runGeneration.ts';

/** The pg-boss queue of AI email generations. */
export const AI_GENERATION_QUEUE = 'ai-generation';
/** The work signal of a generation that stopped running (cancelled, given up): every process looks. */
export const AI_GENERATION_STOPPED = 'ai-generation-stopped';

export type AiGenerationsOptions = Omit<GenerationDeps, 'db'> & {
  db: Kysely<Database>;
  boss: PgBoss;
  /** Generations written at once in this process. */
  concurrency?: number;
};

/**
 * AI email generations on pg-boss (a job of server/lib/jobs): create_ai_email/ records the generation and
 * queues its job in one transaction, then waits (whenSettled) while ai_email_progress/ reads its progress
 * and cancel_ai_email/ cancels it, from any process: the state is the generation's row, and a change of it
 * is signalled (AI_GENERATION_STOPPED) to every process, whose running job of it stops its calls. A job is tried
 * once (the request waiting for it answers its failure); one whose process died is given up when its time
 * limit passes. A cancel seen in this process stops the composer's calls at once.
 */
export class AiGenerations {
  private readonly running = new Map<number, AbortController>();
  private readonly settled = new EventEmitter();
  private job: JobRunner<{ generationId: number }> | null = null;
  private offStopped: () => void = () => {};

  private constructor(private readonly options: AiGenerationsOptions) {
    this.settled.setMaxListeners(0);
  }

  static async start(options: AiGenerationsOptions): Promise<AiGenerations> {
    const jobs = new AiGenerations(options);
    const { db } = options;
    // Generations left running past their limit (their process stopped) are given up: nothing was kept.
    await db
      .updateTable('ai_generation')
      .set({ state: 'failed', error: AI_FAILURES.unsuccessful, finished_at: new Date() })
      .where('state', '=', 'running')
      .where('created_at', '<', new Date(Date.now() - options.limitMs))
      .execute();
    jobs.job = await startJob<{ generationId: number }>(options.boss, db, {
      name: AI_GENERATION_QUEUE,
      queue: { retryLimit: 0, expireInSeconds: Math.ceil(options.limitMs / 1000) + 60 },
      concurrency: options.concurrency ?? 4,
      pollingIntervalSeconds: 5,
      log: options.log,
      describe: (data) => `AI generation ${data.generationId}`,
      run: async ({ data }) => {
        const controller = new AbortController();
        jobs.running.set(data.generationId, controller);
        try {
          await runGeneration({ ...options, db }, data.generationId, controller);
        } finally {
          jobs.running.delete(data.generationId);
          jobs.settled.emit(String(data.generationId));
        }
      },
    });
    jobs.offStopped = onWork(AI_GENERATION_STOPPED, () => {
      jobs.stopStopped().catch((error) => options.log('AI generation cancel look failed', error));
    });
    return jobs;
  }

  /** Stops the calls of this process's generations that no longer run (a cancel from any process). */
  private async stopStopped(): Promise<void> {
    const ids = [...this.running.keys()];
    if (ids.length === 0) return;
    const rows = await this.options.db
      .selectFrom('ai_generation')
      .select(['id', 'state'])
      .where('id', 'in', ids)
      .execute();
    for (const row of rows) if (row.state !== 'running') this.stopHere(row.id);
  }

  /** Queues the generation's job in the caller's transaction (it exists exactly when that commits). */
  async queue(trx: Transaction<Database>, generationId: number): Promise<void> {
    await this.job?.queue({ generationId }, { db: trx });
  }

  /** Wakes this process's worker (after queue's transaction committed). */
  wake(): void {
    this.job?.wake();
  }

  /** Stops the composer's calls of a generation running in this process (it was cancelled or given up). */
  stopHere(generationId: number): void {
    this.running.get(generationId)?.abort(new GenerationStopped());
  }

  /** Resolves when this process's job of the generation settles, or after `ms` (it may run elsewhere). */
  whenSettled(generationId: number, ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.settled.off(String(generationId), done);
        resolve();
      };
      const timer = setTimeout(done, Math.max(0, ms));
      this.settled.on(String(generationId), done);
    });
  }

  async stop(): Promise<void> {
    this.offStopped();
    for (const controller of this.running.values()) controller.abort(new Error('the server stopped'));
    await this.job?.stop();
  }
}
