import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { DEMO_LOGIN } from '../server/seed/demoAccounts.ts';
import { signIn } from './support/authSteps.ts';
import { expectNoAxeViolations } from './support/axeChecks.ts';
import { expect, test } from './support/cspTest.ts';
import { refreshMailboxUntil, searchMailbox } from './support/mailboxSteps.ts';

/**
 * The design-and-publish acceptance, walked once as a new user would: an edition with curated articles
 * (curated through the API: e2e/curationWalk.spec.ts walks the curation screens) is designed from a
 * template with an article list, previewed for phone and desktop, tested to the user (read in the mailbox,
 * marked [Test]), sent to a small list of one new contact,
 * and read in the demo mailbox on a phone-sized window with its design intact; a tracked link is clicked
 * (it lands on the article) and the email's own preference link unsubscribes the contact. Then the
 * campaign's promo export widget shows the edition just sent. What designer.spec and publish.spec check
 * in depth (undo, drafts, schedules, progress) is not repeated. Axe runs on the screens no other spec
 * checks: the designer, the mailbox with the opened email, the export widget dialog and the widget.
 * EDITION_WALK_SHOTS_DIR=/tmp/shots writes screenshots.
 */
const shotsDir = process.env.EDITION_WALK_SHOTS_DIR;
const tag = () => Math.random().toString(36).slice(2, 8);

async function shot(page: Page, name: string): Promise<void> {
  if (!shotsDir) return;
  mkdirSync(shotsDir, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: path.join(shotsDir, `walk-${width}-${name}.png`), fullPage: true });
}

/** POSTs a form to the API as the signed-in page's person (with its CSRF token); answers `data`. */
async function apiPost<T>(page: Page, url: string, form: Record<string, string | number>): Promise<T> {
  const token = await page.evaluate(() => window.localStorage.getItem('csrf_token'));
  const response = await page.request.post(url, { form, headers: { 'X-CSRFToken': token ?? '' } });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { data: T }).data;
}

test('design a curated edition, preview it, send it to a list, read it on a phone, click, unsubscribe', async ({
  page,
  context,
}) => {
  // About 35 s alone; the margin is for a busy two-core machine (the suite's default is 60 s).
  test.setTimeout(90_000);
  const name = `Walk ${tag()}`;
  const address = `walk-${tag()}-${Date.now().toString(36)}@example.com`;
  await signIn(page, DEMO_LOGIN, '/api/');

  // The edition curated before: a campaign, a digest email and three articles in its Draft Edition.
  const found = await page.request.get('/api/user/articles/', {
    params: { tab: 'explorer', offset: 0, limit: 3 },
  });
  const articles = ((await found.json()) as { data: { id: number; title: string; link: string }[] }).data;
  expect(articles).toHaveLength(3);
  const campaign = await apiPost<{ campaign_id: number }>(page, '/api/campaign/create_campaign/', {
    campaign_name: name,
  });
  const email = await apiPost<{ email_id: number; editions: { version_id: number }[] }>(
    page,
    '/api/campaign/create_email/',
    { email_name: `${name} digest`, campaign_id: campaign.campaign_id, email_type: 1 },
  );
  const versionId = email.editions[0]?.version_id as number;
  await apiPost(page, '/api/campaign/curated_articles/', {
    new_article_ids: articles.map((a) => a.id).join(','),
    version_id: versionId,
  });
  // A small list: one new contact of this walk's own (other specs keep to the seeded ones).
  const contact = await apiPost<{ contact_id: number }>(page, '/api/audience/create_contact/', {
    first_name: 'Wanda',
    last_name: 'Walker',
    email: address,
  });
  const list = await apiPost<{ list_id: number }>(page, '/api/audience/create_list/', { list_name: name });
  await apiPost(page, '/api/audience/add_to_list/', {
    list_id: list.list_id,
    contact_ids: String(contact.contact_id),
  });

  // Design: from the campaign's Design link, the Announcement template, its empty image taken out, an
  // article list added from the palette; saved.
  await page.goto(`/campaigns/campaign?campaign_id=${campaign.campaign_id}`);
  await page.getByRole('link', { name: `Design edition Draft Edition of ${name} digest` }).click();
  await expect(page.getByTestId('canvas-block').first()).toBeVisible();
  await page.getByRole('tab', { name: 'Templates' }).click();
  await page.getByRole('button', { name: 'Apply template Announcement' }).click();
  await expect(page.getByText(/replaced the design/)).toBeVisible();
  await page.locator('[data-testid="canvas-block"][data-kind="image"]').click();
  await page.getByRole('button', { name: 'Remove Image' }).click();
  // Below the text (a click selects its block): before the button and the footer.
  await page.getByRole('textbox', { name: 'Text', exact: true }).first().click();
  await page.getByRole('button', { name: 'Add Article list' }).click();
  const canvas = page.locator('[data-testid="canvas-block"][data-kind="articleList"]');
  await expect(canvas).toHaveCount(1);
  for (const article of articles) await expect(canvas.getByText(article.title).first()).toBeVisible();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByTestId('draft-status')).toHaveText(/Design saved|All changes saved/);
  await expectNoAxeViolations(page, 'the designer at 1280 px');
  await shot(page, 'designer');

  // Preview for desktop and phone: the articles in both.
  await page.getByRole('tab', { name: 'Preview' }).click();
  for (const frame of ['Desktop preview', 'Phone preview']) {
    const body = page.frameLocator(`iframe[title="${frame}"]`).locator('body');
    for (const article of articles) await expect(body).toContainText(article.title);
  }
  await shot(page, 'preview');

  // Publish: the subject, the list, send now.
  await page.getByRole('link', { name: '← Back to the campaign' }).click();
  await page.getByRole('link', { name: `Publish edition Draft Edition of ${name} digest` }).click();
  const subject = `${name}: this week`;
  await page.getByLabel('Subject').fill(subject);
  await page.getByRole('searchbox', { name: 'Search lists' }).fill(name);
  await page.getByRole('checkbox', { name: new RegExp(`^${name} \\(`) }).check();
  await expect(page.getByTestId('recipients-count')).toContainText('1 person will receive it');
  // A test to yourself first (the address is filled in): the email as recipients get it, marked [Test].
  await expect(page.getByLabel('Send a test to')).toHaveValue('demo@workbench.test');
  await page.getByRole('button', { name: 'Send test' }).click();
  await expect(page.getByText('Test sent to demo@workbench.test.')).toBeVisible();
  await page.getByRole('button', { name: 'Send now' }).click();
  await page
    .getByRole('dialog', { name: 'Send it to 1 person now?' })
    .getByRole('button', { name: 'Send now' })
    .click();
  await expect(page.getByTestId('send-progress')).toContainText('1 of 1 email delivered.', {
    timeout: 30_000,
  });

  // The demo mailbox on a phone-sized window: the email arrives, opened with its design intact.
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/mailbox');
  // The test is there, to the user, apart from the real send.
  await searchMailbox(page, `[Test] ${subject}`);
  const testRow = page.getByRole('row').filter({ hasText: 'demo@workbench.test' });
  await refreshMailboxUntil(page, () =>
    expect(testRow.getByText('Delivered')).toBeVisible({ timeout: 1000 }),
  );
  await searchMailbox(page, address);
  const row = page.getByRole('row').filter({ hasText: address });
  await refreshMailboxUntil(page, () => expect(row.getByText('Delivered')).toBeVisible({ timeout: 1000 }));
  await row.getByRole('button').click();
  const frame = page.frameLocator('iframe[title^="Email: "]');
  for (const article of articles)
    await expect(frame.getByRole('link', { name: article.title, exact: true }).first()).toBeVisible();
  const preferenceLink = frame.getByRole('link', { name: 'Manage your preferences or unsubscribe' });
  await expect(preferenceLink).toBeVisible();
  // Nothing wider than the phone: the email's columns stack.
  const overflow = await frame
    .locator('body')
    .evaluate(
      (body) =>
        body.ownerDocument.documentElement.scrollWidth - body.ownerDocument.documentElement.clientWidth,
    );
  expect(overflow).toBeLessThanOrEqual(1);
  // The email itself is the user's design (and its sandboxed frame runs no script): the mailbox around it.
  await expectNoAxeViolations(page, 'the mailbox with the opened email at 375 px', {
    exclude: ['iframe[title^="Email: "]'],
  });
  await shot(page, 'mailbox');

  // A tracked link: the click endpoint records the click and redirects to the article itself. The redirect is
  // read, not followed: the article's site is on the internet, which the test neither needs nor has.
  const first = articles[0] as { title: string; link: string };
  // The template's lead article and the added article list may both link it: the first is the one clicked.
  const articleLink = frame.getByRole('link', { name: first.title, exact: true }).first();
  await expect(articleLink).toHaveAttribute('href', /\/t\/c\/[A-Za-z0-9_-]{22}\/\d+$/);
  const tracked = await page.request.get((await articleLink.getAttribute('href')) ?? '', { maxRedirects: 0 });
  expect(tracked.status()).toBe(302);
  expect(tracked.headers().location).toBe(new URL(first.link).href);

  // The email's own preference link: unsubscribe from everything on the public page.
  await expect(preferenceLink).toHaveAttribute('href', /\/unsub\/[0-9a-f-]{36}$/);
  const preferenceTab = context.waitForEvent('page');
  await preferenceLink.click();
  const preferences = await preferenceTab;
  await preferences.setViewportSize({ width: 375, height: 812 });
  await preferences.getByRole('checkbox', { name: 'Unsubscribe All', exact: true }).check();
  await preferences.getByRole('button', { name: 'Submit' }).click();
  await preferences.waitForURL((url) => url.pathname === '/unsub-success');
  await preferences.close();
  const people = await page.request.get('/api/audience/people_listing/', {
    params: { tab: 'all', offset: 0, limit: 5, search_word: address },
  });
  const rows = ((await people.json()) as { data: { contact_email: string; status: string }[] }).data;
  expect(rows.find((r) => r.contact_email === address)?.status).toBe('Unsubscribed');

  // The campaign's promo export widget: codes saved, and the widget shows the edition just sent.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/campaigns/campaign?campaign_id=${campaign.campaign_id}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await shot(page, 'campaign');
  await page.getByRole('button', { name: 'Export widget' }).click();
  const dialog = page.getByRole('dialog', { name: 'Promo export widget' });
  await expect(dialog.getByTestId('export-widget-latest')).toContainText(subject);
  await dialog.getByLabel('Promotion codes').fill('WALK-10\nwalk-10\nVIP');
  await dialog.getByRole('button', { name: 'Save codes' }).click();
  await expect(dialog.getByText(/Codes saved/)).toBeVisible();
  await expect(dialog.getByLabel('Promotion codes')).toHaveValue('WALK-10\nVIP');
  await shot(page, 'export-widget');
  await page.setViewportSize({ width: 375, height: 812 });
  await expectNoAxeViolations(page, 'the export widget dialog at 375 px');
  await shot(page, 'export-widget');
  if (shotsDir) {
    await dialog.getByRole('button', { name: 'Done' }).click();
    await shot(page, 'campaign');
    await page.getByRole('button', { name: 'Export widget' }).click();
  }
  const widgetUrl = await dialog.getByRole('link', { name: 'Open the widget' }).getAttribute('href');
  await page.goto(widgetUrl ?? '');
  await expect(page.getByRole('heading', { level: 1, name: subject })).toBeVisible();
  for (const article of articles)
    await expect(page.getByRole('link', { name: article.title }).first()).toBeVisible();
  await expect(page.getByRole('list', { name: 'Promotion codes' }).getByText('WALK-10')).toBeVisible();
  await shot(page, 'widget');
  // The widget's own policy runs no script, not even axe: its markup is checked on a blank page instead.
  const markup = await (await page.request.get(widgetUrl ?? '')).text();
  await page.goto('about:blank');
  await page.setContent(markup);
  await expectNoAxeViolations(page, 'the export widget at 375 px');
});
