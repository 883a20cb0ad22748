import { DEMO_LOGIN } from '../server/seed/demoAccounts.ts';
import { signIn } from './support/authSteps.ts';
import { createWorkflow, TRIGGERS, tag } from './support/automationSteps.ts';
import { expect, test } from './support/cspTest.ts';

/**
 * Issue 16's walk as a new user does it after `npm start`: import a CSV of 1,000 contacts with five bad
 * rows and read the report; find them in People by search and by a filter; put the filtered ones (all of
 * them, across pages) in a new list; start a workflow on that list ("Subscribes to a list").
 */
const ROWS = 1_000;

test('import 1,000 contacts, find them by search and filter, list them, and start a workflow on the list', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const t = tag();
  const first = `Zq${t}`;
  const lines = ['Email Address,First Name,Last Name,Job Title'];
  for (let i = 0; i < ROWS; i++) {
    if (i % 200 === 199) lines.push(`broken-${i}-${t},${first},Bad${i},Engineer`);
    else
      lines.push(
        `${first}.p${i}@walk.example.test,${first},Person${i},${i % 4 === 0 ? 'VP Marketing' : 'Engineer'}`,
      );
  }
  await signIn(page, DEMO_LOGIN);

  // 1. Import into a new list, with the report of the refused rows.
  await page.goto('/audiences/lists');
  await page.getByRole('link', { name: 'Import contacts' }).click();
  await page.getByLabel('CSV file').setInputFiles({
    name: `walk-${t}.csv`,
    mimeType: 'text/csv',
    buffer: Buffer.from(`${lines.join('\n')}\n`),
  });
  await expect(page.getByTestId('import-row-count')).toHaveText('1,000 rows and 4 columns.');
  await page.getByLabel('New list name').fill(`Imported ${t}`);
  await page.getByRole('button', { name: 'Import 1,000 rows' }).click();
  const counts = page.getByTestId('import-counts');
  await expect(counts).toContainText('New contacts995', { timeout: 30_000 });
  await expect(counts).toContainText('Refused rows5');
  await expect(page.getByRole('table', { name: 'Rows not imported' })).toContainText(`broken-199-${t}`);

  // 2. A new list to put the VPs in (created on the Lists screen, at the top).
  const listName = `VP walk ${t}`;
  await page.goto('/audiences/lists');
  await page.getByRole('button', { name: 'New list' }).click();
  await page.getByRole('dialog').getByLabel('List name').fill(listName);
  await page.getByRole('button', { name: 'Create list' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();

  // 3. People: search finds the 995; the Designation filter narrows to the 250 VPs.
  await page.goto('/audiences/people');
  await page.getByLabel('Search people').fill(first.toLowerCase());
  await expect(page.getByText('Showing 10 of 995')).toBeVisible();
  await page.getByRole('button', { name: 'Filters' }).click();
  await page
    .getByRole('region', { name: 'Filters' })
    .getByRole('group', { name: 'Designation' })
    .getByLabel(/^VP Marketing/)
    .check();
  await expect(page.getByText('Showing 10 of 250')).toBeVisible();

  // 4. Select all 250 (only 10 are loaded) and add them to the new list.
  await page.getByLabel('Select all 250').check();
  await expect(page.getByText('All 250 selected')).toBeVisible();
  await page.getByRole('button', { name: 'Add to list' }).click();
  const picker = page.getByRole('dialog', { name: 'Add to list' });
  await picker.getByLabel('Search lists').fill(listName);
  await picker.getByRole('radio', { name: new RegExp(listName) }).check();
  await picker.getByRole('button', { name: 'Add to list' }).click();
  await expect(page.getByText(`250 added to ${listName}.`)).toBeVisible();

  // The list holds the 250 (its card's contact total).
  await page.goto('/audiences/lists');
  const card = page.getByTestId('list-card').filter({ has: page.getByRole('heading', { name: listName }) });
  await expect(card).toContainText('250');

  // 5. A workflow that starts when someone subscribes to that list.
  const workflow = `Welcome VPs ${t}`;
  await createWorkflow(page, TRIGGERS[5], workflow, new RegExp(listName));
  await expect(page.getByText(listName).first()).toBeVisible();
});
