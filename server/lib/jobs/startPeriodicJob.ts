import type { Kysely } from 'kysely';
import type PgBoss from 'pg-boss';
import { onWork } from '../workSignals.ts';
import { startJob } from './startJob.ts';

export type PeriodicJobDefinition = {
  /** Its pg-boss queue, its schedule's name and its notification. */
  name: string;
  /** A cron expression (UTC, by the minute at the finest; cronEvery makes one from an interval). */
  schedule: string;
  /** The work; a failure is logged and the next time comes round as usual. */
  run: () => Promise<void>;
  /** How long after its time a run may start at the latest (seconds, default 30: see JobHost). */
  pollingIntervalSeconds?: number;
  log: (message: string, error?: unknown) => void;
};

export type PeriodicJob = {
  /**
   * Runs the work in this process now, once at a time: a call during a run makes one more run after it, and
   * resolves after that one.
   */
  runNow: () => Promise<void>;
  stop: () => Promise<void>;
};

/**
 * Periodic work on pg-boss's schedule: pg-boss queues one job each time the schedule comes round, for the
 * whole database (however many processes run it), and one process's worker runs it. The job's
 * notification (notifyWork(db, name), from any process) runs it now in every process that hears it; the
 * owner may run it now too (runNow: at start-up, in tests).
 */
export async function startPeriodicJob(
  boss: PgBoss,
  // biome-ignore lint/suspicious/noExplicitAny: any database schema
  db: Kysely<any>,
  definition: PeriodicJobDefinition,
): Promise<PeriodicJob> {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const runNow = (): Promise<void> => {
    if (stopped) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        await definition.run().catch((error) => definition.log(`${definition.name} failed`, error));
      } while (again && !stopped);
    })().finally(() => {
      running = null;
    });
    return running;
  };
  const job = await startJob<object>(
    boss,
    db,
    {
      name: definition.name,
      // A run missed is made up by the next: no retries; a run of a dead process is given again after 15 min.
      queue: { retryLimit: 0, expireInSeconds: 15 * 60 },
      pollingIntervalSeconds: definition.pollingIntervalSeconds,
      log: definition.log,
      run: () => runNow(),
    },
    { wakeOnNotification: false },
  );
  await boss.schedule(definition.name, definition.schedule, {}, { tz: 'UTC' });
  const offNotification = onWork(definition.name, () => void runNow());
  return {
    runNow,
    stop: async () => {
      stopped = true;
      offNotification();
      await job.stop();
      await running;
    },
  };
}

/**
 * A cron expression for "every ms": every n minutes (at least 1, pg-boss schedules by the minute), every n
 * hours from 60 minutes, daily from 24 hours.
 */
export function cronEvery(ms: number): string {
  const minutes = Math.max(1, Math.round(ms / 60_000));
  if (minutes < 60) return minutes === 1 ? '* * * * *' : `*/${minutes} * * * *`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return hours === 1 ? '0 * * * *' : `0 */${hours} * * *`;
  return '0 0 * * *';
}
