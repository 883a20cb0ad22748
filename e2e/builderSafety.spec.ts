import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { DEMO_LOGIN } from '../server/seed/demoAccounts.ts';
import { signIn } from './support/authSteps.ts';
import { createWorkflow, TRIGGERS, tag } from './support/automationSteps.ts';
import { expectNoAxeViolations } from './support/axeChecks.ts';
import { addStep, canvas, closeEditor, nodeAction, nodesOf } from './support/builderSteps.ts';
import { expect, test } from './support/cspTest.ts';

/**
 * The builder keeps the user from losing work or their way: deleting an If / Else asks first and can be
 * undone from its toast; a resized window still shows steps; a refused publish marks and reveals the
 * faulty step; a step can be dragged right under the trigger. BUILDER_SHOTS_DIR=/tmp/shots also writes
 * screenshots at 1280 and 375 px.
 */
const shotsDir = process.env.BUILDER_SHOTS_DIR;
const LIST_TRIGGER = TRIGGERS[5];

async function shot(page: Page, name: string): Promise<void> {
  if (!shotsDir) return;
  mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: path.join(shotsDir, `${name}.png`) });
}

/** With BUILDER_SHOTS_DIR set: the page at 1280 px and at a 375 px phone, then back to 1280. */
async function shotBothWidths(page: Page, name: string): Promise<void> {
  await shot(page, `builder-1280-${name}`);
  if (!shotsDir) return;
  await page.setViewportSize({ width: 375, height: 812 });
  await shot(page, `builder-375-${name}`);
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** A box's overlap with the canvas region, in pixels (0: the node is wholly outside the view). */
async function visibleArea(node: Locator, region: Locator): Promise<number> {
  const [a, b] = await Promise.all([node.boundingBox(), region.boundingBox()]);
  if (!a || !b) return 0;
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return w > 0 && h > 0 ? w * h : 0;
}

/** Whether the node is wholly inside the canvas region (not cut off at its edge). */
async function whollyVisible(node: Locator, region: Locator): Promise<boolean> {
  const box = await node.boundingBox();
  return box !== null && Math.abs((await visibleArea(node, region)) - box.width * box.height) < 2;
}

const centre = async (locator: Locator) => {
  const box = await locator.boundingBox();
  if (!box) throw new Error('node not drawn');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2, top: box.y, bottom: box.y + box.height };
};

test.describe.configure({ timeout: 120_000 });

test.describe('builder safety', () => {
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page, DEMO_LOGIN);
  });

  test('deleting an If / Else asks first, naming how many steps go, and its toast undoes it', async ({
    page,
  }) => {
    await createWorkflow(page, LIST_TRIGGER, `Safe delete ${tag()}`);
    await addStep(page, 'Add the first step', 'Delay');
    await closeEditor(page);
    await addStep(page, 'Add a step after Delay', 'If / Else');
    await closeEditor(page);
    await addStep(page, 'Add a step on the yes branch of If / Else', 'Add to list');
    await closeEditor(page);
    await addStep(page, 'Add a step on the no branch of If / Else', 'End');
    await closeEditor(page);
    await expect(nodesOf(page, 'condition')).toHaveCount(1);

    await nodeAction(page, 'If / Else', 'Delete');
    const dialog = page.getByRole('dialog', { name: 'Delete “If / Else” and 2 steps below it?' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAccessibleDescription(/3 steps in all/);
    await expect(dialog).toContainText('undo history is not kept across reloads');
    await shotBothWidths(page, 'delete-dialog');
    await expectNoAxeViolations(page, 'the delete dialog');
    // Cancel (and Escape) keep everything.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(nodesOf(page, 'condition')).toHaveCount(1);
    await nodeAction(page, 'If / Else', 'Delete');
    await page.keyboard.press('Escape');
    await expect(nodesOf(page, 'condition')).toHaveCount(1);

    await nodeAction(page, 'If / Else', 'Delete');
    await dialog.getByRole('button', { name: 'Delete 3 steps' }).click();
    await expect(nodesOf(page, 'condition')).toHaveCount(0);
    await expect(nodesOf(page, 'addToList')).toHaveCount(0);
    const toast = page.getByRole('status').filter({ hasText: 'Deleted “If / Else” and 2 steps below it.' });
    await expect(toast).toBeVisible();
    await shotBothWidths(page, 'delete-undo-toast');
    await expectNoAxeViolations(page, 'the toast with Undo');
    await toast.getByRole('button', { name: 'Undo' }).click();
    await expect(nodesOf(page, 'condition')).toHaveCount(1);
    await expect(nodesOf(page, 'addToList')).toHaveCount(1);
    await expect(nodesOf(page, 'end')).toHaveCount(1);
  });

  test('after the window narrows from 1280 to 375 px, steps are in view without Fit View', async ({
    page,
  }) => {
    await createWorkflow(page, LIST_TRIGGER, `Narrow ${tag()}`);
    await addStep(page, 'Add the first step', 'Delay');
    await closeEditor(page);
    await addStep(page, 'Add a step after Delay', 'Add to list');
    await closeEditor(page);
    await addStep(page, 'Add a step after Add to list', 'End');
    await closeEditor(page);
    await shot(page, 'builder-1280-steps');

    await page.setViewportSize({ width: 375, height: 812 });
    const region = canvas(page);
    await region.scrollIntoViewIfNeeded();
    await expect
      .poll(async () => whollyVisible(page.locator('.react-flow__node-trigger'), region))
      .toBe(true);
    await expect.poll(async () => whollyVisible(nodesOf(page, 'delay'), region)).toBe(true);
    await shot(page, 'builder-375-after-narrowing');

    // With a step selected, that step is kept in view when the window widens again.
    await nodesOf(page, 'end').click();
    await expect(page.getByRole('button', { name: /^Close the .* editor$/ })).toBeVisible();
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect.poll(async () => whollyVisible(nodesOf(page, 'end'), canvas(page))).toBe(true);
  });

  test('a refused publish marks the faulty step and brings it into view', async ({ page }) => {
    await createWorkflow(page, LIST_TRIGGER, `Marked ${tag()}`);
    await addStep(page, 'Add the first step', 'Delay');
    await closeEditor(page);
    await addStep(page, 'Add a step after Delay', 'Add to list');
    await closeEditor(page);
    await addStep(page, 'Add a step after Add to list', 'End');
    await closeEditor(page);

    // Pan the canvas until the add-to-list step is out of view.
    const region = canvas(page);
    const box = await region.boundingBox();
    if (!box) throw new Error('no canvas');
    // Two drags on empty canvas (right of the steps, clear of the controls).
    const x = box.x + box.width * 0.8;
    for (let i = 0; i < 2; i += 1) {
      await page.mouse.move(x, box.y + box.height - 120);
      await page.mouse.down();
      await page.mouse.move(x, box.y + 10, { steps: 10 });
      await page.mouse.up();
    }
    await expect.poll(async () => visibleArea(nodesOf(page, 'addToList'), region)).toBe(0);

    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Publish this workflow?' });
    await dialog.getByRole('button', { name: 'Publish workflow' }).click();
    await expect(dialog.getByText('The workflow was not published')).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    const faulty = nodesOf(page, 'addToList');
    await expect(faulty.getByText('Fix to publish')).toBeVisible();
    await expect(faulty).toHaveAttribute(
      'aria-label',
      /Add to list \(Add to list step\), blocks publishing: .+/,
    );
    await expect.poll(async () => visibleArea(faulty, region)).toBeGreaterThan(0);
    await expect(nodesOf(page, 'delay').getByText('Fix to publish')).toHaveCount(0);
    await shot(page, 'builder-1280-publish-fault');
    await expectNoAxeViolations(page, 'a step marked by a refused publish');
    await page.setViewportSize({ width: 375, height: 812 });
    await expect.poll(async () => visibleArea(faulty, canvas(page))).toBeGreaterThan(0);
    await shot(page, 'builder-375-publish-fault');
    await page.setViewportSize({ width: 1280, height: 800 });

    // Fixed (a list chosen), the mark goes.
    await page.getByRole('radiogroup', { name: 'Lists' }).getByRole('radio').first().check();
    await expect(faulty.getByText('Fix to publish')).toHaveCount(0);
  });

  test('a step can be dragged into the slot right under the trigger', async ({ page }) => {
    await createWorkflow(page, LIST_TRIGGER, `To the top ${tag()}`);
    await addStep(page, 'Add the first step', 'Delay');
    await closeEditor(page);
    await addStep(page, 'Add a step after Delay', 'Add to list');
    await closeEditor(page);
    await addStep(page, 'Add a step after Add to list', 'End');
    await closeEditor(page);

    // The trigger well clear of the canvas's top edge, where a drag would pan the canvas instead.
    const pane = await canvas(page).boundingBox();
    if (!pane) throw new Error('no canvas');
    await page.mouse.move(pane.x + pane.width - 60, pane.y + 60);
    await page.mouse.down();
    await page.mouse.move(pane.x + pane.width - 60, pane.y + 260, { steps: 8 });
    await page.mouse.up();
    // Below zero: the add-to-list step is above the delay.
    const order = async () =>
      (await centre(nodesOf(page, 'addToList'))).y - (await centre(nodesOf(page, 'delay'))).y;
    const trigger = await centre(page.locator('.react-flow__node-trigger'));
    const first = await centre(nodesOf(page, 'delay'));
    const moving = await centre(nodesOf(page, 'addToList'));
    expect(moving.y).toBeGreaterThan(first.y);
    await page.mouse.move(moving.x, moving.y);
    await page.mouse.down();
    const slotY = (trigger.bottom + first.top) / 2;
    await page.mouse.move(first.x + 20, slotY + 40, { steps: 8 });
    await page.mouse.move(first.x, slotY, { steps: 8 });
    await expect(canvas(page).getByText('Drop here')).toBeVisible();
    await page.mouse.up();
    await expect(canvas(page).getByText('Drop here')).toHaveCount(0);
    await expect.poll(order).toBeLessThan(0);
    await expect(nodesOf(page, 'end')).toHaveCount(1);
    // One undo step puts it back.
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(order).toBeGreaterThan(0);
  });
});
