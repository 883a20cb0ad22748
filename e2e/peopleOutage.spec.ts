import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { DEMO_LOGIN } from '../server/seed/demoAccounts.ts';
import { tag } from './support/automationSteps.ts';
import { expectNoAxeViolations } from './support/axeChecks.ts';
import { expect, test } from './support/cspTest.ts';

/**
 * The People list while its server is stopped and after it is started again: a server of its own (on a
 * copy of the run's seeded database, E2E_OUTAGE_DATA_DIR), stopped and started by this spec, so the other
 * specs' server stays up. A search while it is down says so instead of showing the rows of before; one Try
 * again brings the rows and the totals back; a contact created after the restart shows in the whole list,
 * not alone; totals that could not be counted say so. SCREENSHOTS_DIR=/tmp/shots also writes screenshots.
 */
const dataDir = process.env.E2E_OUTAGE_DATA_DIR ?? '';
const port = String(((Number(process.env.E2E_PORT) - 20000 + 5113) % 12000) + 20000);
const origin = `http://127.0.0.1:${port}`;
const shotsDir = process.env.SCREENSHOTS_DIR;

let server: ChildProcess | null = null;

/** Starts `npm start`'s launcher on the outage folder and waits until it answers. */
async function startServer(): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/start.ts'], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: port,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT: '10000',
      PUBLIC_RATE_LIMIT: '10000',
    },
    stdio: 'ignore',
  });
  server = child;
  await expect
    .poll(
      async () => {
        if (child.exitCode !== null) throw new Error(`the outage server exited (${child.exitCode})`);
        return fetch(`${origin}/`).then(
          (response) => response.status,
          () => 0,
        );
      },
      { timeout: 120_000, intervals: [250] },
    )
    .toBe(200);
}

/** Stops it (the launcher passes SIGTERM on to the server) and waits until it is gone. */
async function stopServer(): Promise<void> {
  const child = server;
  server = null;
  if (!child || child.exitCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  await exited;
  await expect
    .poll(
      () =>
        fetch(`${origin}/`).then(
          () => 'up',
          () => 'down',
        ),
      { timeout: 20_000 },
    )
    .toBe('down');
}

test.afterEach(async () => {
  await stopServer();
});

async function shot(page: Page, name: string): Promise<void> {
  if (!shotsDir) return;
  mkdirSync(shotsDir, { recursive: true });
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.screenshot({ path: `${shotsDir}/people-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('People says when its server is down, and one Try again recovers the rows and the totals', async ({
  page,
}) => {
  test.setTimeout(300_000);
  test.skip(!dataDir, 'the outage server needs E2E_OUTAGE_DATA_DIR (playwright.config.ts)');
  await startServer();
  const login = await page.request.post(`${origin}/api/auth/login/`, {
    form: { email: DEMO_LOGIN.email, password: DEMO_LOGIN.password, user_tz: 'UTC' },
  });
  expect(login.status()).toBe(200);
  const { csrf_token: csrfToken } = (await login.json()) as { csrf_token: string };
  await page.goto(`${origin}/api/`);
  await page.evaluate((token) => {
    localStorage.setItem('csrf_token', token);
    localStorage.setItem('logout', '0');
  }, csrfToken);
  await page.goto(`${origin}/audiences/people/all`);
  const tabs = page.getByRole('navigation', { name: 'People tabs' });
  await expect(page.getByText(/^Showing 10 of 2,\d{3}$/)).toBeVisible();
  const firstName = await page.locator('.people-name__open').first().textContent();

  // The server stops; a search cannot be answered: it says so, and the rows of before are not its answer.
  await stopServer();
  await page.getByLabel('Search people').fill('aurora-labs');
  await expect(page.getByText('People could not be loaded')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
  await expect(page.getByRole('button', { name: firstName ?? '' })).toBeHidden();
  await expect(page.getByText(/^Showing/)).toBeHidden();
  await expect(page).toHaveURL(/\?q=aurora-labs$/);
  await expectNoAxeViolations(page, 'People while the server is down');
  await shot(page, 'error');

  // Back: one Try again finds the people of that domain, and counts them.
  await startServer();
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByText(/^Showing 10 of \d+$/)).toBeVisible();
  await expect(tabs.getByRole('link', { name: /^All \d+$/ })).toBeVisible();
  const addresses = await page.locator('.people-name__email').allTextContents();
  expect(addresses.every((address) => address.endsWith('@aurora-labs.test'))).toBe(true);
  await shot(page, 'search-results');

  // Down and back again with the search cleared; a contact created before Try again joins the whole list.
  await stopServer();
  await page.getByLabel('Search people').fill('');
  await expect(page.getByText('People could not be loaded')).toBeVisible();
  await startServer();
  const t = `Zq${tag()}`;
  await page.getByRole('button', { name: 'Create contact' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Create contact' });
  await dialog.getByLabel('First name').fill(t);
  await dialog.getByLabel('Last name').fill('Outage');
  await dialog.getByLabel('Email').fill(`${t}@outage.test`.toLowerCase());
  await dialog.getByRole('button', { name: 'Create contact' }).click();
  await expect(page.getByText(`${t} Outage created.`)).toBeVisible();
  await expect(page.getByText(/^Showing 10 of 2,\d{3}$/)).toBeVisible();
  await expect(tabs.getByRole('link', { name: /^All 2(\.\d)?K$/ })).toBeVisible();

  // Totals that could not be counted say so (the rows came), and Try again counts them.
  await page.route('**/api/audience/people_tab_counts/**', (route) => route.abort('connectionrefused'));
  await page.getByLabel('Search people').fill('outage.test');
  await expect(page.getByText(/^Showing 1 · the total could not be counted/)).toBeVisible();
  await expect(tabs.getByRole('link', { name: 'All —' })).toBeVisible();
  await expectNoAxeViolations(page, 'People with totals that could not be counted');
  await shot(page, 'counting-failed');
  await page.unroute('**/api/audience/people_tab_counts/**');
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByText('Showing 1 of 1')).toBeVisible();
  await expect(tabs.getByRole('link', { name: 'All 1' })).toBeVisible();
});
