import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
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

/**
 * The acceptance walk: on each main screen, something is typed, the server stops while the screen asks it
 * for something, and starts again. Every screen recovers by itself or with one click (its "Try again", or
 * the action that failed), and what was typed is still there. (The people list's outage has its own test
 * with the list: e2e/peopleOutage.spec.ts. Buyer journey asks the server for nothing yet.)
 */
test('stopping and restarting the server on each main screen: each recovers with at most one click, nothing typed is lost', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const base = server.baseURL;
  const tryAgain = () => page.getByRole('button', { name: 'Try again' }).first();
  await signIn(page, DEMO_LOGIN, '/automation', base);
  /**
   * A screen's search typed while the server is down: the screen says, in view, that its list could not
   * be loaded; once the server is back, one click on Try again shows that search's answer, and the search
   * is still in its field.
   */
  const searchThroughOutage = async (path: string, ready: Locator, field: string, text: string) => {
    await page.goto(`${base}${path}`);
    await expect(ready).toBeVisible();
    await server.stop();
    await page.getByLabel(field).fill(text);
    await expect(page.getByRole('alert').filter({ hasText: 'could not be loaded' }).first()).toBeInViewport();
    await server.start();
    await tryAgain().click();
    await expect(page.getByLabel(field)).toHaveValue(text);
  };
  const h1 = (name: string) => page.getByRole('heading', { level: 1, name });

  await searchThroughOutage('/automation', h1('Automation'), 'Search workflows', 'Welcome journey');
  await expect(page.getByRole('link', { name: 'Welcome journey (try me)' })).toBeVisible();

  await searchThroughOutage('/campaigns', h1('Campaigns'), 'Search campaigns', 'Outreach');
  await expect(page.getByRole('link', { name: 'AI Personalised Outreach' })).toBeVisible();

  const firstArticle = page.getByRole('heading', { level: 3 }).first();
  await searchThroughOutage('/content/explorer', firstArticle, 'Search articles', 'electronic health');
  // The answer to this search, not the older list with the search's results added below it.
  await expect(firstArticle).toContainText(/electronic health/i);

  await searchThroughOutage('/audiences/lists', h1('Lists'), 'Search lists', 'Q4');
  await expect(page.getByRole('link', { name: 'Q4 Newsletter' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Conference Follow-ups' })).toHaveCount(0);

  await searchThroughOutage('/mailbox', h1('Demo mailbox'), 'Search the mailbox', 'nobody-here');
  await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);

  /**
   * A screen of reports opened (its code loaded before) while the server is down: it says, in view, that
   * they could not be loaded; once the server is back, one Try again loads every one of them.
   */
  const openThroughOutage = async (area: string, loaded: Locator[]) => {
    await mainNav(page).getByRole('link', { name: area }).click();
    for (const part of loaded) await expect(part).toBeVisible();
    await mainNav(page).getByRole('link', { name: 'Campaigns' }).click();
    await expect(h1('Campaigns')).toBeVisible();
    await server.stop();
    await mainNav(page).getByRole('link', { name: area }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'could not be loaded' }).first()).toBeInViewport();
    await server.start();
    await tryAgain().click();
    for (const part of loaded) await expect(part).toBeVisible();
    await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
  };
  await openThroughOutage('Analytics', [
    page.getByTestId('analytics-stats'),
    page.getByTestId('analytics-email-graph'),
    page.getByTestId('analytics-campaign-graph'),
    page.getByTestId('analytics-trends-chart'),
  ]);
  await openThroughOutage('Settings', [
    page.getByRole('row').filter({ hasText: 'dana.demo@northwind-demo.test' }),
  ]);

  // Import: the upload fails while the server is down; Import again once it is back.
  await page.goto(`${base}/audiences/lists/import`);
  await page.getByLabel('CSV file').setInputFiles({
    name: 'outage.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('email,first_name\noutage.walk@example.test,Walker\n'),
  });
  const listName = page.getByLabel('New list name');
  // Its own name on each attempt: a retry against the same server meets the list the first attempt made.
  const importName = `Outage walk import ${Date.now().toString(36)}`;
  await listName.fill(importName);
  await server.stop();
  const importButton = page.getByRole('button', { name: /^Import \d+ rows?$/ });
  await importButton.click();
  await expect(page.getByRole('alert').filter({ hasText: 'did not start' })).toBeVisible();
  await expect(listName).toHaveValue(importName);
  await server.start();
  await importButton.click();
  await expect(page).toHaveURL(/import_id=/);

  // Designer: the draft is kept in the browser; Save once the server is back.
  const edition = 'campaign_id=5&email_id=24&version_id=24';
  await page.goto(`${base}/campaigns/editionedit/design?${edition}`);
  const versionName = page.getByLabel('Version name');
  await expect(versionName).toBeVisible();
  await server.stop();
  await versionName.fill('Outage walk edition');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Design saved')).toHaveCount(0);
  await server.start();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText(/Design saved|All changes saved/)).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Version name')).toHaveValue('Outage walk edition');

  // Publish: the subject typed while the server is down is still there once it is back (that it is saved
  // and survives leaving the page is the publish spec's).
  await page.goto(`${base}/campaigns/editionedit/publish?${edition}`);
  const subject = page.getByLabel('Subject', { exact: true });
  await expect(subject).toBeVisible();
  await server.stop();
  await subject.fill('Typed while the server was away');
  await subject.blur();
  await server.start();
  const retry = page.getByRole('button', { name: /Try again|Save/ });
  if (await retry.count()) await retry.first().click();
  await expect(subject).toHaveValue('Typed while the server was away');
});
