import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { DEMO_LOGIN } from '../server/seed/demoAccounts.ts';
import { signIn } from './support/authSteps.ts';
import { expectNoAxeViolations } from './support/axeChecks.ts';
import { expect, test } from './support/cspTest.ts';

/**
 * Audience lists and CSV import: a list name that exists is refused on the field; a list is created,
 * cloned (the copy right after it), renamed and deleted; a small CSV with bad rows is imported into a new
 * list, with its report, and its contacts are in the list. AUDIENCE_SHOTS_DIR=/tmp/shots also writes
 * screenshots at 1280 and 375 px.
 */
const shotsDir = process.env.AUDIENCE_SHOTS_DIR;
const tag = () => Math.random().toString(36).slice(2, 8);

async function shotBothWidths(page: Page, name: string): Promise<void> {
  await expectNoAxeViolations(page, `${name} at 1280 px`);
  if (shotsDir) {
    mkdirSync(shotsDir, { recursive: true });
    await page.screenshot({ path: path.join(shotsDir, `lists-1280-${name}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 375, height: 812 });
  await expectNoAxeViolations(page, `${name} at 375 px`);
  if (shotsDir) await page.screenshot({ path: path.join(shotsDir, `lists-375-${name}.png`), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
}

const cardNames = (page: Page) => page.getByTestId('list-card').getByRole('heading').allTextContents();

test('lists: a name that exists is refused; create, clone (after the original), rename, delete', async ({
  page,
}) => {
  const name = `E2E list ${tag()}`;
  await signIn(page, DEMO_LOGIN, '/audiences/lists');
  await expect(page.getByRole('heading', { level: 1, name: 'Lists' })).toBeVisible();
  await expect(page.getByTestId('list-card').first()).toBeVisible();
  await shotBothWidths(page, 'cards');

  await page.getByRole('button', { name: 'New list' }).click();
  const field = page.getByRole('dialog').getByLabel('List name');
  await field.fill('newsletter readers');
  await page.getByRole('button', { name: 'Create list' }).click();
  await expect(page.getByRole('dialog').getByText('List with that name already exists')).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await shotBothWidths(page, 'name-exists');
  await field.fill(name);
  await page.getByRole('button', { name: 'Create list' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
  expect((await cardNames(page))[0]).toBe(name);

  await page.getByRole('button', { name: `Clone ${name}` }).click();
  await expect.poll(async () => (await cardNames(page)).slice(0, 2)).toEqual([name, `Copy of ${name}`]);

  await page.getByRole('button', { name: `Rename Copy of ${name}` }).click();
  await page.getByRole('dialog').getByLabel('List name').fill(`${name} renamed`);
  await page.getByRole('dialog').getByRole('button', { name: 'Rename' }).click();
  await expect.poll(async () => (await cardNames(page)).slice(0, 2)).toEqual([name, `${name} renamed`]);

  await page.getByRole('button', { name: `Delete ${name} renamed` }).click();
  await expect(page.getByRole('dialog')).toContainText('contacts stay in People');
  await page.getByRole('button', { name: 'Delete list' }).click();
  await expect.poll(async () => (await cardNames(page)).includes(`${name} renamed`)).toBe(false);
  await page.reload();
  await expect(page.getByTestId('list-card').first()).toBeVisible();
  expect(await cardNames(page)).not.toContain(`${name} renamed`);
});

test('import: a small CSV with bad rows goes into a new list, with a report; its contacts are in the list', async ({
  page,
}) => {
  const t = tag();
  const listName = `Imported ${t}`;
  const csv = [
    'Email Address,First Name,Surname,Job Title',
    `ana.${t}@import.example.test,Ana,Ortiz,CTO`,
    `ben.${t}@import.example.test,Ben,Okafor,Head of Sales`,
    'no-at-sign,Bad,Row,',
    `cai.${t}@import.example.test,Cai,Lee,`,
    ',Missing,Email,',
    `ANA.${t}@import.example.test,,Ortiz-Diaz,`,
  ].join('\n');
  await signIn(page, DEMO_LOGIN, '/audiences/lists');
  await page.getByRole('link', { name: 'Import contacts' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Import contacts' })).toBeVisible();
  await page
    .getByLabel('CSV file')
    .setInputFiles({ name: `people-${t}.csv`, mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(page.getByTestId('import-row-count')).toHaveText('6 rows and 4 columns.');
  // Headers guessed: Email Address, First Name, Surname, Job Title.
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue('0');
  await expect(page.getByLabel('Last name')).toHaveValue('2');
  await expect(page.getByLabel('Job title')).toHaveValue('3');
  const rows = page.getByTestId('import-preview-row');
  await expect(rows).toHaveCount(6);
  await expect(rows.nth(2)).toContainText('Email is not an email address');
  await expect(rows.nth(4)).toContainText('Email is missing');
  // Ana's address is in the file twice: her last row counts, the first is reported as a duplicate.
  await page.getByLabel('Import the last row of each email').check();
  await page.getByLabel('New list name').fill(listName);
  await shotBothWidths(page, 'import-wizard');

  await page.getByRole('button', { name: 'Import 6 rows' }).click();
  await expect(page).toHaveURL(/import_id=\d+/);
  const counts = page.getByTestId('import-counts');
  await expect(counts).toContainText('New contacts3', { timeout: 20_000 });
  await expect(counts).toContainText('Updated contacts0');
  await expect(counts).toContainText('Duplicate rows1');
  await expect(counts).toContainText('Refused rows2');
  await expect(page.getByRole('table', { name: 'Rows not imported' })).toContainText('no-at-sign');
  await expect(page.getByRole('link', { name: 'Download 3 rows not imported (CSV)' })).toBeVisible();
  // The import runs on the server: a reload shows the same report.
  await page.reload();
  await expect(page.getByTestId('import-counts')).toContainText('Refused rows2');
  await shotBothWidths(page, 'import-report');

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download 3 rows not imported (CSV)' }).click();
  const stream = await (await download).createReadStream();
  let text = '';
  for await (const chunk of stream) text += chunk.toString();
  expect(text).toContain('4,Email is not an email address,no-at-sign,Bad,Row,');

  await page.getByRole('link', { name: 'Open the list' }).click();
  await expect(page.getByRole('heading', { level: 1, name: listName })).toBeVisible();
  const unprofiled = page.getByRole('table', { name: 'Non-profiled contacts' });
  // Her last row was imported, with its spelling of the address.
  await expect(unprofiled).toContainText(`ANA.${t}@import.example.test`);
  await expect(unprofiled).toContainText('Ortiz-Diaz');
  await expect(unprofiled).toContainText(`cai.${t}@import.example.test`);
  await shotBothWidths(page, 'details');
});
