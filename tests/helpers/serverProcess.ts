import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, expect } from 'vitest';
import { ensureServerBuilt } from '../../server/build/buildServer.ts';
import { DEMO_LOGIN } from '../../server/seed/demoAccounts.ts';
import { freePort } from './freePort.ts';

export type ServerProcess = { child: ChildProcess; origin: string; exited: Promise<void> };
export type OverHttpSession = { cookie: string; csrf: string };

const root = path.resolve(import.meta.dirname, '../..');

/**
 * The real server, its own process (no launcher, so a SIGKILL reaches the process that does the work), from
 * the bundle `npm start` runs, on a free port, with `env` (its database above all). Resolves once it
 * listens. The caller kills it (`children` collects every one started, for an afterAll).
 */
export async function startServerProcess(
  env: Record<string, string>,
  children: ChildProcess[],
): Promise<ServerProcess> {
  const entry = await ensureServerBuilt(path.join(root, 'dist', 'server'));
  const child = spawn(process.execPath, ['--enable-source-maps', entry], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(await freePort()),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SKIP_CLIENT_BUILD: 'true',
      AUTH_RATE_LIMIT: '10000',
      ADMIN_EMAIL: '',
      ADMIN_PASSWORD: '',
      DEMO_DATA: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  const append = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await expect
    .poll(() => output, { timeout: 90_000, interval: 100 })
    .toMatch(/Workbench running at http:\/\/127\.0\.0\.1:\d+/);
  const origin = /Workbench running at (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1] as string;
  return { child, origin, exited };
}

/**
 * The server processes and folders a test file starts and makes, killed and removed after all its tests
 * (whatever they did): push onto `children` (startServerProcess does) and `folders`.
 */
export function cleanedUpAfterAll(): { children: ChildProcess[]; folders: string[] } {
  const children: ChildProcess[] = [];
  const folders: string[] = [];
  afterAll(() => {
    for (const child of children)
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
  });
  return { children, folders };
}

/** Signs in as the demo user over HTTP. */
export async function signInOver(origin: string): Promise<OverHttpSession> {
  const response = await fetch(`${origin}/api/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO_LOGIN),
  });
  expect(response.status).toBe(200);
  const cookie = (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  return { cookie, csrf: ((await response.json()) as { csrf_token: string }).csrf_token };
}

/** A JSON POST over HTTP that must answer 200; its answer. */
export async function postOver(
  origin: string,
  session: OverHttpSession,
  route: string,
  body: object,
): Promise<unknown> {
  const response = await fetch(`${origin}${route}`, {
    method: 'POST',
    headers: { cookie: session.cookie, 'x-csrftoken': session.csrf, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  expect(response.status, text).toBe(200);
  return JSON.parse(text);
}

/** A GET over HTTP that must answer 200; its JSON answer. */
export async function getOver(origin: string, session: OverHttpSession, route: string): Promise<unknown> {
  const response = await fetch(`${origin}${route}`, { headers: { cookie: session.cookie } });
  const text = await response.text();
  expect(response.status, text).toBe(200);
  return JSON.parse(text);
}
