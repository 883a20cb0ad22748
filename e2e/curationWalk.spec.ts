import type { Page } from '@playwright/test';
import { DEMO_LOGIN } from '../server/seed/demoAccounts.ts';
import { signIn } from './support/authSteps.ts';
import { expect, test } from './support/cspTest.ts';

/**
 * The new user's path from a subject to an edition, at 1280 and 375 px: search a subject; favourite an
 * article; curate three articles into a new digest email of a new campaign, both made in the curation panel
 * (New email), without leaving the explorer; undo
 * within 30 s (the count goes back); curate them again and see '30 sec ago' once the undo window has passed
 * (the page's clock is fast-forwarded, the curation machine's timers are real setTimeouts); the edition holds
 * the three articles in the campaign; clone the campaign and find the copy right after the original.
 */
const tag = () => Math.random().toString(36).slice(2, 8);

const cardNames = (page: Page) => page.getByTestId('campaign-card').getByRole('heading').allTextContents();

for (const width of [1280, 375]) {
  test(`curate three articles into a new campaign's digest, undo, '30 sec ago', clone (${width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: width > 600 ? 800 : 812 });
    await page.clock.install();
    const campaign = `Walk ${width} ${tag()}`;
    const email = `Digest ${tag()}`;
    await signIn(page, DEMO_LOGIN, '/content/search');

    // Find articles on a subject; favourite one.
    await page.getByLabel('Search articles').fill('supply chain');
    await expect(page).toHaveURL(/\/content\/search\?q=supply(\+|%20)chain/);
    const cards = page
      .getByRole('list', { name: 'Articles' })
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { level: 3 }) });
    await expect(cards.first().locator('mark').first()).toBeVisible();
    // The two widths run side by side as the same user: each favourites its own article.
    const star = cards.nth(width > 600 ? 3 : 4).getByRole('button', { name: 'Favourite' });
    if ((await star.getAttribute('aria-pressed')) === 'true') {
      await star.click();
      await expect(star).toHaveAttribute('aria-pressed', 'false');
    }
    await star.click();
    await expect(star).toHaveAttribute('aria-pressed', 'true');

    // Curate three into a new digest email of a new campaign, made in the panel, then undo within 30 s.
    const bar = page.getByRole('region', { name: 'Selected articles' });
    const panel = page.getByRole('dialog');
    const target = panel.getByRole('list', { name: 'Draft emails' }).getByRole('listitem', { name: email });
    const pickThree = async () => {
      for (const n of [0, 1, 2]) await cards.nth(n).getByRole('checkbox').check();
      await expect(bar.getByText('3 selected')).toBeVisible();
      await bar.getByRole('button', { name: 'Add to email' }).click();
    };
    await pickThree();
    await panel.getByRole('button', { name: 'New email' }).click();
    const form = panel.getByRole('form', { name: 'New email' });
    await form.getByLabel('Email name').fill(email);
    await form.getByLabel('Digest (curated articles)').check();
    await form.getByLabel('Campaign', { exact: true }).selectOption({ label: 'A new campaign…' });
    await form.getByLabel('New campaign name').fill(campaign);
    await form.getByRole('button', { name: 'Create and add' }).click();
    await expect(target.getByText('Just added')).toBeVisible();
    await expect(target).toContainText(campaign);
    await expect(target.getByTestId('curation-count')).toContainText('3 articles · just now');
    await page.clock.fastForward(10_000);
    await target.getByRole('button', { name: 'Undo' }).click();
    await expect(target.getByText('Removed')).toBeVisible();
    await expect(target.getByTestId('curation-count')).toContainText('0 articles');

    // Again; this time the undo window passes.
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await pickThree();
    await expect(target).toBeVisible();
    await target.getByRole('button', { name: 'Add here' }).click();
    await expect(target.getByTestId('curation-count')).toContainText('3 articles');
    await page.clock.fastForward(5_000);
    await expect(target.getByText('Just added')).toBeHidden();
    await expect(target.getByRole('button', { name: 'Undo' })).toBeVisible();
    await page.clock.fastForward(25_000);
    await expect(target.getByTestId('curation-count')).toContainText('3 articles · 30 sec ago');
    await expect(target.getByRole('button', { name: 'Undo' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();

    // The campaign holds the email with its three articles; clone it, the copy right after the original.
    await page.goto('/campaigns');
    // The curation moved it to the top (other walks running alongside may have moved theirs above it since).
    await expect(page.getByRole('link', { name: campaign })).toBeVisible();
    await page.getByRole('link', { name: campaign }).click();
    const emailCard = page.getByTestId('email-card').filter({ hasText: email });
    await expect(emailCard.getByTestId('edition')).toHaveText([/Draft Edition.*3 articles/]);
    await page.goto('/campaigns');
    await page.getByRole('button', { name: `Clone ${campaign}` }).click();
    await expect
      .poll(async () => {
        const names = await cardNames(page);
        return names.slice(names.indexOf(campaign), names.indexOf(campaign) + 2);
      })
      .toEqual([campaign, `Copy of ${campaign}`]);
  });
}
