import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { parseEventLog } from '../machines/parseEventLog.ts';
import { replayEventLog } from '../machines/replay.ts';
import { DEMO_LOGIN } from '../server/seed/demoAccounts.ts';
import { signIn } from './support/authSteps.ts';
import { createWorkflow, pausedAfterEachTest, TRIGGERS, tag } from './support/automationSteps.ts';
import { addStep, canvas, closeEditor, nodeAction, nodesOf } from './support/builderSteps.ts';
import { expect, test } from './support/cspTest.ts';

/**
 * The workflow builder in Chromium against the real server, as the demo user. Each test works on
 * a workflow it creates through the create screen (trigger "Subscribes to a list"), with a unique name.
 * BUILDER_SHOTS_DIR=/tmp/shots-canvas also writes screenshots of the builder at 1280x800 and 375x812.
 */
const shotsDir = process.env.BUILDER_SHOTS_DIR;
const LIST_TRIGGER = TRIGGERS[5];

/** Pause (through its dialog): the paused banner shows. */
async function pause(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Pause', exact: true }).click();
  await page
    .getByRole('dialog', { name: 'Pause this workflow?' })
    .getByRole('button', { name: 'Pause workflow' })
    .click();
  await expect(page.getByText('This workflow is paused')).toBeVisible();
}

async function shot(page: Page, name: string): Promise<void> {
  if (!shotsDir) return;
  mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: path.join(shotsDir, `${name}.png`) });
}

// Each test walks a whole story; under a loaded CI machine that takes more than the default minute.
test.describe.configure({ timeout: 120_000 });

test.describe('workflow builder', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, DEMO_LOGIN);
  });

  test('builds a workflow with every node kind, undoes and redoes, and keeps the draft across a reload', async ({
    page,
  }) => {
    await createWorkflow(page, LIST_TRIGGER, `Builder kinds ${tag()}`);
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

    // Drag and drop moves a step: the delay (yes branch, left) dropped above the "no" branch's end step.
    const centre = async (locator: ReturnType<typeof nodesOf>) => {
      const box = await locator.boundingBox();
      if (!box) throw new Error('node not drawn');
      return { x: box.x + box.width / 2, y: box.y + box.height / 2, top: box.y };
    };
    const condition = await centre(nodesOf(page, 'condition'));
    const delayBefore = await centre(nodesOf(page, 'delay'));
    expect(delayBefore.x).toBeLessThan(condition.x);
    const ends = await Promise.all([
      centre(nodesOf(page, 'end').nth(0)),
      centre(nodesOf(page, 'end').nth(1)),
    ]);
    const noEnd = ends[0].x > ends[1].x ? ends[0] : ends[1];
    await page.mouse.move(delayBefore.x, delayBefore.y);
    await page.mouse.down();
    await page.mouse.move((delayBefore.x + noEnd.x) / 2, noEnd.top - 40, { steps: 8 });
    await page.mouse.move(noEnd.x, noEnd.top - 30, { steps: 8 });
    await expect(canvas(page).getByText('Drop here')).toBeVisible();
    await page.mouse.up();
    await expect(canvas(page).getByText('Drop here')).toHaveCount(0);
    await expect.poll(async () => (await centre(nodesOf(page, 'delay'))).x).toBeGreaterThan(condition.x);
    await expect(nodesOf(page, 'delay')).toHaveCount(1);
    // One undo step puts it back.
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(async () => (await centre(nodesOf(page, 'delay'))).x).toBeLessThan(condition.x);
    await page.getByRole('button', { name: 'Redo' }).click();
    await expect.poll(async () => (await centre(nodesOf(page, 'delay'))).x).toBeGreaterThan(condition.x);

    // Copy ("Copied") and paste through a slot's menu: a second delay, before the yes branch's end. (The
    // drag may have panned the canvas: fit it first.)
    await canvas(page).getByRole('button', { name: 'Fit View' }).click();
    await nodeAction(page, 'Delay', 'Copy');
    await expect(page.getByText('Copied', { exact: true })).toBeVisible();
    await canvas(page).getByRole('button', { name: 'Insert a step before End' }).first().click();
    await page
      .getByRole('menu', { name: 'Add a step' })
      .getByRole('menuitem', { name: 'Paste "Delay"' })
      .click();
    await expect(nodesOf(page, 'delay')).toHaveCount(2);
    await closeEditor(page);
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(nodesOf(page, 'delay')).toHaveCount(1);

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

test.describe('workflow builder across tabs and through its life cycle', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, DEMO_LOGIN);
  });

  test('two tabs on one workflow converge and keep both edits; a tab closed mid-edit gets its draft back', async ({
    page,
    context,
  }) => {
    const workflowId = await createWorkflow(page, LIST_TRIGGER, `Builder tabs ${tag()}`);
    await addStep(page, 'Add the first step', 'Send email');
    await closeEditor(page);
    await addStep(page, 'Add a step after Send email', 'End');
    await closeEditor(page);

    // A second tab on the same workflow opens the same local draft.
    const other = await context.newPage();
    await other.goto(`/automation/details?workflow_id=${workflowId}`);
    await expect(nodesOf(other, 'sendEmail')).toHaveCount(1);
    await expect(nodesOf(other, 'end')).toHaveCount(1);

    // Both tabs edit at the same moment, on different parts of the graph: both edits are kept in both.
    await Promise.all([
      addStep(page, 'Insert a step before End', 'Delay'),
      addStep(other, 'Insert a step before Send email', 'Add to list'),
    ]);
    for (const tab of [page, other]) {
      await expect(nodesOf(tab, 'delay')).toHaveCount(1);
      await expect(nodesOf(tab, 'addToList')).toHaveCount(1);
      await expect(nodesOf(tab, 'sendEmail')).toHaveCount(1);
    }

    // Undo in one tab takes back only that tab's edit.
    await closeEditor(other);
    await other.getByRole('button', { name: 'Undo' }).click();
    for (const tab of [page, other]) {
      await expect(nodesOf(tab, 'addToList')).toHaveCount(0);
      await expect(nodesOf(tab, 'delay')).toHaveCount(1);
    }

    // The second tab renames a step and is closed in the middle of its work (no unload handlers run).
    await nodesOf(other, 'delay').first().click();
    const title = other.getByLabel('Step name');
    await title.fill('Wait for the weekend');
    await expect(nodesOf(page, 'delay').getByText('Wait for the weekend')).toBeVisible();
    await other.close({ runBeforeUnload: false });

    // A new tab finds the whole draft, the last edit included.
    const reopened = await context.newPage();
    await reopened.goto(`/automation/details?workflow_id=${workflowId}`);
    await expect(reopened.getByText('The local draft differs from the saved version')).toBeVisible();
    await expect(nodesOf(reopened, 'delay').getByText('Wait for the weekend')).toBeVisible();
    await expect(nodesOf(reopened, 'sendEmail')).toHaveCount(1);
    await expect(nodesOf(reopened, 'end')).toHaveCount(1);
  });

  test('save, publish refused then accepted, pause, add while paused, resume, and the session log replays', async ({
    page,
  }) => {
    const name = `Builder life ${tag()}`;
    await createWorkflow(page, LIST_TRIGGER, name);
    await addStep(page, 'Add the first step', 'Add to list');
    await closeEditor(page);
    await addStep(page, 'Add a step after Add to list', 'End');
    await closeEditor(page);

    // Save: the toast, then Save is disabled again until the next edit.
    const save = page.getByRole('button', { name: 'Save', exact: true });
    await save.click();
    await expect(page.getByText('Your workflow has been saved successfully!')).toBeVisible();
    await expect(save).toBeDisabled();
    await expect(page.getByTestId('save-state')).toHaveText('All changes saved');

    // Publish is refused while the add-to-list step has no list; the message names the step.
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Publish this workflow?' });
    await expect(dialog.getByText('Fix these steps before publishing:')).toBeVisible();
    await dialog.getByRole('button', { name: 'Publish workflow' }).click();
    await expect(dialog.getByText('The workflow was not published')).toBeVisible();
    await expect(dialog.getByRole('alert')).toContainText('Add to list');
    await expect(page.getByText('Draft', { exact: true })).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // The fix: choose a list in the step's editor; publishing is then accepted.
    await nodesOf(page, 'addToList').first().click();
    await page.getByRole('radiogroup', { name: 'Lists' }).getByRole('radio').first().check();
    await closeEditor(page);
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect(dialog.getByText('Every step is ready to publish.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Publish workflow' }).click();
    await expect(page.getByText('Your workflow has been published successfully!')).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByText('Active', { exact: true })).toBeVisible();
    await expect(page.getByText('Recently published')).toBeVisible();

    // Pause: the inactive warning.
    await pause(page);
    await expect(page.getByText('Inactive', { exact: true })).toBeVisible();

    // A step added while paused is marked new; saving keeps it.
    await addStep(page, 'Insert a step before End', 'Delay');
    await closeEditor(page);
    await expect(nodesOf(page, 'delay').getByText('New', { exact: true })).toBeVisible();
    await save.click();
    await expect(page.getByText('Your workflow has been saved successfully!').last()).toBeVisible();
    await expect(save).toBeDisabled();

    // Resume: reactivated, and the new marks are cleared.
    await page.getByRole('button', { name: 'Resume', exact: true }).click();
    await expect(page.getByText('Your workflow has been reactivated')).toBeVisible();
    await expect(page.getByText('Active', { exact: true })).toBeVisible();
    await expect(nodesOf(page, 'delay').getByText('New', { exact: true })).toHaveCount(0);

    // The session log (Ctrl+Shift+L) holds the save, publish and status machines' events and replays
    // to the same states.
    const downloading = page.waitForEvent('download');
    await page.keyboard.press('Control+Shift+L');
    const text = readFileSync(await (await downloading).path(), 'utf8');
    const log = parseEventLog(text);
    const events = log.entries.flatMap((entry) => (entry.kind === 'event' ? [entry.event.type] : []));
    for (const type of ['save.save', 'save.publish', 'status.pause', 'status.resume'])
      expect(events, `the log records ${type}`).toContain(type);
    const { steps, divergence } = await replayEventLog(log);
    expect(divergence, JSON.stringify(divergence)).toBeNull();
    expect(steps.length).toBe(log.entries.length);

    await page.reload();
    await expect(nodesOf(page, 'delay')).toHaveCount(1);
    await expect(page.getByText('Active', { exact: true })).toBeVisible();
    await expect(nodesOf(page, 'delay').getByText('New', { exact: true })).toHaveCount(0);
  });
});

test.describe('every trigger: build, save and publish (the first also pauses, resumes and reloads)', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, DEMO_LOGIN);
  });
  // Left active, these would enrol the contacts of the specs that send their emails (e2e/sendingLoop.spec.ts).
  const published = pausedAfterEachTest();

  for (const trigger of TRIGGERS) {
    test(trigger.name, async ({ page }) => {
      published.push(await createWorkflow(page, trigger, `Builder ${trigger.name} ${tag()}`));
      // A new workflow of this trigger: a draft whose header names the trigger (a share profile trigger
      // also names its share profile).
      await expect(
        page
          .getByRole('definition')
          .filter({ hasText: new RegExp(`^${trigger.name}$`) })
          .first(),
      ).toBeVisible();
      await expect(page.getByText('Draft', { exact: true })).toBeVisible();
      await addStep(page, 'Add the first step', 'Send email');
      await page
        .getByRole('radiogroup', { name: 'Emails' })
        .locator('label')
        .filter({ hasText: 'Design ready' })
        .getByRole('radio')
        .first()
        .click();
      await expect(page.getByRole('button', { name: 'Change email' })).toBeVisible();
      await closeEditor(page);
      await addStep(page, 'Add a step after Send email', 'End');
      await closeEditor(page);
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(page.getByText('Your workflow has been saved successfully!')).toBeVisible();

      await page.getByRole('button', { name: 'Publish', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Publish this workflow?' });
      await expect(dialog.getByText('Every step is ready to publish.')).toBeVisible();
      await dialog.getByRole('button', { name: 'Publish workflow' }).click();
      await expect(page.getByText('Your workflow has been published successfully!')).toBeVisible();
      await expect(page.getByText('Active', { exact: true })).toBeVisible();
      // Pause, resume and what the server holds do not depend on the trigger: once is enough (the life
      // cycle has its own test above).
      if (trigger !== TRIGGERS[0]) return;

      await pause(page);
      await page.getByRole('button', { name: 'Resume', exact: true }).click();
      await expect(page.getByText('Your workflow has been reactivated')).toBeVisible();

      // What the server now holds: active, with both steps.
      await page.reload();
      await expect(page.getByText('Active', { exact: true })).toBeVisible();
      await expect(nodesOf(page, 'sendEmail')).toHaveCount(1);
      await expect(nodesOf(page, 'end')).toHaveCount(1);
      await expect(page.getByText('The local draft differs from the saved version')).toHaveCount(0);
    });
  }
});
