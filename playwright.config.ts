import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

/**
 * End-to-end tests in Debian's Chromium (no browser download) against the real server, started by
 * Playwright on free random ports with fresh temporary databases:
 * - "chromium": the product as configured by default;
 * - "expiry": a second server whose sessions last 3 s (SESSION_TTL_SECONDS=3), for the expired-session test.
 * The config is evaluated in the runner and in every worker: the ports and folders chosen here are passed
 * on through environment variables so that all of them agree.
 */
const env = process.env;
// Below Linux's ephemeral range (32768-60999), where an outgoing connection (a database client, say) may
// hold the port we pick: a listen there failed CI once with EADDRINUSE.
const PORTS = { from: 20000, count: 12000 };
const randomPort = () => String(PORTS.from + Math.floor(Math.random() * PORTS.count));
const nextPort = (offset: number) =>
  String(((Number(env.E2E_PORT) - PORTS.from + offset) % PORTS.count) + PORTS.from);
env.E2E_PORT ||= randomPort();
env.E2E_EXPIRY_PORT ||= nextPort(7919);
env.E2E_STATIC_PORT ||= nextPort(3967);
if (!env.E2E_DATA_DIR && !env.TEST_WORKER_INDEX) {
  const dirs = [
    mkdtempSync(path.join(os.tmpdir(), 'wb-e2e-')),
    mkdtempSync(path.join(os.tmpdir(), 'wb-e2e-expiry-')),
    mkdtempSync(path.join(os.tmpdir(), 'wb-e2e-static-')),
    mkdtempSync(path.join(os.tmpdir(), 'wb-e2e-outage-')),
  ];
  [env.E2E_DATA_DIR, env.E2E_EXPIRY_DATA_DIR, env.E2E_STATIC_DIR, env.E2E_OUTAGE_DATA_DIR] = dirs;
  // The runner exits after the servers have stopped: only then are their databases removed.
  process.on('exit', () => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    for (const file of [`${dirs[0]}-fixture.json`, `${dirs[0]}-server.log`]) rmSync(file, { force: true });
  });
}
// The run makes its own internal admin (no internal account has a password written in the repository).
env.E2E_ADMIN_EMAIL ||= `admin-${randomBytes(4).toString('hex')}@e2e.test`;
env.E2E_ADMIN_PASSWORD ||= `E2e-${randomBytes(18).toString('base64url')}`;
const dataDir = env.E2E_DATA_DIR ?? '';
// Beside the data folder: the seeded unsubscribe ids (e2e/support/prepareE2eData.ts) and the server's log.
env.E2E_FIXTURE_FILE ||= `${dataDir}-fixture.json`;
env.E2E_SERVER_LOG ||= `${dataDir}-server.log`;
const expiryDataDir = env.E2E_EXPIRY_DATA_DIR ?? '';

const host = '127.0.0.1';
const baseURL = `http://${host}:${env.E2E_PORT}`;
const expiryURL = `http://${host}:${env.E2E_EXPIRY_PORT}`;
/** The public pages built with `npm run build:public` and served by a plain static host. */
const staticURL = `http://${host}:${env.E2E_STATIC_PORT}`;
env.E2E_STATIC_URL = staticURL;

const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const serverEnv = (port: string, dataDir: string, extra: Record<string, string> = {}) => ({
  HOST: host,
  PORT: port,
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  // The suite signs in many times a minute from one address.
  AUTH_RATE_LIMIT: '10000',
  // ...and opens the public pages many times a minute (their limit has its own server test).
  PUBLIC_RATE_LIMIT: '10000',
  ...extra,
});

export default defineConfig({
  testDir: './e2e',
  // The screenshot tour runs only when asked for (SCREENSHOTS_DIR=/tmp/shots npx playwright test screenshots).
  testIgnore: env.SCREENSHOTS_DIR ? [] : ['**/screenshots.spec.ts'],
  fullyParallel: true,
  forbidOnly: Boolean(env.CI),
  retries: env.CI ? 1 : 0,
  workers: 2,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    browserName: 'chromium',
    viewport: { width: 1280, height: 800 },
    // Recording a trace (a screencast and DOM snapshots of every action) costs Chromium about a third of its
    // work: CI records it only on the retry of a failed test, where it is read; a local run keeps failures'.
    trace: env.CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: chromiumArgs,
    },
  },
  projects: [
    { name: 'chromium', use: { baseURL }, grepInvert: /@expiry/ },
    { name: 'expiry', use: { baseURL: expiryURL }, grep: /@expiry/ },
  ],
  // Started one after the other: the first builds the client when it is stale, the second finds it fresh.
  webServer: [
    {
      // The database is seeded first, to read its random unsubscribe ids; the server's log is kept in a
      // file too, where the specs read the links of mail that is not sent (no SMTP_URL).
      command: `npx tsx e2e/support/prepareE2eData.ts && npx tsx server/start.ts 2>&1 | tee ${env.E2E_SERVER_LOG}`,
      url: `${baseURL}/`,
      env: serverEnv(env.E2E_PORT, dataDir, {
        PREFERENCE_CORS_ORIGINS: staticURL,
        E2E_FIXTURE_FILE: env.E2E_FIXTURE_FILE,
        // The expiry server starts on a copy of this seeded database, and so does the server the outage
        // spec stops and starts again (e2e/peopleOutage.spec.ts).
        E2E_COPY_DATA_TO: [expiryDataDir, env.E2E_OUTAGE_DATA_DIR ?? ''].join(','),
        // The content explorer spec serves a feed from a local server inside the test.
        FEED_ALLOW_PRIVATE_HOSTS: '127.0.0.1',
        ADMIN_EMAIL: env.E2E_ADMIN_EMAIL,
        ADMIN_PASSWORD: env.E2E_ADMIN_PASSWORD,
        // Mail that is not sent is logged at info level.
        LOG_LEVEL: 'info',
      }),
      reuseExistingServer: false,
      timeout: 240_000,
      stdout: 'pipe',
      stderr: 'pipe',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    },
    {
      command: 'npx tsx server/start.ts',
      url: `${expiryURL}/`,
      env: serverEnv(env.E2E_EXPIRY_PORT, expiryDataDir, { SESSION_TTL_SECONDS: '3' }),
      reuseExistingServer: false,
      timeout: 240_000,
      stdout: 'pipe',
      stderr: 'pipe',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    },
    {
      command: `npx tsx scripts/buildPublic.ts && npx tsx scripts/serveStatic.ts ${env.E2E_STATIC_DIR} ${env.E2E_STATIC_PORT}`,
      url: `${staticURL}/`,
      env: { PREFERENCE_BASE: `${baseURL}/api/preference/`, PUBLIC_OUT_DIR: env.E2E_STATIC_DIR ?? '' },
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'pipe',
      stderr: 'pipe',
    },
  ],
});
