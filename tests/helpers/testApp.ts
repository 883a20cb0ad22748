import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { type AppConfig, loadConfig } from '../../server/config.ts';
import type { DatabaseHandle } from '../../server/db/openDatabase.ts';
import { prepareDatabase } from '../../server/db/prepareDatabase.ts';
import { DEMO_LOGIN } from '../../server/seed/demoAccounts.ts';
import { demoPreferenceUuid } from '../../server/seed/demoPreferenceUuid.ts';
import type { FeedFetcherSettings } from '../../server/startBackgroundWork.ts';
import { readPgliteTemplate } from './pgliteTemplate.ts';
import { postgresTemplate } from './postgresTemplate.ts';
import { throwAwayDatabase } from './throwAwayDatabase.ts';

export type TestApp = {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: AppConfig;
  /** The server's log lines so far, parsed (only with `captureLog`). */
  logLines: () => Record<string, unknown>[];
  close: () => Promise<void>;
};

export type TestAppOptions = {
  /** Keep the server's log (level info) for the test to read, e.g. the unsent emails without SMTP. */
  captureLog?: boolean;
  /** Now, for sign-in delays and test-send limits. */
  clock?: () => Date;
  /** Serve the built client from DIST_DIR too, as `npm start` does. */
  serveClient?: boolean;
  /** Run the feed fetcher (pg-boss) in the app, with these settings. */
  feedFetcher?: FeedFetcherSettings;
  /** Called with the app before it is ready (hooks are added then, e.g. a benchmark's server times). */
  beforeReady?: (app: FastifyInstance) => void;
};

/**
 * A fresh, seeded app for one test file. On PGlite in memory by default; on a throw-away database of
 * the PostgreSQL server at TEST_DATABASE_URL when that is set.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const throwAway = await throwAwayDatabase('wb_test', undefined, postgresTemplate());
  const databaseUrl = throwAway?.url;
  const dropDatabase = throwAway?.drop ?? (async () => {});
  const config = loadConfig({
    ...env,
    LOG_LEVEL: options.captureLog ? 'info' : 'silent',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  } as NodeJS.ProcessEnv);
  const template = databaseUrl ? undefined : readPgliteTemplate(inject('pgliteTemplate'));
  const { database } = await prepareDatabase({ databaseUrl, dataDir: 'memory://', template });
  const lines: string[] = [];
  const app = await buildApp({
    config,
    database,
    logger: false,
    clock: options.clock,
    serveClient: options.serveClient,
    feedFetcher: options.feedFetcher ?? false,
    logStream: options.captureLog ? { write: (line) => void lines.push(line) } : undefined,
  });
  options.beforeReady?.(app);
  await app.ready();
  return {
    app,
    database,
    config,
    logLines: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>),
    close: async () => {
      await app.close();
      await database.close();
      await dropDatabase();
    },
  };
}

/** The unsubscribe id of the seeded demo recipient (random: read from the test app's database). */
export async function demoRecipientUuid(t: TestApp): Promise<string> {
  const uuid = await demoPreferenceUuid(t.database.db);
  if (!uuid) throw new Error('the test database holds no preference record');
  return uuid;
}

export type Session = { cookie: string; csrf: string };

export function sessionCookie(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === 'wb_session');
  if (!cookie) throw new Error(`no session cookie in response ${response.statusCode}: ${response.body}`);
  return `wb_session=${cookie.value}`;
}

export async function signIn(
  app: FastifyInstance,
  login: { email: string; password: string } = DEMO_LOGIN,
): Promise<Session> {
  const response = await app.inject({ method: 'POST', url: '/api/auth/login/', payload: login });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  return { cookie: sessionCookie(response), csrf: response.json().csrf_token };
}

/** Sends a form-encoded request the way the client does (cookie, CSRF header). */
export function form(
  app: FastifyInstance,
  method: 'POST' | 'PUT',
  url: string,
  fields: Record<string, string>,
  session?: Session,
  extra: Partial<InjectOptions> = {},
) {
  return app.inject({
    method,
    url,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(session ? { cookie: session.cookie, 'x-csrftoken': session.csrf } : {}),
      ...(extra.headers ?? {}),
    },
    payload: new URLSearchParams(fields).toString(),
  });
}

/** The full text of the latest email the server logged for `to` (no SMTP: the operator's copy). */
export async function loggedEmailText(t: TestApp, to: string): Promise<string> {
  await t.app.afterReply.idle();
  const mails = t
    .logLines()
    .map((line) => line.mail as { to: string; text: string } | undefined)
    .filter((mail) => mail?.to.toLowerCase() === to.toLowerCase());
  const last = mails.at(-1);
  if (!last) throw new Error(`no email to ${to} in the log`);
  return last.text;
}
