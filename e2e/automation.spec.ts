import type { Page } from '@playwright/test';
import { DEMO_LOGIN, OTHER_ORG_LOGIN } from '../server/seed/demoAccounts.ts';
import { signIn } from './support/authSteps.ts';
import { createWorkflow, TRIGGERS, tag } from './support/automationSteps.ts';
import { expectNoAxeViolations } from './support/axeChecks.ts';
import { expect, test } from './support/cspTest.ts';

/**
 * The automation screens in Chromium against the real server, as the demo user (seeded workflows 1-15:
 * "Click nurture" active, "Re-engagement" inactive, "Shared AI outreach" uses an email the demo user
 * may not clone). Tests that change data work on workflows they create, with a unique name.
 */
async function search(page: Page, text: string) {
  await page.getByLabel('Search workflows').fill(text);
}

/** Searches and waits for that search's own answer (not a page shown before it). */
async function searchAnswered(page: Page, text: string) {
  const answered = page.waitForResponse(
    (response) =>
      response.url().includes('/get_user_workflows/') &&
      new URL(response.url()).searchParams.get('workflow_name') === text,
  );
  await search(page, text);
  await answered;
}

test.describe('automation', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, DEMO_LOGIN);
  });

  test('search and filter the list', async ({ page }) => {
    await page.goto('/automation');
    await expect(page.getByRole('heading', { name: 'Automation', level: 1 })).toBeVisible();
    // The searched page itself (with more than a page of workflows, the first unfiltered page may already
    // lack "Onboarding journey").
    await searchAnswered(page, 'nurture');
    await expect(page.getByRole('link', { name: 'Click nurture' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Onboarding journey' })).toHaveCount(0);
    // Blank text after trimming resets the search: the list is asked for again without a name.
    const reset = page.waitForRequest(
      (request) =>
        request.url().includes('/get_user_workflows/') &&
        !new URL(request.url()).searchParams.has('workflow_name'),
    );
    await search(page, '   ');
    await reset;
    await expect(page.getByTestId('workflow-total')).not.toHaveText('1');

    await page.getByRole('button', { name: 'Inactive', exact: true }).click();
    await expect(page.getByRole('table').getByText('Active', { exact: true })).toHaveCount(0);
    await expect(page.getByRole('table').getByText('Inactive', { exact: true }).first()).toBeVisible();
    // Filter and search together (other specs pause workflows of their own meanwhile, so a seeded one may
    // sit past the first page of all the inactive ones).
    await search(page, 'Re-engagement');
    await expect(page.getByRole('link', { name: 'Re-engagement' })).toBeVisible();
    await page.getByRole('button', { name: 'Active', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'No workflows match' })).toBeVisible();
    await search(page, 'nurture');
    await expect(page.getByRole('link', { name: 'Click nurture' })).toBeVisible();
    await page.getByRole('button', { name: 'Inactive', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'No workflows match' })).toBeVisible();
  });

  test('pauses and resumes from the list, with the active count', async ({ page }) => {
    // As the Harbor Lane owner: their organisation's workflows are theirs alone, while other tests publish
    // the demo user's workflows in parallel (the active count is the user's, whatever the search).
    await page.context().clearCookies();
    await signIn(page, OTHER_ORG_LOGIN, '/automation');
    await page.getByRole('button', { name: 'Active', exact: true }).click();
    await expect(page.getByRole('link', { name: 'Studio welcome' })).toBeVisible();
    // Pause under the active filter: the warning, then the workflow leaves the view.
    const activeBefore = Number(await page.getByTestId('workflow-active').textContent());
    expect(activeBefore).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Pause Studio welcome' }).click();
    const dialog = page.getByRole('dialog', { name: 'Pause this workflow?' });
    await expect(
      dialog.getByText(/will be halted for the enrolled contacts until you reactivate it/),
    ).toBeVisible();
    await dialog.getByRole('button', { name: 'Pause workflow' }).click();
    await expect(page.getByRole('link', { name: 'Studio welcome' })).toHaveCount(0);
    await expect(page.getByRole('status').filter({ hasText: 'will be halted' })).toBeVisible();
    await expect(page.getByTestId('workflow-active')).toHaveText(String(activeBefore - 1));

    // Resume it from the inactive view: "Your workflow has been reactivated", and it leaves that view.
    await page.getByRole('button', { name: 'Inactive', exact: true }).click();
    await page.getByRole('button', { name: 'Resume Studio welcome' }).click();
    await expect(page.getByText('Your workflow has been reactivated')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Studio welcome' })).toHaveCount(0);
    await expect(page.getByTestId('workflow-active')).toHaveText(String(activeBefore));
  });

  test('clones a workflow; a clone without permission on its emails is refused', async ({ page }) => {
    await page.goto('/automation');
    await searchAnswered(page, 'Launch follow-up');
    // The seeded workflow (and, on a retry, the first attempt's copy).
    await expect(page.getByRole('link', { name: 'Launch follow-up', exact: true })).toBeVisible();
    // The answer is on the page once only its rows are: then the total is the search's.
    await expect(
      page.getByRole('table').getByRole('link').filter({ hasNotText: 'Launch follow-up' }),
    ).toHaveCount(0);
    const before = Number(await page.getByTestId('workflow-total').textContent());
    await page.getByRole('button', { name: 'Clone Launch follow-up', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Cloning this workflow' });
    await expect(dialog.getByText('Are you sure you want to clone this workflow?')).toBeVisible();
    await dialog.getByRole('button', { name: 'Clone' }).click();
    await expect(page.getByRole('dialog', { name: 'Workflow Cloned' })).toBeVisible();
    await page.getByRole('button', { name: 'Done' }).click();
    // The copy is inserted first and the total rises.
    const firstLink = page.getByRole('table').getByRole('link').first();
    await expect(firstLink).toContainText('Launch follow-up');
    await expect(firstLink).not.toHaveText('Launch follow-up');
    await expect(page.getByTestId('workflow-total')).toHaveText(String(before + 1));

    await search(page, 'Shared AI outreach');
    await page.getByRole('button', { name: 'Clone Shared AI outreach' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Clone' }).click();
    await expect(
      page.getByText('Cannot clone: Obtain permissions for all emails in the workflow before cloning'),
    ).toBeVisible();
  });

  test('deletes with select-all minus one under a search', async ({ page }) => {
    const run = `Del ${tag()}`;
    for (const n of [1, 2, 3]) await createWorkflow(page, TRIGGERS[5], `${run} ${n}`);
    await page.goto('/automation');
    await search(page, run);
    await expect(page.getByTestId('workflow-total')).toHaveText('3');
    await page.getByLabel('Select all 3 workflows').check();
    await page.getByLabel(`Select ${run} 2`).uncheck();
    await expect(page.getByText('2 selected')).toBeVisible();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete 2 workflows?' });
    await dialog.getByRole('button', { name: 'Delete workflows' }).click();
    await expect(page.getByText('2 workflows deleted.')).toBeVisible();
    await expect(page.getByTestId('workflow-total')).toHaveText('1');
    await expect(page.getByRole('link', { name: `${run} 2` })).toBeVisible();
    await expect(page.getByRole('link', { name: `${run} 1` })).toHaveCount(0);
    // Other workflows were untouched.
    await search(page, 'Onboarding journey');
    await expect(page.getByRole('link', { name: 'Onboarding journey' })).toBeVisible();
  });

  test('the details page shows the email graph with data and its 1 QTR filter', async ({ page }) => {
    await page.goto('/automation');
    await search(page, 'Onboarding journey');
    await page.getByRole('link', { name: 'Onboarding journey' }).click();
    await page.waitForURL(/\/automation\/details\?workflow_id=\d+$/);
    await expect(page.getByRole('heading', { name: 'Onboarding journey', level: 1 })).toBeVisible();
    await expect(page.getByLabel('Period')).toHaveValue('qtr');
    const graph = page.getByTestId('workflow-email-graph');
    await expect(graph).toBeVisible();
    await expect(graph.locator('path[data-metric="sends"]')).toHaveAttribute('d', /^M.+L/);
    const summary = page.getByRole('table', { name: 'Totals per email in the period' });
    await expect(summary.getByRole('row')).not.toHaveCount(1);
    await expect(graph).toHaveAttribute('aria-label', /[1-9][\d,]* sends/);

    await page.getByLabel('Period').selectOption('week');
    await expect(page.getByRole('button', { name: 'Reset to 1 QTR' })).toBeEnabled();
    await page.getByRole('button', { name: 'Reset to 1 QTR' }).click();
    await expect(page.getByLabel('Period')).toHaveValue('qtr');
    await expect(graph.locator('path[data-metric="opens"]')).toHaveAttribute('d', /^M.+L/);
  });

  test('the automation screens have no WCAG 2.1 A or AA violations', async ({ page }) => {
    const check = (what: string) => expectNoAxeViolations(page, what);
    await page.goto('/automation');
    await expect(page.getByRole('table').getByRole('link').first()).toBeVisible();
    await check('the workflow list');
    await page.goto('/automation/create');
    await page.getByRole('radio', { name: /^Email open/ }).check();
    await expect(page.getByRole('radiogroup', { name: 'Emails' })).toBeVisible();
    await check('the create screen with the email picker');
    await page.goto('/automation/details?workflow_id=1');
    await expect(page.getByTestId('workflow-email-graph')).toBeVisible();
    await check('the details screen with the email graph');
  });
});
