import path from 'node:path';
import type { Page } from '@playwright/test';
import { DEMO_LOGIN } from '../server/seed/demoAccounts.ts';
import { signIn } from './support/authSteps.ts';
import { expectNoAxeViolations } from './support/axeChecks.ts';
import { expect, test } from './support/cspTest.ts';
import { DIST_DIR, type OwnServer, ownServer } from './support/ownServer.ts';
import { copyBuildWithNewChunkNames } from './support/renamedBuild.ts';

/**
 * The server goes away and comes back while the workbench is open: a screen whose code or styles could not
 * be loaded shows the shell with a clear message, and opens by itself once the server answers; a tab opened
 * before a deploy (its chunk names gone) loads the page again. These tests stop and start a server of
 * their own (the shared one keeps serving the other specs), one after the other.
 */
test.describe.configure({ mode: 'serial' });

let server: OwnServer;
test.beforeAll(async () => {
  server = await ownServer();
  await server.start();
});
test.afterAll(async () => {
  await server?.stop();
});

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

test('a screen that cannot be loaded while the server is down shows the shell, and opens by itself when it is back', async ({
  page,
}) => {
  await signIn(page, DEMO_LOGIN, '/campaigns', server.baseURL);
  await expect(page.getByRole('heading', { level: 1, name: 'Campaigns' })).toBeVisible();
  await server.stop();

  await mainNav(page).getByRole('link', { name: 'Automation' }).click();
  const failure = page.getByTestId('screen-load-failure');
  await expect(failure.getByRole('heading', { name: 'This screen could not be loaded' })).toBeVisible();
  await expect(failure).toContainText('opens by itself as soon as the server answers again');
  // The shell stays: its navigation and account menu, styled.
  await expect(mainNav(page).getByRole('link', { name: 'Campaigns' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Account:/ })).toBeVisible();
  await expect(page.getByText('Something went wrong!')).toHaveCount(0);
  await failure.getByRole('button', { name: 'Try again' }).click();
  await expect(failure.getByText(/No answer from the server yet/)).toBeVisible();
  await expectNoAxeViolations(page, 'a screen that could not be loaded');

  await server.start();
  await expect(page.getByRole('heading', { level: 1, name: 'Automation' })).toBeVisible({ timeout: 15_000 });
  await expect(page).toHaveURL(/\/automation$/);
  // Its styles came with it (the stylesheet that failed was asked for again).
  await expect(page.getByRole('definition').first()).toBeVisible();
  expect(await page.locator('.automation-counts').evaluate((el) => getComputedStyle(el).display)).toBe(
    'flex',
  );
});

test('a tab opened before a deploy replaced the chunk names loads the page again and opens the screen', async ({
  page,
}) => {
  const next = path.join(process.env.E2E_OUTAGE_DIR ?? '', 'dist-next');
  copyBuildWithNewChunkNames(DIST_DIR, next);
  await signIn(page, DEMO_LOGIN, '/campaigns', server.baseURL);
  await expect(page.getByRole('heading', { level: 1, name: 'Campaigns' })).toBeVisible();
  const before = await page.locator('script[type="module"][src]').first().getAttribute('src');

  await server.stop();
  await server.start({ distDir: next });
  try {
    await mainNav(page).getByRole('link', { name: 'Automation' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Automation' })).toBeVisible();
    const after = await page.locator('script[type="module"][src]').first().getAttribute('src');
    expect(after).not.toBe(before);
    expect(after).toMatch(/n2\.js$/);
    expect(await page.locator('.automation-counts').evaluate((el) => getComputedStyle(el).display)).toBe(
      'flex',
    );
  } finally {
    await server.stop();
    await server.start();
  }
});
