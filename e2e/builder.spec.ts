import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { DEMO_LOGIN } from '../server/seed/demoAccounts.ts';
import { signIn } from './support/authSteps.ts';

/**
 * The workflow builder (issue 6) in Chromium against the real server, as the demo user. Each test works on
 * a workflow it creates through the create screen (trigger "Subscribes to a list"), with a unique name.
 * BUILDER_SHOTS_DIR=/tmp/shots-canvas also writes screenshots of the builder at 1280x800 and 375x812.
 */
const shotsDir = process.env.BUILDER_SHOTS_DIR;
const tag = () => Math.random().toString(36).slice(2, 8);

async function createWorkflow(page: Page, name: string): Promise<number> {
  await page.goto('/automation/create');
  await page.getByRole('radio', { name: /^Subscribes to a list/ }).check();
  await page.getByRole('radiogroup').getByRole('radio').first().check();
  await page.getByLabel('Workflow name').fill(name);
  await page.getByRole('button', { name: 'Create workflow' }).click();
  await page.waitForURL(/\/automation\/details\?workflow_id=\d+$/);
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  return Number(new URL(page.url()).searchParams.get('workflow_id'));
}

const canvas = (page: Page) => page.getByRole('region', { name: 'Workflow steps' });
const nodesOf = (page: Page, type: string) => canvas(page).locator(`.react-flow__node-${type}`);

/** Opens the "+" of a slot (by its accessible name) and picks a step kind from the menu. */
async function addStep(page: Page, slot: string | RegExp, kind: string): Promise<void> {
  await canvas(page).getByRole('button', { name: slot }).first().click();
  await page
    .getByRole('menu', { name: 'Add a step' })
    .getByRole('menuitem', { name: kind, exact: true })
    .click();
}

async function closeEditor(page: Page): Promise<void> {
  const close = page.getByRole('button', { name: /^Close the .* editor$/ });
  if (await close.isVisible()) await close.click();
}

async function _nodeAction(page: Page, title: string, action: string): Promise<void> {
  await canvas(page)
    .getByRole('button', { name: `Actions for ${title}` })
    .first()
    .click();
  await page
    .getByRole('menu', { name: `Actions for ${title}` })
    .getByRole('menuitem', { name: action })
    .click();
}

async function shot(page: Page, name: string): Promise<void> {
  if (!shotsDir) return;
  mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: path.join(shotsDir, `${name}.png`) });
}

test.describe('workflow builder', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, DEMO_LOGIN);
  });

  test('builds a workflow with every node kind, undoes and redoes, and keeps the draft across a reload', async ({
    page,
  }) => {
    await createWorkflow(page, `Builder kinds ${tag()}`);
    await expect(page.getByText('Draft', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();

    await addStep(page, 'Add the first step', 'Send email');
    await expect(page.getByRole('heading', { name: 'Send email', level: 2 })).toBeVisible();
    await closeEditor(page);
    await addStep(page, 'Add a step after Send email', 'If / Else');
    await closeEditor(page);
    await addStep(page, 'Add a step on the yes branch of If / Else', 'Add to list');
    await closeEditor(page);
    await addStep(page, 'Add a step after Add to list', 'Delay');
    await closeEditor(page);
    await addStep(page, 'Add a step after Delay', 'End');
    await closeEditor(page);
    await addStep(page, 'Add a step on the no branch of If / Else', 'End');
    await closeEditor(page);

    for (const type of ['sendEmail', 'condition', 'addToList', 'delay'])
      await expect(nodesOf(page, type)).toHaveCount(1);
    await expect(nodesOf(page, 'end')).toHaveCount(2);
    await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeEnabled();
    await expect(page.getByTestId('save-state')).toHaveText('Unsaved changes');
    await shot(page, 'builder-1280-every-kind');

    // Undo (keyboard) removes the last end step; redo (button) brings it back.
    await canvas(page).click({ position: { x: 10, y: 10 } });
    await page.keyboard.press('Control+z');
    await expect(nodesOf(page, 'end')).toHaveCount(1);
    await page.getByRole('button', { name: 'Redo' }).click();
    await expect(nodesOf(page, 'end')).toHaveCount(2);
    await page.keyboard.press('Control+z');
    await page.keyboard.press('Control+Shift+z');
    await expect(nodesOf(page, 'end')).toHaveCount(2);

    // A reload finds the draft (kept in IndexedDB): it differs from the saved (empty) version.
    await page.reload();
    await expect(page.getByText('The local draft differs from the saved version')).toBeVisible();
    await expect(nodesOf(page, 'end')).toHaveCount(2);
    await page.getByRole('button', { name: 'Keep local draft' }).click();
    await expect(page.getByText('The local draft differs from the saved version')).toHaveCount(0);
    await expect(nodesOf(page, 'condition')).toHaveCount(1);
    await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeEnabled();
  });
});
