import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { DEMO_LOGIN } from '../server/seed/demoAccounts.ts';
import { signIn } from './support/authSteps.ts';
import { expectNoAxeViolations } from './support/axeChecks.ts';
import { openCampaignByName } from './support/campaignSteps.ts';
import { expect, test } from './support/cspTest.ts';

/**
 * Campaigns: create a campaign, create a digest email in it and see its Draft Edition, rename the email,
 * clone the campaign and find the copy right after the original, delete the copy after a confirmation
 * naming its email. Axe at 1280 and 375 px; CAMPAIGN_SHOTS_DIR=/tmp/shots also writes screenshots.
 */
const shotsDir = process.env.CAMPAIGN_SHOTS_DIR;
const tag = () => Math.random().toString(36).slice(2, 8);

async function shotBothWidths(page: Page, name: string): Promise<void> {
  await expectNoAxeViolations(page, `${name} at 1280 px`);
  if (shotsDir) {
    mkdirSync(shotsDir, { recursive: true });
    await page.screenshot({ path: path.join(shotsDir, `campaigns-1280-${name}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 375, height: 812 });
  await expectNoAxeViolations(page, `${name} at 375 px`);
  if (shotsDir)
    await page.screenshot({ path: path.join(shotsDir, `campaigns-375-${name}.png`), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
}

const cardNames = (page: Page) => page.getByTestId('campaign-card').getByRole('heading').allTextContents();

test('campaigns: create, a digest email with its Draft Edition, rename, clone after the original, delete', async ({
  page,
}) => {
  const name = `E2E campaign ${tag()}`;
  await signIn(page, DEMO_LOGIN, '/campaigns');
  await expect(page.getByRole('heading', { level: 1, name: 'Campaigns' })).toBeVisible();
  await expect(page.getByTestId('campaign-card').first()).toBeVisible();
  await shotBothWidths(page, 'list');

  await page.getByRole('link', { name: 'New campaign' }).click();
  await expect(page).toHaveURL(/\/createcampaign$/);
  await page.getByLabel('Campaign name').fill(name);
  await page.getByRole('textbox', { name: 'Keywords (optional)', exact: true }).fill('cloud, data');
  await shotBothWidths(page, 'create');
  await page.getByRole('button', { name: 'Create campaign' }).click();
  await expect(page).toHaveURL(/\/campaigns\/campaign\?campaign_id=\d+/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText('Nothing sent yet')).toBeVisible();

  await page.getByRole('button', { name: 'New email' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email name').fill('Weekly digest');
  await dialog.getByLabel('Digest (curated articles)').check();
  await dialog.getByRole('button', { name: 'Create email' }).click();
  await expect(dialog).toBeHidden();
  const card = page.getByTestId('email-card').filter({ hasText: 'Weekly digest' });
  await expect(card).toBeVisible();
  await expect(card.getByTestId('edition')).toHaveText([/Draft Edition.*Draft.*0 articles/]);
  await shotBothWidths(page, 'detail');

  await page.getByRole('button', { name: 'Rename Weekly digest' }).click();
  await page.getByRole('dialog').getByLabel('Email name').fill('Weekly roundup');
  await page.getByRole('dialog').getByRole('button', { name: 'Rename' }).click();
  await expect(page.getByTestId('email-card').filter({ hasText: 'Weekly roundup' })).toBeVisible();

  await page.getByRole('link', { name: '← All campaigns' }).click();
  await expect.poll(async () => (await cardNames(page))[0]).toBe(name);
  await page.getByRole('button', { name: `Clone ${name}` }).click();
  await expect.poll(async () => (await cardNames(page)).slice(0, 2)).toEqual([name, `Copy of ${name}`]);
  await page.reload();
  await expect.poll(async () => (await cardNames(page)).slice(0, 2)).toEqual([name, `Copy of ${name}`]);

  await page.getByRole('button', { name: `Delete Copy of ${name}` }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText(`“Copy of ${name}” will be deleted with its 1 email`);
  await expect(confirm.getByRole('list', { name: 'Emails that will be deleted' })).toContainText(
    'Weekly roundup',
  );
  await shotBothWidths(page, 'delete');
  await confirm.getByRole('button', { name: 'Delete campaign' }).click();
  await expect(confirm).toBeHidden();
  await expect.poll(async () => (await cardNames(page)).includes(`Copy of ${name}`)).toBe(false);
  expect((await cardNames(page))[0]).toBe(name);
});

test('a sent campaign shows its emails by edition state and the graph of sends, opens and clicks', async ({
  page,
}) => {
  await signIn(page, DEMO_LOGIN, '/campaigns');
  await openCampaignByName(page, 'Spring Product Launch');
  await expect(page.getByRole('heading', { level: 1, name: 'Spring Product Launch' })).toBeVisible();
  await expect(page.getByRole('tab', { name: /^Draft \(\d+\)$/ })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('email-card').first()).toBeVisible();
  // Its emails were sent by workflows: they are on the Sent tab too.
  await expect(page.getByRole('tab', { name: /^Sent \([1-9]\d*\)$/ })).toBeVisible();
  const graph = page.getByTestId('campaign-graph');
  await expect(graph).toBeVisible();
  await expect(graph).toHaveAttribute('aria-label', /Sends, opens and clicks per day from \d{4}-\d{2}-\d{2}/);
  await page.getByRole('tab', { name: /^All / }).click();
  await expect(page.getByRole('list', { name: 'all emails' }).getByTestId('email-card')).toHaveCount(5);
  await shotBothWidths(page, 'graph');
});

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 375, height: 812 },
]) {
  test(`an edition's name breaks only between words and its buttons keep room inside their border (${viewport.width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await signIn(page, DEMO_LOGIN, '/campaigns');
    await openCampaignByName(page, 'Spring Product Launch');
    await page.getByRole('tab', { name: /^All / }).click();
    const editions = page.getByTestId('edition');
    await expect(editions.first()).toBeVisible();
    expect(await editions.count()).toBeGreaterThan(1);
    const layout = await page.evaluate(() => {
      const top = (node: Text, at: number) => {
        const range = document.createRange();
        range.setStart(node, at);
        range.setEnd(node, at + 1);
        return Math.round(range.getBoundingClientRect().top);
      };
      /** Names with a line break between two letters of one word. */
      const brokenNames = [...document.querySelectorAll('.email-card__edition-name')].flatMap((name) => {
        const walker = document.createTreeWalker(name, NodeFilter.SHOW_TEXT);
        const broken: string[] = [];
        for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
          const text = node.data;
          for (let i = 0; i + 1 < text.length; i += 1)
            if (/\S/.test(text[i] ?? '') && /\S/.test(text[i + 1] ?? '') && top(node, i) !== top(node, i + 1))
              broken.push(`${name.textContent} (at "${text.slice(0, i + 1)}")`);
        }
        return broken;
      });
      /** The room between a button's words and its border, on its tighter side. */
      const room = [...document.querySelectorAll('.email-card__edition-actions > *')].map((button) => {
        const range = document.createRange();
        range.selectNodeContents(button);
        const words = range.getBoundingClientRect();
        const box = button.getBoundingClientRect();
        return Math.min(words.left - box.left, box.right - words.right);
      });
      return { brokenNames, room };
    });
    expect(layout.brokenNames).toEqual([]);
    expect(layout.room.length).toBeGreaterThan(0);
    for (const side of layout.room) expect(side).toBeGreaterThanOrEqual(8);
  });
}
