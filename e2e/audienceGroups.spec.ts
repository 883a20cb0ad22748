import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { DEMO_LOGIN } from '../server/seed/demoAccounts.ts';
import { signIn } from './support/authSteps.ts';
import { expectNoAxeViolations } from './support/axeChecks.ts';
import { expect, test } from './support/cspTest.ts';

/**
 * Sales groups in the audience area, at desktop and phone size: make a group (a taken name refused on the
 * field), give it users, rename it, delete it; the default team has no Delete. AUDIENCE_SHOTS_DIR=dir also
 * writes screenshots.
 */
const shots = process.env.AUDIENCE_SHOTS_DIR;
const shot = async (page: Page, name: string) => {
  if (shots) await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
};

for (const [size, viewport] of [
  ['1280', { width: 1280, height: 800 }],
  ['375', { width: 375, height: 740 }],
] as const) {
  test(`sales groups at ${size} px: create, refuse a taken name, add a user, rename, delete`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    const name = `Field sales ${randomBytes(3).toString('hex')}`;
    await signIn(page, DEMO_LOGIN, '/audiences');
    await page
      .getByRole('navigation', { name: 'Audience sections' })
      .getByRole('link', { name: 'Sales groups' })
      .click();
    await expect(page).toHaveURL(/\/audiences\/groups$/);
    const groups = page.getByRole('list', { name: 'Groups' });
    await expect(groups.getByRole('button', { name: /Default team/ })).toBeVisible();
    await expectNoAxeViolations(page, `sales groups at ${size} px`);
    await shot(page, `groups-${size}`);

    await page.getByRole('button', { name: 'New group' }).click();
    await page.getByLabel('Group name').fill('default TEAM');
    await page.getByRole('button', { name: 'Create group' }).click();
    await expect(page.getByText('Group with that name already exists')).toBeVisible();
    await expectNoAxeViolations(page, `a taken group name at ${size} px`);
    await shot(page, `groups-${size}-taken-name`);
    await page.getByLabel('Group name').fill(name);
    await page.getByRole('button', { name: 'Create group' }).click();

    const made = groups.getByRole('listitem').first().getByRole('button');
    await expect(made).toContainText(name);
    await expect(made).toContainText('0 users · just now');
    await expect(made).toHaveAttribute('aria-current', 'true');
    await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();

    await page.getByLabel(/Ada Admin/).check();
    await expect(made).toContainText('1 user ·');
    await expect(page.getByLabel(/Ada Admin/)).toBeChecked();
    await shot(page, `groups-${size}-selected`);

    await page.getByLabel('Name', { exact: true }).fill(`${name} EMEA`);
    await page.getByRole('button', { name: 'Save name' }).click();
    await expect(page.getByRole('heading', { level: 2, name: `${name} EMEA` })).toBeVisible();
    await page.reload();
    await expect(groups.getByRole('button', { name: new RegExp(`${name} EMEA`) })).toContainText('1 user');

    await groups.getByRole('button', { name: new RegExp(`${name} EMEA`) }).click();
    await page.getByRole('button', { name: 'Delete group' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('its users stay users of your organisation');
    await shot(page, `groups-${size}-delete`);
    await dialog.getByRole('button', { name: 'Delete group' }).click();
    await expect(groups.getByRole('button', { name: new RegExp(name) })).toHaveCount(0);

    await groups.getByRole('button', { name: /Default team/ }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Default team' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Delete group' })).toHaveCount(0);
  });
}
