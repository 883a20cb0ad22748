import type { Page } from '@playwright/test';
import { DEMO_LOGIN } from '../server/seed/demoAccounts.ts';
import { signIn } from './support/authSteps.ts';
import { expectNoAxeViolations } from './support/axeChecks.ts';
import { expect, test } from './support/cspTest.ts';
import { apiPost, listOfPeople } from './support/publishSteps.ts';

/**
 * The campaign's audience (/campaigns/editionedit/audience) and the audience views contacts, search and
 * add, walked at 1280 and 375 px with axe; SCREENSHOTS_DIR also writes screenshots.
 */
const shots = process.env.SCREENSHOTS_DIR;
const tag = () => Math.random().toString(36).slice(2, 7);

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 375, height: 740 },
]) {
  const shot = async (page: Page, name: string) => {
    await expectNoAxeViolations(page, `${name} at ${viewport.width} px`);
    if (shots) await page.screenshot({ path: `${shots}/${name}-${viewport.width}.png`, fullPage: true });
  };

  test(`a campaign's audience: chosen, counted, saved, and there again after a reload at ${viewport.width} px`, async ({
    page,
  }) => {
    const name = `Audience walk ${viewport.width} ${tag()}`;
    await signIn(page, DEMO_LOGIN, '/api/');
    await listOfPeople(page, name, 3);
    const campaign = await apiPost<{ campaign_id: number }>(page, '/api/campaign/create_campaign/', {
      campaign_name: name,
    });
    await page.setViewportSize(viewport);
    await page.goto(`/campaigns/campaign?campaign_id=${campaign.campaign_id}`);
    await page.getByRole('link', { name: 'Audience', exact: true }).click();
    await expect(page).toHaveURL(/\/campaigns\/editionedit\/audience\?campaign_id=/);
    await expect(page.getByRole('heading', { level: 1, name: `Audience of “${name}”` })).toBeVisible();
    await expect(page.getByTestId('recipients-count')).toContainText('Nobody yet');
    await shot(page, 'campaign-audience-empty');

    await page.getByRole('searchbox', { name: 'Search lists' }).fill(name);
    await page.getByRole('checkbox', { name: new RegExp(`^${name} \\(3\\)`) }).check();
    await expect(page.getByTestId('recipients-count')).toContainText(/\d+ (people|person) will receive it/);
    await expect(page.getByText('Not saved yet.')).toBeVisible();
    await page.getByRole('button', { name: 'Save audience' }).click();
    await expect(page.getByText(`The audience of “${name}” was saved.`)).toBeVisible();
    await expect(page.getByText('Saved.', { exact: true })).toBeVisible();
    await shot(page, 'campaign-audience-saved');

    await page.reload();
    await expect(
      page
        .getByRole('list', { name: 'Chosen lists' })
        .getByRole('checkbox', { name: new RegExp(`^${name}`) }),
    ).toBeChecked();
  });

  test(`find and add people: recommended, a search, select all, added to a list at ${viewport.width} px`, async ({
    page,
  }) => {
    const name = `Add walk ${viewport.width} ${tag()}`;
    await signIn(page, DEMO_LOGIN, '/api/');
    const listId = await listOfPeople(page, name, 5);
    await page.setViewportSize(viewport);
    await page.goto(`/audiences/lists/view?list_id=${listId}`);
    await page.getByRole('link', { name: 'Add people', exact: true }).click();
    await expect(page).toHaveURL(/\/audiences\/add\?list_id=/);
    await expect(page.getByRole('heading', { level: 1, name: `Add people to “${name}”` })).toBeVisible();
    const recommended = page.getByRole('region', { name: 'Recommended' });
    await expect(recommended.getByRole('checkbox').first()).toBeVisible();
    await shot(page, 'audience-add-recommended');

    await page.getByRole('searchbox', { name: 'Search people' }).fill('a');
    const searched = page.getByRole('region', { name: 'Matching “a”' });
    await expect(searched.getByRole('checkbox').first()).toBeVisible();
    await recommended.getByRole('button', { name: /^Select all/ }).click();
    await expect(page.getByText(/Chosen: everyone in Recommended\./)).toBeVisible();
    await recommended.getByRole('checkbox').first().uncheck();
    await expect(page.getByText(/everyone in Recommended but 1 person/)).toBeVisible();
    await shot(page, 'audience-add-chosen');
    await page.getByRole('button', { name: `Add to “${name}”` }).click();
    await expect(page.getByText(new RegExp(`(people were|person was) added to “${name}”`))).toBeVisible();
    await expect(page.getByText('Nobody chosen yet.')).toBeVisible();
  });
}

test('/audiences/contacts and /audiences/all open People; /audiences/search opens Find and add', async ({
  page,
}) => {
  await signIn(page, DEMO_LOGIN, '/audiences/contacts');
  const nav = page.getByRole('navigation', { name: 'Audience sections' });
  await expect(nav.getByRole('link', { name: 'People', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(page.getByRole('searchbox').first()).toBeVisible();
  await page.goto('/audiences/all');
  await expect(nav.getByRole('link', { name: 'People', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await page.goto('/audiences/search');
  await expect(page.getByRole('heading', { level: 1, name: 'Find and add people' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Find and add' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByText(/being built/)).toHaveCount(0);
});
