import type { DatabaseHandle } from '../db/openDatabase.ts';
import { signalAllWork, signalWork, WORK_CHANNEL } from './workSignals.ts';

type Listening = { count: number; stop: () => Promise<void> };
const listening = new WeakMap<DatabaseHandle, Listening>();
const RECONNECT_MS = 2000;

/**
 * LISTENs on the database for notifyWork's notifications and passes them on to onWork's listeners in this
 * process. PGlite: its own listen, on the one connection (taken through Kysely so it never runs inside
 * another caller's transaction). PostgreSQL: one dedicated client, reconnected after a failure. Counted per
 * database: the app and the runtime may both ask; the last release stops it.
 */
export async function listenForWork(
  database: DatabaseHandle,
  databaseUrl: string | undefined,
  log: (message: string, error: unknown) => void = () => {},
): Promise<() => Promise<void>> {
  const held = listening.get(database);
  if (held) {
    held.count += 1;
    return release(database);
  }
  const entry: Listening = { count: 1, stop: async () => {} };
  listening.set(database, entry);
  if (database.kind === 'pglite' && database.pglite) {
    const pglite = database.pglite;
    const unlisten = await database.db
      .connection()
      .execute(() => pglite.listen(WORK_CHANNEL, (payload) => signalWork(payload)));
    entry.stop = () => database.db.connection().execute(() => unlisten());
  } else if (databaseUrl) {
    const { default: pg } = await import('pg');
    let client: InstanceType<typeof pg.Client> | null = null;
    let stopped = false;
    let retry: NodeJS.Timeout | undefined;
    const connect = async (): Promise<void> => {
      const next = new pg.Client({ connectionString: databaseUrl });
      next.on('notification', (message) => signalWork(message.payload ?? ''));
      next.on('error', (error) => {
        log('work notifications: the listening connection failed; reconnecting', error);
        // Closing a connection that already failed may fail too: nothing is lost, it is replaced.
        void next.end().catch(() => {});
        if (client === next) client = null;
        if (!stopped) retry = setTimeout(reconnect, RECONNECT_MS);
      });
      try {
        await next.connect();
        await next.query(`LISTEN ${WORK_CHANNEL}`);
        client = next;
        // Whatever was notified while no connection listened is found now.
        signalAllWork();
      } catch (error) {
        void next.end().catch(() => {});
        log('work notifications: could not listen; retrying', error);
        if (!stopped) retry = setTimeout(reconnect, RECONNECT_MS);
      }
    };
    /** connect() logs its own failures; this catches what it did not foresee. */
    const reconnect = () =>
      void connect().catch((error) => log('work notifications: reconnecting failed', error));
    await connect();
    entry.stop = async () => {
      stopped = true;
      clearTimeout(retry);
      await client?.end().catch(() => {});
    };
  }
  return release(database);
}

function release(database: DatabaseHandle): () => Promise<void> {
  let done = false;
  return async () => {
    if (done) return;
    done = true;
    const entry = listening.get(database);
    if (!entry) return;
    entry.count -= 1;
    if (entry.count > 0) return;
    listening.delete(database);
    await entry.stop();
  };
}
