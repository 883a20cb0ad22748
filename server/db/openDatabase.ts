import path from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import { inlinePglite, type PgliteSession } from './PgliteSession.ts';
import { pgliteDialect } from './pgliteDialect.ts';
import { PGLITE_EXTENSIONS } from './pgliteExtensions.ts';
import type { Database } from './schema.ts';
import { takeFolderLock } from './takeFolderLock.ts';

export type DatabaseHandle = {
  db: Kysely<Database>;
  kind: 'pglite' | 'postgres';
  /** Where the data lives, without credentials. */
  location: string;
  /**
   * The PGlite session (PGlite only). Statements sent to it directly must go through db.connection() so
   * they never run in the middle of another caller's transaction (one connection).
   */
  pglite?: PgliteSession;
  close: () => Promise<void>;
};

export type DatabaseOptions = {
  /** PostgreSQL connection string; when absent, PGlite is used. */
  databaseUrl?: string;
  /** PGlite data folder, or 'memory://' for a throw-away database. */
  dataDir: string;
  /** For an in-memory PGlite: start from this dump (PGlite dumpDataDir) instead of an empty cluster. */
  template?: Blob;
  /**
   * PGlite: run the database in its own worker thread (PgliteThread) rather than on the event loop. The
   * server does (PGLITE_THREAD, default on); tests and tools default to the same thread as their caller.
   */
  thread?: boolean;
  /** PostgreSQL: connections in the pool (default 10). */
  poolMax?: number;
  /**
   * PostgreSQL: told when an idle pooled connection fails (the server restarted or ended it); the pool
   * replaces it. Without a listener such an error would end the process. Default: one line on stderr.
   */
  onIdleError?: (error: Error) => void;
};

function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'postgresql://(unparseable url)';
  }
}

function logIdleError(error: Error): void {
  console.error(`database: an idle connection failed and is replaced: ${error.message}`);
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  // Each driver is loaded only when used: start-up loads one of them, not both.
  if (options.databaseUrl) {
    const { default: pg } = await import('pg');
    // count(*) and bigint columns come back as numbers from both drivers.
    pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolMax ?? 10 });
    pool.on('error', options.onIdleError ?? logIdleError);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, kind: 'postgres', location: redactUrl(options.databaseUrl), close: () => db.destroy() };
  }
  const inMemory = options.dataDir.startsWith('memory://');
  const releaseLock = inMemory ? () => {} : await takeFolderLock(options.dataDir);
  try {
    const dataDir = inMemory ? options.dataDir : path.join(options.dataDir, 'pglite');
    const template = inMemory ? options.template : undefined;
    const pglite = options.thread
      ? await (await import('./PgliteThread.ts')).PgliteThread.open({ dataDir, template })
      : await openInline(dataDir, template);
    const db = new Kysely<Database>({ dialect: pgliteDialect(pglite) });
    return {
      db,
      kind: 'pglite',
      pglite,
      location: dataDir,
      close: async () => {
        await db.destroy();
        releaseLock();
      },
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
}

async function openInline(dataDir: string, template: Blob | undefined): Promise<PgliteSession> {
  const { PGlite } = await import('@electric-sql/pglite');
  const pg = template
    ? new PGlite({ loadDataDir: template, extensions: PGLITE_EXTENSIONS })
    : new PGlite(dataDir, { extensions: PGLITE_EXTENSIONS });
  await pg.waitReady;
  return inlinePglite(pg);
}
