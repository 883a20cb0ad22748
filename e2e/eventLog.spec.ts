import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Download, Page } from '@playwright/test';
import { parseEventLog } from '../machines/parseEventLog.ts';
import { replayEventLog } from '../machines/replay.ts';
import { openUserMenu, signIn, signInThroughForm } from './support/authSteps.ts';
import { expect, test } from './support/cspTest.ts';

const DEMO = { email: 'demo@workbench.test', password: 'Demo-Password-2026' };

/**
 * Where to keep the downloaded logs as replay fixtures (RECORD_REPLAYS_DIR=tests/replays), e.g. to
 * refresh tests/replays/ after a machine changes on purpose.
 */
const keepDir = process.env.RECORD_REPLAYS_DIR;

async function readDownload(download: Download, keepAs: string): Promise<string> {
  const file = await download.path();
  if (keepDir) {
    mkdirSync(keepDir, { recursive: true });
    copyFileSync(file, path.join(keepDir, keepAs));
  }
  return readFileSync(file, 'utf8');
}

async function csrfToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => window.localStorage.getItem('csrf_token'));
  expect(token, 'a signed-in page holds a CSRF token').toBeTruthy();
  return token ?? '';
}

async function expectFaithfulReplay(text: string): Promise<void> {
  const log = parseEventLog(text);
  const { steps, divergence } = await replayEventLog(log);
  expect(divergence, JSON.stringify(divergence)).toBeNull();
  expect(steps.length).toBe(log.entries.length);
}

test('a session log downloaded from the user menu replays to the same states and holds no secrets', async ({
  page,
}) => {
  await signInThroughForm(page, DEMO);
  await expect(page.getByTestId('user-name')).toBeVisible();
  const token = await csrfToken(page);

  // A few things: move between areas (client-side navigation keeps the page and its log).
  await page.getByRole('link', { name: 'Audiences' }).first().click();
  await page.waitForURL('**/audiences**');
  await page.getByRole('link', { name: 'Campaigns' }).first().click();
  await page.waitForURL('**/campaigns**');

  await openUserMenu(page);
  const downloading = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Download session log' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^session-log-\d{4}-\d\d-\d\dT[\d-]+Z\.json$/);
  const text = await readDownload(download, 'sign-in.json');

  expect(text).not.toContain(DEMO.password);
  expect(text).not.toContain(token);
  const log = parseEventLog(text);
  const events = log.entries.map((entry) => (entry.kind === 'event' ? entry.event.type : entry.kind));
  expect(events).toContain('request.submit');
  expect(events).toContain('session.signIn');
  expect(log.entries.some((entry) => entry.kind === 'outcome' && entry.actor.startsWith('currentUser'))).toBe(
    true,
  );
  await expectFaithfulReplay(text);
});

test('an import-progress run downloaded with Ctrl+Shift+L replays to the same states', async ({ page }) => {
  await signIn(page, DEMO);
  // A fresh page: its log starts with the session and the import screen's timers.
  await page.goto('/import');
  await page.waitForURL('**/content/search', { timeout: 15_000 });
  await expect(page.getByTestId('user-name')).toBeVisible();
  const token = await csrfToken(page);

  const downloading = page.waitForEvent('download');
  await page.keyboard.press('Control+Shift+L');
  const download = await downloading;
  const text = await readDownload(download, 'import-progress.json');

  expect(text).not.toContain(token);
  const log = parseEventLog(text);
  const importStates = log.entries
    .filter((entry) => entry.actor.startsWith('importProgress'))
    .map((entry) => entry.state.context as { count: number });
  expect(importStates.map((context) => context.count)).toContain(1000);
  expect(log.entries.filter((entry) => entry.kind === 'timer').length).toBeGreaterThanOrEqual(11);
  await expectFaithfulReplay(text);
});

test('sign-out from the user menu goes through the session actor and ends on the sign-in page', async ({
  page,
}) => {
  await signIn(page, DEMO);
  await expect(page.getByTestId('user-name')).toBeVisible();
  await openUserMenu(page);
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.getItem('logout'))).toBe('1');
  expect(await page.evaluate(() => window.localStorage.getItem('csrf_token'))).toBeNull();
});
