import { EventEmitter } from 'node:events';
import { type Kysely, sql, type Transaction } from 'kysely';

/**
 * A kind of background work a write can create: 'delivery' (the email queue), or a job's name (a job of
 * server/lib/jobs: its queue() notifies it, and its workers in every process wake on it).
 */
export type WorkKind = 'delivery' | (string & {});
export const WORK_CHANNEL = 'workbench_work';

const local = new EventEmitter();
local.setMaxListeners(0);

/**
 * Tells every process's background loops that work of this kind was written. It is a NOTIFY in the
 * caller's transaction: PostgreSQL and PGlite deliver it when (and only if) the transaction commits, so a
 * woken loop always finds the rows. listenForWork passes it on to onWork's listeners.
 */
// biome-ignore lint/suspicious/noExplicitAny: any database schema
export async function notifyWork(db: Kysely<any> | Transaction<any>, kind: WorkKind): Promise<void> {
  await sql`select pg_notify(${WORK_CHANNEL}, ${kind})`.execute(db);
}

/** Listens for work of a kind (notified by any process on the database). Returns the unsubscribe. */
export function onWork(kind: WorkKind, listener: () => void): () => void {
  local.on(kind, listener);
  return () => local.off(kind, listener);
}

/** Passes on a notification (listenForWork calls it); 'error' is an EventEmitter's own event, never a kind. */
export function signalWork(payload: string): void {
  if (payload && payload !== 'error') local.emit(payload);
}

/**
 * Wakes every listener of every kind: after a time when notifications could have been missed (the
 * listening connection was down), whatever was notified meanwhile is looked for now.
 */
export function signalAllWork(): void {
  for (const kind of local.eventNames()) local.emit(kind);
}

/**
 * Sleeps until ms have passed or work of one of the kinds is signalled, whichever comes first; resolves
 * early when `cancel` is called. The delivery loops idle with it.
 */
export function sleepUntilWork(
  kinds: readonly WorkKind[],
  ms: number,
): { done: Promise<void>; cancel: () => void } {
  let cancel!: () => void;
  const done = new Promise<void>((resolve) => {
    const offs = kinds.map((kind) => onWork(kind, () => cancel()));
    const timer = setTimeout(() => cancel(), Math.max(0, ms));
    cancel = () => {
      clearTimeout(timer);
      for (const off of offs) off();
      resolve();
    };
  });
  return { done, cancel };
}
