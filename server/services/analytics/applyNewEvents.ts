import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { settledEventId } from '../../lib/eventWriteLock.ts';
import { applyEventBatch } from './applyEventBatch.ts';
import { readEventBatch } from './readEventBatch.ts';

/** Events per transaction of a catch-up: small enough that PGlite's one connection is not held for long. */
export const ROLLUP_BATCH_EVENTS = 2000;

export type CatchUp = { applied: number; upTo: number };

/** The id up to which the rollups hold every event, locked for the caller's transaction. */
export async function lockProgress(trx: Transaction<Database>): Promise<number> {
  const { rows } = await sql<{ last_event_id: string | number }>`
    select last_event_id from analytics_progress where id = 1 for update`.execute(trx);
  return Number(rows[0]?.last_event_id ?? 0);
}

export async function setProgress(trx: Transaction<Database>, eventId: number): Promise<void> {
  await sql`update analytics_progress set last_event_id = ${eventId}, updated_at = now() where id = 1`.execute(
    trx,
  );
}

/**
 * One catch-up of the rollups: every event whose id is final (settledEventId) and above the progress mark
 * is applied, batch by batch, each batch in one transaction with the mark moved past it. A pass that dies
 * half way leaves the rollups and the mark as of its last committed batch; processes take turns through the
 * mark's row lock. Safe to run at any time, any number of times (idempotent).
 */
export async function applyNewEvents(
  db: Kysely<Database>,
  options: {
    batchEvents?: number;
    lockTimeoutMs?: number;
    /**
     * Awaited after each batch but the last, with the batch's time (the caller's pacing); false stops the
     * pass there (a stopping process), the rest left for the next pass.
     */
    afterBatch?: (batchMs: number) => Promise<boolean>;
  } = {},
): Promise<CatchUp> {
  const batchEvents = options.batchEvents ?? ROLLUP_BATCH_EVENTS;
  const settled = await settledEventId(db, options.lockTimeoutMs);
  let applied = 0;
  for (;;) {
    const started = performance.now();
    const step = await db.transaction().execute(async (trx) => {
      const after = await lockProgress(trx);
      if (after >= settled) return { done: true, upTo: after, count: 0 };
      const events = await readEventBatch(trx, after, settled, batchEvents);
      const upTo = events.length < batchEvents ? settled : (events[events.length - 1]?.id ?? settled);
      await applyEventBatch(trx, events);
      await setProgress(trx, upTo);
      return { done: upTo >= settled, upTo, count: events.length };
    });
    applied += step.count;
    if (step.done) return { applied, upTo: step.upTo };
    if (options.afterBatch && !(await options.afterBatch(performance.now() - started)))
      return { applied, upTo: step.upTo };
  }
}
