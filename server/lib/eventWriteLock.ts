import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { WORK_CHANNEL } from './workSignals.ts';

/**
 * The advisory lock that orders email_event's writers against its readers (the analytics rollups). Event
 * ids come from a sequence, and on PostgreSQL transactions commit in any order: a reader that went by ids
 * alone could pass over an event whose transaction, holding a lower id, commits later. So every writer of
 * events holds this lock SHARED from before its insert until it commits (writers never wait for each
 * other), and a reader takes it EXCLUSIVE for a moment (settledEventId): by then every transaction that
 * may have taken an id has ended, and ids handed out later are higher than any it has seen.
 */
const EVENT_WRITERS_LOCK = 7_424_001;

/**
 * Called by a transaction about to insert email events (recordEmailEvents): holds the shared lock until
 * it ends, and notifies 'events' work (delivered at commit, to every process: the rollup worker wakes).
 */
export async function holdEventWriteLock(trx: Transaction<Database>): Promise<void> {
  await sql`select pg_advisory_xact_lock_shared(${EVENT_WRITERS_LOCK}), pg_notify(${WORK_CHANNEL}, 'events')`.execute(
    trx,
  );
}

/**
 * The highest event id below which every event is final (committed, or never to be): waits for the event
 * writers in flight (at most lockTimeoutMs; then throws) and answers the highest id stored then.
 */
export async function settledEventId(db: Kysely<Database>, lockTimeoutMs = 10_000): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await sql`select set_config('lock_timeout', ${`${Math.max(1, Math.round(lockTimeoutMs))}ms`}, true)`.execute(
      trx,
    );
    await sql`select pg_advisory_xact_lock(${EVENT_WRITERS_LOCK})`.execute(trx);
    const { rows } = await sql<{ id: string | number | null }>`select max(id) as id from email_event`.execute(
      trx,
    );
    return Number(rows[0]?.id ?? 0);
  });
}
