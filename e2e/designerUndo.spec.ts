import type { Page } from '@playwright/test';
import { seededRandom } from '../tests/helpers/seededRandom.ts';
import { expect, test } from './support/cspTest.ts';
import { openNewEdition } from './support/designerSteps.ts';

/**
 * The designer's undo is one history, newest first, one step at a time, the same from the toolbar and
 * from the keyboard wherever the focus is (in the text, on a toolbar button, or nowhere once a button it
 * was on is disabled): a seeded random walk of edits (typing in the intro text, adding a Button block),
 * toolbar Undo / Redo and Ctrl+Z / Shift+Ctrl+Z / Ctrl+Y, checked after every step against a model (a
 * stack of states), and the walk of the issue that found it.
 */

type State = { text: string; buttons: number };
type Step = 'type' | 'add' | 'undoToolbar' | 'redoToolbar' | 'undoKey' | 'redoKey';

/** What the designer must show: the state after each step, and whether Undo and Redo are possible. */
class Model {
  private readonly undone: State[] = [];
  private readonly redone: State[] = [];
  constructor(public state: State) {}
  get canUndo() {
    return this.undone.length > 0;
  }
  get canRedo() {
    return this.redone.length > 0;
  }
  edit(next: State) {
    this.undone.push(this.state);
    this.redone.length = 0;
    this.state = next;
  }
  /** Returns whether anything changed. */
  undo(): boolean {
    const previous = this.undone.pop();
    if (!previous) return false;
    this.redone.push(this.state);
    this.state = previous;
    return true;
  }
  redo(): boolean {
    const next = this.redone.pop();
    if (!next) return false;
    this.undone.push(this.state);
    this.state = next;
    return true;
  }
}

const intro = (page: Page) => page.getByRole('textbox', { name: 'Text', exact: true }).first();
const buttonBlocks = (page: Page) => page.locator('[data-testid="canvas-block"][data-kind="button"]');
const toolbarButton = (page: Page, name: 'Undo' | 'Redo') =>
  page.getByRole('button', { name, exact: true, description: new RegExp(`^${name} \\(`) });

async function expectShows(page: Page, model: Model, log: string[]) {
  const where = `after ${log.join(', ')}`;
  await expect(intro(page), where).toHaveText(model.state.text);
  await expect(buttonBlocks(page), where).toHaveCount(model.state.buttons);
  await expect(toolbarButton(page, 'Undo'), where).toBeEnabled({ enabled: model.canUndo });
  await expect(toolbarButton(page, 'Redo'), where).toBeEnabled({ enabled: model.canRedo });
}

async function typeInIntro(page: Page, words: string) {
  await intro(page).click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type(words);
}

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openNewEdition(page);
});

test('the walk of the issue: Undo, Redo in the toolbar, then Ctrl+Z takes back the button, not the text', async ({
  page,
}) => {
  const buttons = buttonBlocks(page);
  const before = await buttons.count();
  await typeInIntro(page, ' Typed first.');
  await expect(intro(page)).toContainText('Typed first.');
  await page.getByRole('button', { name: 'Add Button' }).click();
  await expect(buttons).toHaveCount(before + 1);
  await toolbarButton(page, 'Undo').click();
  await expect(buttons).toHaveCount(before);
  await toolbarButton(page, 'Redo').click();
  await expect(buttons).toHaveCount(before + 1);
  // Redo is disabled now: the focus it had is gone (on the page's body) when the key is pressed.
  await page.keyboard.press('Control+z');
  await expect(buttons).toHaveCount(before);
  await expect(intro(page)).toContainText('Typed first.');
  await toolbarButton(page, 'Undo').click();
  await expect(intro(page)).not.toContainText('Typed first.');
  await expect(buttons).toHaveCount(before);
  await expect(toolbarButton(page, 'Undo')).toBeDisabled();
});

for (const seed of [11, 23, 37]) {
  test(`random edits, undos and redos from the toolbar and the keyboard match the model (seed ${seed})`, async ({
    page,
  }) => {
    const next = seededRandom(seed);
    const model = new Model({
      text: (await intro(page).textContent()) ?? '',
      buttons: await buttonBlocks(page).count(),
    });
    const log: string[] = [];
    let lastEffective: Step | null = null;
    let words = 0;
    for (let index = 0; index < 24; index += 1) {
      const steps: Step[] = ['add', 'undoKey', 'redoKey'];
      // Two typings in a row would merge into one undo step (a burst of typing): something comes between.
      if (lastEffective !== 'type') steps.push('type', 'type');
      if (model.canUndo) steps.push('undoToolbar', 'undoToolbar');
      if (model.canRedo) steps.push('redoToolbar', 'redoToolbar');
      const step = steps[Math.floor(next() * steps.length)] as Step;
      let changed = true;
      if (step === 'type') {
        words += 1;
        const typed = ` w${words}`;
        await typeInIntro(page, typed);
        model.edit({ ...model.state, text: `${model.state.text}${typed}` });
      } else if (step === 'add') {
        await page.getByRole('button', { name: 'Add Button' }).click();
        model.edit({ ...model.state, buttons: model.state.buttons + 1 });
      } else if (step === 'undoToolbar') {
        await toolbarButton(page, 'Undo').click();
        model.undo();
      } else if (step === 'redoToolbar') {
        await toolbarButton(page, 'Redo').click();
        model.redo();
      } else if (step === 'undoKey') {
        await page.keyboard.press('Control+z');
        changed = model.undo();
      } else {
        await page.keyboard.press(next() < 0.5 ? 'Control+Shift+z' : 'Control+y');
        changed = model.redo();
      }
      if (changed) lastEffective = step;
      log.push(step);
      await expectShows(page, model, log);
    }
  });
}
