import type { FastifyBaseLogger } from 'fastify';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** How a delivery queue's loop runs (every setting has a default; tests move the clock and run rounds). */
export type QueueSettings = {
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  /** The clock every due time and back-off is computed with (tests move it). */
  now?: () => Date;
  /** The longest sleep between rounds (a safety net; 0 runs no rounds: tests call deliverDue themselves). */
  pollMs?: number;
  /** How long a claimed row is held before it is due again (a sender that died). */
  leaseMs?: number;
  /** Attempts before a row is failed; the first retry waits backoffBaseMs, doubling up to backoffMaxMs. */
  maxAttempts?: number;
  backoffBaseMs?: number;
  backoffMaxMs?: number;
  batchSize?: number;
  /** Claimed batches in flight at once (the marketing worker; default DELIVERY_DEFAULTS.batchLanes). */
  batchLanes?: number;
};

/** The tables that hold email waiting for delivery: marketing sends and account email (the outbox). */
export type QueueTable = 'email_send' | 'outbox';

/** The columns every queue row has: the claim, lease and settle rules work on these alone. */
export type QueuedRow = { id: number; status: string; attempts: number };

/**
 * The claim of the one delivery queue: takes up to batchSize due rows (queued, or sending with a lease that
 * ran out: their process died) with `for update skip locked`, so processes and loops never take the same
 * row; marks them sending, counts the attempt, and leases them: until leaseMs from now no one else may
 * take them, and after that they are due again.
 */
export async function claimDue<R extends QueuedRow>(
  db: Kysely<Database>,
  table: QueueTable,
  options: { at: Date; leaseMs: number; batchSize: number },
): Promise<R[]> {
  const leaseEnd = new Date(options.at.getTime() + options.leaseMs);
  const { rows } = await sql<R>`
    update ${sql.table(table)} set status = 'sending', attempts = attempts + 1, lease_until = ${leaseEnd},
      next_attempt_at = ${leaseEnd}
    where id in (
      select id from ${sql.table(table)}
      where status in ('queued', 'sending') and next_attempt_at <= ${options.at}
      order by next_attempt_at, id
      limit ${options.batchSize}
      for update skip locked
    )
    returning *`.execute(db);
  return rows;
}

/** Milliseconds until the next row of the queue is due (negative: due already; Infinity: none). */
export async function nextDueInMs(db: Kysely<Database>, table: QueueTable, at: Date): Promise<number> {
  const { rows } = await sql<{ next: Date | null }>`
    select min(next_attempt_at) as next from ${sql.table(table)} where status in ('queued', 'sending')`.execute(
    db,
  );
  const next = rows[0]?.next;
  return next ? new Date(next).getTime() - at.getTime() : Number.POSITIVE_INFINITY;
}

/** The wait before attempt n+1 after n failed attempts: base * 2^(n-1), capped. */
export function backoffMs(attempts: number, baseMs: number, maxMs: number): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1));
}
