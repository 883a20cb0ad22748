import { mkdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { DEMO_LOGIN } from '../server/seed/demoAccounts.ts';
import { signIn } from './support/authSteps.ts';
import { expectNoAxeViolations } from './support/axeChecks.ts';
import { expect, test } from './support/cspTest.ts';

/**
 * The content explorer: search a subject and see the matched words marked, favourite an article and find
 * it under Favourites, open a preview, add a feed served by a local web server (the server under test
 * allows 127.0.0.1 through FEED_ALLOW_PRIVATE_HOSTS) and see its articles appear. CONTENT_SHOTS_DIR=/tmp/shots
 * also writes screenshots at 1280 and 375 px.
 */
const shotsDir = process.env.CONTENT_SHOTS_DIR;
const RSS = readFileSync(path.join(import.meta.dirname, '../tests/server/content/fixtures/rss2.xml'));

let feedServer: Server;
let feedOrigin = '';

test.beforeAll(async () => {
  feedServer = createServer((request, response) => {
    if (request.url?.startsWith('/feed.xml')) {
      response.writeHead(200, { 'content-type': 'application/rss+xml; charset=utf-8' });
      response.end(RSS);
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => feedServer.listen(0, '127.0.0.1', resolve));
  feedOrigin = `http://127.0.0.1:${(feedServer.address() as AddressInfo).port}`;
});
test.afterAll(async () => {
  await new Promise((resolve) => feedServer?.close(resolve));
});

/**
 * Checks a screen with axe at the widths asked for (each screen at least at one; the explorer at both) and,
 * with CONTENT_SHOTS_DIR, screenshots it at both widths.
 */
async function checkScreen(page: Page, name: string, axeAt: readonly number[]): Promise<void> {
  for (const width of [1280, 375]) {
    if (width !== 1280) await page.setViewportSize({ width, height: 812 });
    if (axeAt.includes(width)) await expectNoAxeViolations(page, `${name} at ${width} px`);
    if (shotsDir) {
      mkdirSync(shotsDir, { recursive: true });
      await page.screenshot({ path: path.join(shotsDir, `content-${width}-${name}.png`), fullPage: false });
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('content explorer: search with marked words, favourite, preview, add a feed and see its articles', async ({
  page,
}) => {
  // One long walk (about 45 s on CI): twice the default leaves room on a loaded machine.
  test.setTimeout(120_000);
  await signIn(page, DEMO_LOGIN, '/content/explorer');
  await expect(page.getByRole('heading', { level: 1, name: 'Content explorer' })).toBeVisible();
  const cards = page
    .getByRole('list', { name: 'Articles' })
    .getByRole('listitem')
    .filter({
      has: page.getByRole('heading', { level: 3 }),
    });
  await expect(cards.first()).toBeVisible();
  await expect(cards).toHaveCount(20);
  await checkScreen(page, 'explorer', [1280, 375]);

  // Search: the term goes to the address, the matched words are marked.
  await page.getByRole('link', { name: 'Search', exact: true }).click();
  await page.getByLabel('Search articles').fill('supply chain');
  await expect(page).toHaveURL(/\/content\/search\?q=supply/);
  await expect(cards.first().locator('mark').first()).toBeVisible();
  expect((await cards.first().locator('mark').first().textContent())?.toLowerCase()).toMatch(/supply|chain/);

  // Favourite the first result and find it under Favourites.
  const first = cards.first();
  const title = (await first.getByRole('heading', { level: 3 }).textContent()) ?? '';
  const star = first.getByRole('button', { name: 'Favourite' });
  await expect(star).toHaveAttribute('aria-pressed', 'false');
  await star.click();
  await expect(star).toHaveAttribute('aria-pressed', 'true');
  await page.getByLabel('Search articles').fill('');
  await page.getByRole('link', { name: 'Favourites' }).click();
  await expect(page).toHaveURL(/\/content\/favorites/);
  await expect(cards.filter({ hasText: title })).toHaveCount(1);

  // Preview an article.
  await cards.first().getByRole('heading', { level: 3 }).getByRole('button').click();
  const preview = page.getByRole('complementary', { name: 'Article preview' });
  await expect(preview.getByRole('heading', { level: 3, name: title })).toBeVisible();
  await expect(preview.getByRole('link', { name: /Read on/ })).toBeVisible();
  await checkScreen(page, 'preview', [375]);
  await preview.getByRole('button', { name: 'Close' }).click();
  await expect(preview).toBeHidden();

  // Add a feed served here; its articles appear once it is fetched.
  await page.getByRole('link', { name: 'Explorer' }).click();
  await page.getByRole('button', { name: /Advanced search/ }).click();
  await page.getByLabel('Add a feed').fill('not a web address');
  await page.getByRole('button', { name: 'Add feed' }).click();
  await expect(page.getByText('Enter the address of an RSS, Atom or JSON feed')).toBeVisible();
  // This run's own address: a retry (same server) finds the feed it added, not the first attempt's.
  const feedUrl = `${feedOrigin}/feed.xml?run=${Date.now()}`;
  await page.getByLabel('Add a feed').fill(feedUrl);
  await page.getByRole('button', { name: 'Add feed' }).click();
  const feed = page.getByRole('list', { name: 'Feeds' }).getByRole('listitem').filter({ hasText: feedUrl });
  await expect(feed).toBeVisible();
  await expect(feed.getByText('Fetched', { exact: true })).toBeVisible({ timeout: 30_000 });
  // Added without a name, the feed takes its own title once read.
  await expect(feed.getByText('Supply Chain Weekly', { exact: true })).toBeVisible();
  await checkScreen(page, 'feeds', [1280]);
  await page.getByLabel('Search articles').fill('container rates');
  await expect(cards.filter({ hasText: 'Port congestion eases as container rates fall' })).toHaveCount(1);

  // Curate: check two articles and open the curation panel on the draft emails.
  await page.getByLabel('Search articles').fill('');
  await page.getByRole('button', { name: /Advanced search/ }).click();
  await expect(cards).toHaveCount(20);
  await cards.nth(0).getByRole('checkbox').check();
  await cards.nth(1).getByRole('checkbox').check();
  const bar = page.getByRole('region', { name: 'Selected articles' });
  await expect(bar.getByText('2 selected')).toBeVisible();
  await bar.getByRole('button', { name: 'Add to email' }).click();
  const panel = page.getByRole('dialog');
  await expect(panel.getByRole('heading', { name: 'Add 2 articles to an email' })).toBeVisible();
  const target = panel.getByRole('list', { name: 'Draft emails' }).getByRole('listitem').first();
  await expect(target).toBeVisible();
  await checkScreen(page, 'curation', [375]);
  // Adding, Undo and '30 sec ago' are e2e/curationWalk.spec.ts's (with the counts in the campaign).
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await page.getByRole('button', { name: /Advanced search/ }).click();

  // Reset restores the global pool: the advanced search's include list is every source again.
  await page.getByRole('checkbox', { name: 'Global pool (default)' }).uncheck();
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('button', { name: 'Advanced search (1)' })).toBeVisible();
  await page.getByRole('button', { name: 'Reset' }).click();
  await expect(page.getByRole('button', { name: 'Advanced search', exact: true })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Global pool (default)' })).toBeChecked();
});
