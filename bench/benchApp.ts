import { loadConfig } from '../server/config.ts';
import type { DatabaseHandle } from '../server/db/openDatabase.ts';

/** Where a bench's database is: a PGlite folder, or PostgreSQL when databaseUrl is given. */
export type BenchConnection = { dataDir: string; databaseUrl?: string };

/** The app in this process on a prepared database, its log silent: how the report benches time the calls. */
export async function benchApp(connection: BenchConnection, database: DatabaseHandle) {
  const config = loadConfig({
    ...process.env,
    LOG_LEVEL: 'silent',
    ...(connection.databaseUrl ? { DATABASE_URL: connection.databaseUrl } : { DATA_DIR: connection.dataDir }),
  });
  const { buildApp } = await import('../server/app.ts');
  return buildApp({ config, database, logger: false });
}
