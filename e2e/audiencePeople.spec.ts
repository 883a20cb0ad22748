import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { DEMO_LOGIN } from '../server/seed/demoAccounts.ts';
import { signIn } from './support/authSteps.ts';
import { tag } from './support/automationSteps.ts';
import { expectNoAxeViolations } from './support/axeChecks.ts';
import { expect, test } from './support/cspTest.ts';

/**
 * The People and Accounts screens at 1280 and 375 px: filter and sort, search, a duplicate address shown
 * under its field, select all with one exclusion added to a list, a buyer stage change, the accounts
 * table. PEOPLE_SHOTS_DIR=/tmp/shots also writes screenshots.
 */
const shotsDir = process.env.PEOPLE_SHOTS_DIR;

async function shot(page: Page, name: string): Promise<void> {
  if (!shotsDir) return;
  mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: path.join(shotsDir, `${name}.png`), fullPage: true });
}

/** Creates a contact through the panel; the panel closes and a toast names it. */
async function createContact(
  page: Page,
  first: string,
  last: string,
  email: string,
  company = 'Acme Logistics',
) {
  await page.getByRole('button', { name: 'Create contact' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Create contact' });
  await dialog.getByLabel('First name').fill(first);
  await dialog.getByLabel('Last name').fill(last);
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel(/^Company/).fill(company);
  await dialog.getByRole('button', { name: 'Create contact' }).click();
  return dialog;
}

for (const width of [1280, 375]) {
  test.describe(`People at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 375 ? 812 : 900 } });

    test('filter, sort, search, create with a duplicate address, select all but one into a list, change a buyer stage', async ({
      page,
    }) => {
      // A long walk through the screen: on a busy 2-core machine it takes more than a minute.
      test.setTimeout(150_000);
      const t = `Zq${tag()}`;
      await signIn(page, DEMO_LOGIN, '/audiences/people');
      await expect(page.getByRole('heading', { level: 1, name: 'People' })).toBeVisible();
      const tabs = page.getByRole('navigation', { name: 'People tabs' });
      // 2,020 seeded people, more when another spec of the run has imported some: thousands, abbreviated.
      await expect(tabs.getByRole('link', { name: /^All \d(\.\d)?K$/ })).toBeVisible();
      await expect(page.getByText(/^Showing 10 of \d,\d{3}$/)).toBeVisible();
      await shot(page, `people-${width}-all`);
      await expectNoAxeViolations(page, 'the People screen');

      // Filter by a status, then sort by name.
      await page.getByRole('button', { name: 'Filters' }).click();
      const filters = page.getByRole('region', { name: 'Filters' });
      await filters
        .getByRole('group', { name: 'Status' })
        .getByLabel(/^Unsubscribed/)
        .check();
      await expect(page.getByText(/^Showing 10 of \d{2,3}$/)).toBeVisible();
      const statuses = page.locator('tbody tr td[data-label="Status"]');
      await expect(statuses.first()).toHaveText('Unsubscribed');
      expect(new Set(await statuses.allTextContents())).toEqual(new Set(['Unsubscribed']));
      await shot(page, `people-${width}-filters`);
      await expectNoAxeViolations(page, 'the People filters');
      if (width === 1280) {
        // Beside the filters the table fits (no column cut off) and an address takes two lines at most.
        const table = page.locator('.people-table');
        expect(await table.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(1);
        const lines = await page
          .locator('.people-name__email')
          .first()
          .evaluate((el) => {
            const range = document.createRange();
            range.selectNodeContents(el);
            return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
          });
        expect(lines).toBeLessThanOrEqual(2);
      }
      // The filters are in the address: a reload shows the same list.
      await expect(page).toHaveURL(/filters=/);
      await page.reload();
      await expect(page.getByText(/^Showing 10 of \d{2,3}$/)).toBeVisible();
      await expect(statuses.first()).toHaveText('Unsubscribed');
      await page.getByRole('button', { name: 'Filters' }).click();
      await expect(filters.getByRole('group', { name: 'Status' }).getByLabel(/^Unsubscribed/)).toBeChecked();
      if (width === 1280) {
        await page.getByRole('button', { name: 'Name' }).click();
        await expect(page.getByRole('columnheader', { name: 'Name' })).toHaveAttribute(
          'aria-sort',
          'ascending',
        );
      } else {
        // Phones show rows as cards: the sort is a choice above them.
        await page.getByLabel('Sort by').selectOption('full_name.ASC');
      }
      await expect(page.locator('.people-name__open').first()).toHaveText(/^A/);
      const names = await page.locator('.people-name__open').allTextContents();
      expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
      await filters.getByRole('button', { name: 'Clear filters' }).click();
      await page.getByRole('button', { name: 'Hide filters' }).click();

      // A field's error names it as its label does.
      await page.getByRole('button', { name: 'Create contact' }).first().click();
      const form = page.getByRole('dialog', { name: 'Create contact' });
      await form.getByLabel(/^Company/).fill('x'.repeat(201));
      await form.getByLabel(/^Company/).press('Tab');
      await expect(form.getByText('Company is at most 200 characters.')).toBeVisible();
      await form.getByRole('button', { name: 'Create contact' }).click();
      await expect(form.getByText('First name is required.')).toBeVisible();
      await shot(page, `people-${width}-form-errors`);
      await form.getByRole('button', { name: 'Cancel' }).click();

      // Create three contacts, then one whose address is taken: the error stays under Email.
      for (const last of ['Avery', 'Brooks', 'Carter']) {
        const dialog = await createContact(page, t, last, `${t}.${last}@example.test`.toLowerCase());
        await expect(dialog).toBeHidden();
      }
      const dup = await createContact(page, t, 'Again', `${t}.AVERY@example.test`);
      await expect(dup.getByText(/already exists in your organisation/)).toBeVisible();
      await expect(dup.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
      await shot(page, `people-${width}-duplicate-email`);
      await expectNoAxeViolations(page, 'the create contact panel');
      await dup.getByRole('button', { name: 'Cancel' }).click();

      // Search finds a word inside an address too; then the three; select all, unselect one, add to a list.
      await page.getByLabel('Search people').fill(`${t.slice(2)}.AVERY@EXAMPLE`);
      await expect(page.getByText('Showing 1 of 1')).toBeVisible();
      await expect(page.getByRole('link', { name: `${t} Avery` })).toBeVisible();
      await shot(page, `people-${width}-search`);
      await page.getByLabel('Search people').fill(t.toLowerCase());
      await expect(page.getByText('Showing 3 of 3')).toBeVisible();
      await page.getByLabel('Select all 3').check();
      await expect(page.getByText('All 3 selected')).toBeVisible();
      await page.getByLabel(`Select ${t} Brooks`).uncheck();
      await expect(page.getByText('All 2 selected (1 unselected)')).toBeVisible();
      await shot(page, `people-${width}-selection`);
      await page.getByRole('button', { name: 'Add to list' }).click();
      const picker = page.getByRole('dialog', { name: 'Add to list' });
      await picker.getByLabel('Search lists').fill('Product Champions');
      // The search's answer replaces the options: choose once only matching lists are shown.
      await expect(picker.locator('.option-picker__option').first()).toBeVisible();
      await expect(
        picker.locator('.option-picker__option').filter({ hasNotText: 'Product Champions' }),
      ).toHaveCount(0);
      await picker
        .getByRole('radio', { name: /Product Champions/ })
        .first()
        .check();
      await shot(page, `people-${width}-add-to-list`);
      await picker.getByRole('button', { name: 'Add to list' }).click();
      await expect(page.getByText('2 added to Product Champions.')).toBeVisible();
      await expect(page.getByTestId(/^person-/).filter({ hasText: 'In list' })).toHaveCount(2);
      await expect(page.getByTestId(/^person-/).filter({ hasText: `${t} Brooks` })).not.toContainText(
        'In list',
      );

      // Change the buyer stage of one.
      await page.getByRole('button', { name: 'Clear selection' }).click();
      await page.getByLabel(`Select ${t} Carter`).check();
      await page
        .getByRole('region', { name: 'Selection' })
        .getByLabel('Buyer stage')
        .selectOption('Purchase');
      await page.getByRole('button', { name: 'Change stage' }).click();
      await expect(page.getByText('Buyer stage of 1 set to Purchase.')).toBeVisible();
      await expect(page.getByTestId(/^person-/).filter({ hasText: `${t} Carter` })).toContainText('Purchase');

      // The detail profile.
      await page.getByRole('button', { name: `Profile of ${t} Avery` }).click();
      const detail = page.getByRole('dialog', { name: `${t} Avery` });
      await expect(detail).toContainText('Acme Logistics');
      await shot(page, `people-${width}-detail`);
      await expectNoAxeViolations(page, 'the detail profile');
      await detail.getByRole('button', { name: 'Close' }).first().click();

      // Accounts: search and follow an account to its contacts.
      await page
        .getByRole('navigation', { name: 'Audience sections' })
        .getByRole('link', { name: 'Accounts' })
        .click();
      await expect(page.getByRole('heading', { level: 1, name: 'Accounts' })).toBeVisible();
      await page.getByLabel('Search accounts').fill('acme');
      await expect(page.getByRole('link', { name: 'Acme Logistics', exact: true })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Aurora Capital', exact: true })).toBeHidden();
      await shot(page, `accounts-${width}`);
      await expectNoAxeViolations(page, 'the Accounts screen');
      await page.getByRole('link', { name: /contacts? of Acme Logistics/ }).click();
      await expect(page.getByText('Showing the contacts of one account.')).toBeVisible();
      await page.getByLabel('Search people').fill(t.toLowerCase());
      await expect(page.getByText('Showing 3 of 3')).toBeVisible();
    });
  });
}
