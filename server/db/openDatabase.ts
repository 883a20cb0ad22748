import fs from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import { pgliteDialect } from './pgliteDialect.ts';
import type { Database } from './schema.ts';

export type DatabaseHandle = {
  db: Kysely<Database>;
  kind: 'pglite' | 'postgres';
  /** Where the data lives, without credentials. */
  location: string;
  /**
   * The raw PGlite instance (PGlite only). Statements sent to it directly must go through
   * db.connection() so they never run in the middle of another caller's transaction (one connection).
   */
  pglite?: PGlite;
  close: () => Promise<void>;
};

export type DatabaseOptions = {
  /** PostgreSQL connection string; when absent, PGlite is used. */
  databaseUrl?: string;
  /** PGlite data folder, or 'memory://' for a throw-away database. */
  dataDir: string;
  /** For an in-memory PGlite: start from this dump (PGlite dumpDataDir) instead of an empty cluster. */
  template?: Blob;
  /** PostgreSQL: connections in the pool (default 10). */
  poolMax?: number;
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

/**
 * PGlite does not lock its data folder and must be opened by one process at a time.
 * A lock file holding our PID stops a second server on the same folder; a stale one is taken over.
 */
export function takeFolderLock(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, 'workbench.lock');
  try {
    const holder = Number(fs.readFileSync(lockPath, 'utf8'));
    if (holder && holder !== process.pid) {
      try {
        process.kill(holder, 0);
        throw new Error(
          `The data folder ${dataDir} is in use by process ${holder} (lock file ${lockPath}). PGlite allows ` +
            'one process per data folder: stop that process, set DATA_DIR to another folder, or use ' +
            'PostgreSQL (DATABASE_URL) to run several server or worker processes on one database.',
        );
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
      }
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  fs.writeFileSync(lockPath, String(process.pid));
  return () => {
    try {
      if (fs.readFileSync(lockPath, 'utf8') === String(process.pid)) fs.unlinkSync(lockPath);
    } catch {
      // already gone
    }
  };
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  // Each driver is loaded only when used: start-up loads one of them, not both.
  if (options.databaseUrl) {
    const { default: pg } = await import('pg');
    // count(*) and bigint columns come back as numbers from both drivers.
    pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolMax ?? 10 });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, kind: 'postgres', location: redactUrl(options.databaseUrl), close: () => db.destroy() };
  }
  const inMemory = options.dataDir.startsWith('memory://');
  const releaseLock = inMemory ? () => {} : takeFolderLock(options.dataDir);
  try {
    const { PGlite } = await import('@electric-sql/pglite');
    const pglite =
      inMemory && options.template
        ? new PGlite({ loadDataDir: options.template })
        : new PGlite(inMemory ? options.dataDir : path.join(options.dataDir, 'pglite'));
    await pglite.waitReady;
    const db = new Kysely<Database>({ dialect: pgliteDialect(pglite) });
    return {
      db,
      kind: 'pglite',
      pglite,
      location: inMemory ? options.dataDir : path.join(options.dataDir, 'pglite'),
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
