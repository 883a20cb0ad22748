import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { JobRunner } from '../../lib/jobs/startJob.ts';
import type { Clock, StepJob } from './runtimePorts.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** The pg-boss queue of steps due now (first steps of new enrolments, continuations): oldest first. */
export const STEP_QUEUE = 'workflow-step';
/** The pg-boss queue of steps due later (after a delay, a retry): taken before STEP_QUEUE once due. */
export const LATER_QUEUE = 'workflow-step-later';
/** Both, in the order a worker takes from them. */
export const STEP_QUEUES = [LATER_QUEUE, STEP_QUEUE] as const;
/** The job that runs them (its notification: step jobs were queued). */
export const STEP_JOB = 'steps';
/**
 * The periodic job that schedules enrolments with no step job; its notification (notifyWork, by a write
 * that makes such enrolments) runs it now in every runtime process.
 */
export const SWEEP_JOB = 'workflow-sweep';

/**
 * A step job's data: enrolment, its step_seq, the due time (ms, for the lateness figures), and p: 1 for
 * a step of an enrolment already under way (after a delay), 0 for a first step.
 */
export type StepJobData = { e: number; s: number; d: number; p: 0 | 1 };

/** Schedules step jobs inside the caller's transaction. */
export type StepScheduler = {
  /** Inserts the jobs with the given ids; they exist exactly when the transaction commits. */
  schedule: (trx: Db, jobs: readonly (StepJob & { jobId: string; continuing?: boolean })[]) => Promise<void>;
};

/**
 * Step jobs through the runtime's step job (server/lib/jobs): a job due now goes to STEP_QUEUE, a job due
 * later to LATER_QUEUE (a worker takes due jobs of LATER_QUEUE first, so a backlog of new enrolments does
 * not make steps after a delay late). The workers of every process wake when the transaction commits, and
 * at the due time of a job due later. dueAt is on the runtime's clock; pg-boss compares start_after with
 * the database's clock, so a job starts after the same remaining time (identical with the real clock; a
 * test's injected clock can run ahead).
 */
export function stepScheduler(steps: JobRunner<StepJobData>, clock: Clock): StepScheduler {
  return {
    schedule: async (trx, jobs) => {
      if (jobs.length === 0) return;
      const now = clock.now().getTime();
      const skew = Date.now() - now;
      await steps.queueMany(
        jobs.map((job) => ({
          id: job.jobId,
          queue: job.dueAt.getTime() > now ? LATER_QUEUE : STEP_QUEUE,
          data: {
            e: job.enrolmentId,
            s: job.seq,
            d: job.dueAt.getTime() + skew,
            p: job.continuing ? 1 : 0,
          } satisfies StepJobData,
          startAfter: new Date(job.dueAt.getTime() + skew),
        })),
        trx,
      );
    },
  };
}

export function newJobId(): string {
  return randomUUID();
}
