import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { type AppConfig, loadConfig } from '../../server/config.ts';
import type { DatabaseHandle } from '../../server/db/openDatabase.ts';
import { prepareDatabase } from '../../server/db/prepareDatabase.ts';
import { DEMO_LOGIN } from '../../server/seed/demoAccounts.ts';
import { readPgliteTemplate } from './pgliteTemplate.ts';
import { throwAwayDatabase } from './throwAwayDatabase.ts';

export type TestApp = {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: AppConfig;
  close: () => Promise<void>;
};

/**
 * A fresh, seeded app for one test file. On PGlite in memory by default; on a throw-away database of
 * the PostgreSQL server at TEST_DATABASE_URL when that is set.
 */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const throwAway = await throwAwayDatabase();
  const databaseUrl = throwAway?.url;
  const dropDatabase = throwAway?.drop ?? (async () => {});
  const config = loadConfig({
    ...env,
    LOG_LEVEL: 'silent',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  } as NodeJS.ProcessEnv);
  const template = databaseUrl ? undefined : readPgliteTemplate(inject('pgliteTemplate'));
  const { database } = await prepareDatabase({ databaseUrl, dataDir: 'memory://', template });
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      await database.close();
      await dropDatabase();
    },
  };
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
