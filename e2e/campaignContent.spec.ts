import { DEMO_LOGIN } from '../server/seed/demoAccounts.ts';
import { signIn } from './support/authSteps.ts';
import { expectNoAxeViolations } from './support/axeChecks.ts';
import { expect, test } from './support/cspTest.ts';

/**
 * A campaign's content steps, at 1280 and 375 px: from the campaign page to its source step, where the
 * global pool is the default; exclude a source of the pool and save (kept after a reload); favourite an
 * article there, then on the favourites step find it and curate it into a new email of the campaign.
 * Axe on both steps.
 */
const tag = () => Math.random().toString(36).slice(2, 8);

for (const width of [1280, 375]) {
  test(`a campaign's source and favourites steps (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: width > 600 ? 800 : 812 });
    const name = `Content steps ${width} ${tag()}`;
    const email = `Favourites digest ${tag()}`;
    await signIn(page, DEMO_LOGIN, '/createcampaign');
    await page.getByLabel('Campaign name').fill(name);
    await page.getByRole('button', { name: 'Create campaign' }).click();
    await expect(page).toHaveURL(/\/campaigns\/campaign\?campaign_id=\d+/);
    await page.getByRole('link', { name: 'Choose sources' }).click();

    // The source step: the global pool is the default, and the articles it gives are listed.
    await expect(page).toHaveURL(/\/campaigns\/content\/source\?campaign_id=\d+/);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    const form = page.getByRole('form', { name: 'Campaign sources' });
    await expect(form.getByRole('checkbox', { name: 'Global pool (default)' })).toBeChecked();
    const cards = page
      .getByRole('list', { name: 'Articles' })
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { level: 3 }) });
    await expect(cards.first()).toBeVisible();
    await expectNoAxeViolations(page, `source step at ${width} px`);

    // Exclude a source of the pool, save: kept after a reload.
    const save = form.getByRole('button', { name: 'Save sources' });
    await expect(save).toBeDisabled();
    await form.getByRole('checkbox', { name: 'Fintech Daily' }).check();
    await save.click();
    await expect(page.getByText('The campaign’s sources were saved.')).toBeVisible();
    await expect(save).toBeDisabled();
    await page.reload();
    await expect(form.getByRole('checkbox', { name: 'Fintech Daily' })).toBeChecked();
    await expect(cards.first()).toBeVisible();
    await expect(page.getByRole('list', { name: 'Articles' })).not.toContainText('Fintech Daily');

    // Favourite an article here, then curate it from the favourites step.
    const card = cards.nth(width > 600 ? 5 : 6);
    const title = (await card.getByRole('heading', { level: 3 }).textContent()) ?? '';
    const star = card.getByRole('button', { name: 'Favourite' });
    if ((await star.getAttribute('aria-pressed')) !== 'true') await star.click();
    await expect(star).toHaveAttribute('aria-pressed', 'true');
    await page
      .getByRole('navigation', { name: 'Content steps' })
      .getByRole('link', { name: 'Favourites' })
      .click();
    await expect(page).toHaveURL(/\/campaigns\/content\/favorites\?campaign_id=\d+/);
    await expect(page.getByRole('form', { name: 'Campaign sources' })).toHaveCount(0);
    const favourite = cards.filter({ has: page.getByRole('heading', { level: 3, name: title }) });
    await expect(favourite).toBeVisible();
    await expectNoAxeViolations(page, `favourites step at ${width} px`);

    await favourite.getByRole('checkbox').check();
    await page
      .getByRole('region', { name: 'Selected articles' })
      .getByRole('button', { name: 'Add to email' })
      .click();
    const panel = page.getByRole('dialog');
    await panel.getByRole('button', { name: 'New email' }).click();
    const newEmail = panel.getByRole('form', { name: 'New email' });
    await newEmail.getByLabel('Email name').fill(email);
    await expect(newEmail.getByLabel('Campaign', { exact: true })).toHaveValue(/^\d+$/);
    await expect(newEmail.getByLabel('Campaign', { exact: true }).locator('option:checked')).toHaveText(name);
    await newEmail.getByRole('button', { name: 'Create and add' }).click();
    const target = panel.getByRole('list', { name: 'Draft emails' }).getByRole('listitem', { name: email });
    await expect(target.getByText('Just added')).toBeVisible();
    await expect(target).toContainText(name);
    await expect(target.getByTestId('curation-count')).toContainText('1 article');
  });
}
