import { CompiledQuery } from 'kysely';
import PgBoss from 'pg-boss';
import type { DatabaseHandle } from '../../db/openDatabase.ts';

export type PgBossOptions = {
  database: DatabaseHandle;
  /** PostgreSQL: pg-boss connects with this string. PGlite: pg-boss runs through the database handle. */
  databaseUrl?: string;
  /** Connections of pg-boss's own pool on PostgreSQL (default 4). */
  max?: number;
  /** pg-boss maintenance (expiring jobs of dead processes) every this many seconds (default 30). */
  maintenanceIntervalSeconds?: number;
  log: (message: string, error?: unknown) => void;
};

/**
 * Starts pg-boss on the database (its tables in the schema pgboss): on PostgreSQL through a connection
 * string, on PGlite through the database handle (pgliteBossDb). One per process: the server's background
 * work (startBackgroundWork) shares it between its jobs (server/lib/jobs); `npm run worker` starts its
 * own. Its cron clock runs the periodic jobs' schedules (startPeriodicJob): every 30 s one process of the
 * database queues the runs that came round, and a copy of pg-boss's own moves them onto their queues within
 * 45 s (cronWorkerIntervalSeconds, its longest: schedules are by the minute).
 */
export async function startPgBoss(options: PgBossOptions): Promise<PgBoss> {
  const { database } = options;
  const common = {
    schema: 'pgboss',
    migrate: true,
    supervise: true,
    schedule: true,
    cronWorkerIntervalSeconds: 45,
    maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? 30,
  };
  const boss =
    database.kind === 'postgres'
      ? new PgBoss({
          ...common,
          connectionString: options.databaseUrl ?? failNoUrl(),
          max: options.max ?? 4,
        })
      : new PgBoss({ ...common, db: pgliteBossDb(database) });
  boss.on('error', (error) => options.log('pg-boss error', error));
  await boss.start();
  return boss;
}

function failNoUrl(): never {
  throw new Error('pg-boss on PostgreSQL needs the connection string (DATABASE_URL).');
}

/**
 * pg-boss's `db` on PGlite (DESIGN section 7): statements go through the Kysely driver's single
 * connection (db.connection()), so they never land inside another caller's open transaction; values go
 * through pg.query, a script without values through pg.exec; a failed script that left a transaction
 * open is rolled back.
 */
function pgliteBossDb(database: DatabaseHandle): PgBoss.Db {
  const pglite = database.pglite;
  if (!pglite) throw new Error('The PGlite handle is missing.');
  return {
    executeSql: (text: string, values?: unknown[]) =>
      database.db.connection().execute(async (conn) => {
        try {
          const result = await conn.executeQuery(CompiledQuery.raw(text, values ?? []));
          return { rows: result.rows as unknown[] };
        } catch (error) {
          if (await pglite.isInTransaction()) await pglite.execLast('rollback');
          throw error;
        }
      }),
  };
}
