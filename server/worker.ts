import { loadConfig } from './config.ts';
import { prepareDatabase } from './db/prepareDatabase.ts';
import { WorkflowRuntime } from './services/runtime/WorkflowRuntime.ts';

/**
 * `npm run worker`: one more workflow-runtime process on the PostgreSQL database at DATABASE_URL (run as
 * many as you like; they share one pg-boss queue and never run a step twice). PGlite is one process per
 * data folder, so a worker needs PostgreSQL. Settings: WORKER_LOOPS (work loops, default 8),
 * WORKER_BATCH (jobs per fetch, default 100), WORKER_EXPIRE_SECONDS, WORKER_MAINTENANCE_SECONDS. Stops cleanly on SIGINT / SIGTERM.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  if (!config.databaseUrl) {
    throw new Error(
      'npm run worker needs PostgreSQL: set DATABASE_URL (e.g. postgresql://user:pass@127.0.0.1:5432/workbench). ' +
        'With PGlite (no DATABASE_URL) the workflow runtime runs inside `npm start` only: PGlite allows one ' +
        'process per data folder.',
    );
  }
  const { database } = await prepareDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    seed: false,
  });
  const runtime = await WorkflowRuntime.start({
    database,
    databaseUrl: config.databaseUrl,
    ...config.worker,
    log: (message, error) => console.error(message, error instanceof Error ? error.message : error),
  });
  console.log(`Workflow worker ${process.pid} running on PostgreSQL ${database.location}`);
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) process.exit(1);
    stopping = true;
    console.log(`${signal}: finishing the steps in flight...`);
    try {
      await runtime.stop();
      await database.close();
      console.log(`Workflow worker ${process.pid} stopped (${runtime.stats.steps} steps).`);
      process.exit(0);
    } catch (error) {
      console.error('Stopping failed:', error);
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
