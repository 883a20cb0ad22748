import type { Page } from '@playwright/test';
import { signIn } from './support/authSteps.ts';
import { expectNoAxeViolations } from './support/axeChecks.ts';
import { expect, test } from './support/cspTest.ts';
import { companyCsv, latin1Csv, pngNamedCsv } from './support/importFiles.ts';

const DEMO = { email: 'demo@workbench.test', password: 'Demo-Password-2026' };

type Watch = { seen: number[]; firstAt: number; firstValue: number; arrivedAt: number };

test('the import screen counts up to 1000 and then goes on to /content/search', async ({ page }) => {
  await signIn(page, DEMO, '/import');
  await expect(page.getByRole('heading', { name: 'Importing from your sales app' })).toBeVisible();
  const bar = page.getByRole('progressbar', { name: 'Import progress' });
  await expect(bar).toHaveAttribute('aria-valuemin', '0');
  await expect(bar).toHaveAttribute('aria-valuemax', '1000');
  await expect(page.getByTestId('import-caption')).toHaveText(/^Importing \d+ of 1000 contacts & Accounts$/);

  // Watch the page every 50 ms (in the page's own clock): each value the bar shows, until the app has
  // moved on to /content/search (a client-side navigation, so the page keeps what it recorded).
  await page.waitForFunction(
    () => {
      const store = window as unknown as { __importWatch?: Watch };
      store.__importWatch ??= { seen: [], firstAt: 0, firstValue: -1, arrivedAt: 0 };
      const watch = store.__importWatch;
      if (window.location.pathname === '/content/search') {
        watch.arrivedAt = performance.now();
        return true;
      }
      const value = Number(document.querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow'));
      if (Number.isFinite(value) && watch.seen.at(-1) !== value) {
        if (watch.seen.length === 0) {
          watch.firstAt = performance.now();
          watch.firstValue = value;
        }
        watch.seen.push(value);
      }
      return false;
    },
    null,
    { polling: 50, timeout: 15_000 },
  );
  const watch = await page.evaluate(() => (window as unknown as { __importWatch: Watch }).__importWatch);

  expect(watch.seen.length).toBeGreaterThanOrEqual(4);
  expect(watch.seen.every((n) => n % 100 === 0 && n <= 1000)).toBe(true);
  expect([...watch.seen].sort((a, b) => a - b)).toEqual(watch.seen);
  expect(watch.seen.at(-1)).toBeGreaterThan(watch.seen[0] ?? 0);
  // The move happens 6 s after the screen appeared. When the bar first showed `firstValue`, less than
  // (firstValue / 100 + 1) ticks of 0.5 s had passed, so at least the rest of the 6 s was still to come.
  const earliest = 6000 - 500 * (watch.firstValue / 100 + 1) - 250;
  expect(watch.arrivedAt - watch.firstAt).toBeGreaterThanOrEqual(earliest);
  await expect(page).toHaveURL(/\/content\/search$/);
});

/**
 * The CSV import as a new user meets it (/audiences/lists/import): a file with Company, Website, Country
 * and another column, an email twice and an empty row (at 1280 px); a PNG named .csv and a Latin-1 file
 * (at 375 px). Each screen is checked with axe at both widths.
 */
const tag = () => Math.random().toString(36).slice(2, 8);

async function axeAtBothWidths(page: Page, what: string, width: number): Promise<void> {
  const other = width === 1280 ? { width: 375, height: 812 } : { width: 1280, height: 900 };
  const own = width === 1280 ? { width: 1280, height: 900 } : { width: 375, height: 812 };
  await expectNoAxeViolations(page, `${what} at ${own.width} px`);
  await page.setViewportSize(other);
  await expectNoAxeViolations(page, `${what} at ${other.width} px`);
  await page.setViewportSize(own);
}

async function openImport(page: Page): Promise<void> {
  await signIn(page, DEMO, '/audiences/lists');
  await page.getByRole('link', { name: 'Import contacts' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Import contacts' })).toBeVisible();
}

async function openPerson(page: Page, search: string, name: string) {
  await page.goto('/audiences/people');
  await page.getByLabel('Search people').fill(search);
  await page.getByRole('button', { name }).click();
  return page.getByRole('dialog', { name });
}

test.describe('CSV import at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('a CSV with a Company column: accounts, website, country, a custom field, a repeated email and an empty row', async ({
    page,
  }) => {
    const t = tag();
    await openImport(page);
    await page.getByLabel('CSV file').setInputFiles(companyCsv(t));
    await expect(page.getByTestId('import-row-count')).toHaveText(
      '4 rows and 7 columns. 1 empty row will be skipped.',
    );
    await expect(page.getByLabel('Company', { exact: true })).toHaveValue('3');
    await expect(page.getByLabel('Company website')).toHaveValue('4');
    await expect(page.getByLabel('Country')).toHaveValue('5');
    await page.getByLabel('Keep “Favourite colour” as a custom field').check();
    await expect(
      page.getByText('1 email is in the file more than once (1 extra row).', { exact: false }),
    ).toBeVisible();
    await page.getByLabel('Import the last row of each email').check();
    const preview = page.getByRole('region', { name: 'The first rows' });
    await expect(preview).toContainText(`Northwind Trading ${t}`);
    await expect(preview.getByTestId('import-preview-row').first()).toContainText(
      'Same email as row 6, which was imported instead',
    );
    await axeAtBothWidths(page, 'the import wizard with a company file', 1280);

    await page.getByRole('button', { name: 'Import 4 rows' }).click();
    await expect(page).toHaveURL(/import_id=\d+/);
    await expect(page.getByRole('heading', { name: `Imported people-${t}.csv` })).toBeVisible({
      timeout: 20_000,
    });
    await expect(page.getByRole('heading', { name: /^Importing/ })).toHaveCount(0);
    const counts = page.getByTestId('import-counts');
    await expect(counts).toContainText('New contacts3');
    await expect(counts).toContainText('Updated contacts0');
    await expect(counts).toContainText('Duplicate rows1');
    await expect(counts).toContainText('Empty rows1');
    await expect(counts).toContainText('Refused rows0');
    await expect(page.getByRole('table', { name: 'Rows not imported' })).toContainText(
      'Same email as row 6, which was imported instead',
    );
    await axeAtBothWidths(page, 'the import report', 1280);

    // The last row of Ana counted; Cai's company is Northwind by its website's domain.
    const ana = await openPerson(page, `ana.${t}`, `Ana Ortiz-Diaz${t}`);
    await expect(ana).toContainText(`Company${`Northwind ${t}`}`);
    await expect(ana).toContainText('CountrySpain');
    await expect(ana.getByRole('region', { name: 'Custom fields' })).toContainText('Favourite colourRed');
    await expect(ana).toContainText(`northwind-${t}.example`);
    await page.keyboard.press('Escape');
    const cai = await openPerson(page, `cai.${t}`, `Cai Lee${t}`);
    await expect(cai).toContainText(`Company${`Northwind ${t}`}`);
  });
});

test.describe('CSV import at 375 px', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('a PNG named .csv is named as such; a Latin-1 file is read as Windows-1252 and searchable by its accents', async ({
    page,
  }) => {
    const t = tag();
    await openImport(page);
    const field = page.getByLabel('CSV file');
    await field.setInputFiles(pngNamedCsv());
    await expect(page.getByText(/^This file is a PNG image, not a CSV file\./)).toBeVisible();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByTestId('import-row-count')).toHaveCount(0);
    await axeAtBothWidths(page, 'the import wizard with a PNG', 375);

    await field.setInputFiles(latin1Csv(t));
    await expect(page.getByText('This file is not UTF-8')).toBeVisible();
    await expect(page.getByLabel('File encoding')).toHaveValue('windows-1252');
    const preview = page.getByRole('region', { name: 'The first rows' });
    await expect(preview).toContainText(`Müller${t}`);
    await expect(preview).toContainText(`Ångström${t}`);
    // Read as UTF-8, the accents cannot be read: the rows would be refused, and the screen says so.
    await page.getByLabel('File encoding').selectOption('utf-8');
    await expect(
      page.getByText('2 rows hold characters that UTF-8 (Unicode) cannot read', { exact: false }),
    ).toBeVisible();
    await expect(preview).toContainText('holds a character that could not be read');
    await axeAtBothWidths(page, 'the import wizard with a Latin-1 file', 375);
    await page.getByLabel('File encoding').selectOption('windows-1252');
    await expect(preview).toContainText(`Müller${t}`);

    await page.getByRole('button', { name: 'Import 2 rows' }).click();
    await expect(page.getByRole('heading', { name: `Imported latin-${t}.csv` })).toBeVisible({
      timeout: 20_000,
    });
    await expect(page.getByTestId('import-counts')).toContainText('New contacts2');
    await expect(page.getByTestId('import-counts')).toContainText('Refused rows0');

    const jose = await openPerson(page, `Müller${t}`, `José Müller${t}`);
    await expect(jose).toContainText(`jose.${t}@latin.example.test`);
  });
});
