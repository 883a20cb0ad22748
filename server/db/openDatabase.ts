import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import { pgliteDialect } from './pgliteDialect.ts';
import type { Database } from './schema.ts';
import { takeFolderLock } from './takeFolderLock.ts';

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
