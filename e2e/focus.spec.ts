import type { Locator, Page } from '@playwright/test';
import { DEMO_LOGIN } from '../server/seed/demoAccounts.ts';
import { DEMO_IDS } from '../server/seed/demoIds.ts';
import { signIn } from './support/authSteps.ts';
import { expect, test } from './support/cspTest.ts';

/** Presses Tab until `target` has focus (from the keyboard, as a person would reach it). */
async function tabTo(page: Page, target: Locator, most = 60): Promise<void> {
  for (let presses = 0; presses < most; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

type Ring = { width: string; style: string; color: string };
const ringOf = (element: Locator): Promise<Ring> =>
  element.evaluate((el) => {
    const style = getComputedStyle(el);
    return { width: style.outlineWidth, style: style.outlineStyle, color: style.outlineColor };
  });

test('every control shows the same 3 px focus ring as buttons and links: text fields, selects, canvas steps', async ({
  page,
}) => {
  await signIn(page, DEMO_LOGIN, '/automation');
  const create = page.getByRole('link', { name: 'Create workflow' });
  await tabTo(page, create);
  const ring = await ringOf(create);
  expect(ring).toMatchObject({ width: '3px', style: 'solid' });

  const search = page.getByLabel('Search workflows');
  await tabTo(page, search);
  expect(await ringOf(search)).toEqual(ring);

  await page.goto('/audiences');
  const sort = page.getByLabel('Sort by');
  await tabTo(page, sort);
  expect(await ringOf(sort)).toEqual(ring);

  // A step of the workflow canvas, reached with Tab.
  await page.goto(`/automation/details?workflow_id=${DEMO_IDS.newcomerWorkflowId}`);
  const step = page.locator('.react-flow__node.selectable').first();
  await expect(step).toBeVisible();
  await tabTo(page, step, 120);
  expect(await ringOf(step.locator('.builder-node'))).toEqual(ring);
});

test('a dialog focuses its first field, and gives focus back to the control that opened it', async ({
  page,
}) => {
  await signIn(page, DEMO_LOGIN, '/audiences');
  const createContact = page.getByRole('button', { name: 'Create contact' });
  await createContact.click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(createContact).toBeFocused();
  await createContact.click();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await expect(createContact).toBeFocused();
  await page.goto('/audiences/lists');
  const newList = page.getByRole('button', { name: 'New list' });
  await newList.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('textbox').first()).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(newList).toBeFocused();
});

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 375, height: 740 },
]) {
  test(`a form's first error gets the focus and is scrolled into view (create campaign, ${viewport.width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await signIn(page, DEMO_LOGIN, '/createcampaign');
    const create = page.getByRole('button', { name: 'Create campaign' });
    await create.scrollIntoViewIfNeeded();
    await create.click();
    const name = page.getByLabel('Campaign name');
    await expect(name).toBeFocused();
    await expect(name).toBeInViewport();
    await expect(page.getByText('Give the campaign a name.')).toBeInViewport();
  });
}
