import { EventEmitter } from 'node:events';
import { type Kysely, sql, type Transaction } from 'kysely';

/** Kinds of background work a write can create. */
/** events: email events were recorded (the analytics rollups catch up). */
export type WorkKind = 'steps' | 'enrolments' | 'delivery' | 'events';
export const WORK_CHANNEL = 'workbench_work';
const KINDS: readonly WorkKind[] = ['steps', 'enrolments', 'delivery', 'events'];

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

/** Passes on a notification (listenForWork calls it). */
export function signalWork(payload: string): void {
  if ((KINDS as readonly string[]).includes(payload)) local.emit(payload);
}

/**
 * Sleeps until ms have passed or work of one of the kinds is signalled, whichever comes first; resolves
 * early when `cancel` is called. The loops of the runtime and the delivery worker idle with it.
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
