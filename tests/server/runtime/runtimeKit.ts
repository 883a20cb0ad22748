import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { inject } from 'vitest';
import { buildApp } from '../../../server/app.ts';
import { type AppConfig, loadConfig } from '../../../server/config.ts';
import type { DatabaseHandle } from '../../../server/db/openDatabase.ts';
import { prepareDatabase } from '../../../server/db/prepareDatabase.ts';
import { notifyWork } from '../../../server/lib/workSignals.ts';
import type { RuntimeOptions } from '../../../server/services/runtime/WorkflowRuntime.ts';
import { readPgliteTemplate } from '../../helpers/pgliteTemplate.ts';
import { postgresTemplate } from '../../helpers/postgresTemplate.ts';
import { throwAwayDatabase } from '../../helpers/throwAwayDatabase.ts';

/** A clock the test moves: starts at `start`, moves only when told. */
export class TestClock {
  private at: number;
  constructor(start = Date.now()) {
    this.at = start;
  }
  now = () => new Date(this.at);
  set(ms: number) {
    this.at = ms;
  }
  advance(ms: number) {
    this.at += ms;
  }
}

export type RuntimeTestApp = {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: AppConfig;
  databaseUrl: string | undefined;
  close: () => Promise<void>;
};

/**
 * A seeded app (like tests/helpers/testApp.ts) that runs the workflow runtime with fast polling and an
 * injected clock. DELIVERY_WORKER is off unless env turns it on, so the tests decide which events happen.
 */
export async function createRuntimeApp(
  runtime: Omit<RuntimeOptions, 'database' | 'databaseUrl'>,
  env: Record<string, string> = {},
): Promise<RuntimeTestApp> {
  const throwAway = await throwAwayDatabase('wb_rt', undefined, postgresTemplate());
  const config = loadConfig({
    DELIVERY_WORKER: 'false',
    ...env,
    LOG_LEVEL: 'silent',
    ...(throwAway ? { DATABASE_URL: throwAway.url } : {}),
  } as NodeJS.ProcessEnv);
  const template = throwAway ? undefined : readPgliteTemplate(inject('pgliteTemplate'));
  const { database } = await prepareDatabase({ databaseUrl: throwAway?.url, dataDir: 'memory://', template });
  const app = await buildApp({
    config,
    database,
    logger: false,
    workflowRuntime: {
      pollingIntervalSeconds: 0.5,
      sweepIntervalMs: 300,
      maintenanceIntervalSeconds: 1,
      ...runtime,
    },
  });
  await app.ready();
  return {
    app,
    database,
    config,
    databaseUrl: throwAway?.url,
    close: async () => {
      await app.close();
      await database.close();
      await throwAway?.drop();
    },
  };
}

/** Polls until check() returns a value that is not undefined (or fails after timeoutMs). */
export async function eventually<T>(
  check: () => Promise<T | undefined>,
  what: string,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined) return value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline)
      throw new Error(`timed out waiting for ${what}${last ? `: ${String(last)}` : ''}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Moves the clock and makes the step jobs due within that time runnable now (pg-boss uses the DB clock). */
export async function travel(database: DatabaseHandle, clock: TestClock, ms: number): Promise<void> {
  clock.advance(ms);
  await sql`update pgboss.job set start_after = start_after - ${`${ms} milliseconds`}::interval
            where name in ('workflow-step', 'workflow-step-later') and state in ('created', 'retry')`.execute(
    database.db,
  );
  // Sleeping work loops learn that jobs became due.
  await notifyWork(database.db, 'steps');
}

export { buildFlow, type Step } from './buildFlow.ts';
