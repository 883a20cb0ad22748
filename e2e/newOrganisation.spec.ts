import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { newAccount, signIn, signUpThroughApi } from './support/authSteps.ts';
import { createWorkflow, pauseWorkflowThroughApi, TRIGGERS } from './support/automationSteps.ts';
import { addStep, closeEditor } from './support/builderSteps.ts';
import { expect, test } from './support/cspTest.ts';

/**
 * A newly signed-up organisation can build and publish a workflow in its first minutes: the create screen
 * offers its starter emails (campaigns, where emails are made, is not built yet). BUILDER_SHOTS_DIR also
 * writes screenshots of the create screen at 1280 and 375 px.
 */
const shotsDir = process.env.BUILDER_SHOTS_DIR;

async function shot(page: Page, name: string): Promise<void> {
  if (!shotsDir) return;
  mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: path.join(shotsDir, `${name}.png`), fullPage: true });
}

test.describe.configure({ timeout: 120_000 });

test('a new organisation picks a starter email, builds a workflow and publishes it', async ({ page }) => {
  const account = newAccount('starter');
  await signUpThroughApi(page.request, account);
  await signIn(page, account);

  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/automation/create');
  await page.getByRole('radio', { name: /^Email open/ }).check();
  const emails = page.getByRole('radiogroup', { name: 'Emails' });
  await expect(emails.getByRole('radio', { name: 'Starter: Welcome' })).toBeVisible();
  await shot(page, 'create-375-starter-emails');
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(emails.getByRole('radio')).toHaveCount(3);
  await shot(page, 'create-1280-starter-emails');

  const id = await createWorkflow(page, TRIGGERS[0], 'My first workflow', /Starter: Welcome/);
  await addStep(page, 'Add the first step', 'Send email');
  await page
    .getByRole('radiogroup', { name: 'Emails' })
    .getByRole('radio', { name: /Starter: Follow-up/ })
    .click();
  await expect(page.getByRole('button', { name: 'Change email' })).toBeVisible();
  await closeEditor(page);
  await addStep(page, 'Add a step after Send email', 'End');
  await closeEditor(page);
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Publish this workflow?' });
  await expect(dialog.getByText('Every step is ready to publish.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Publish workflow' }).click();
  await expect(page.getByText('Your workflow has been published successfully!')).toBeVisible();
  await pauseWorkflowThroughApi(page, id);
});
