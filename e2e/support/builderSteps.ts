import type { Page } from '@playwright/test';

/** Steps on the workflow builder's canvas shared by the builder specs. */
export const canvas = (page: Page) => page.getByRole('region', { name: 'Workflow steps' });
export const nodesOf = (page: Page, type: string) => canvas(page).locator(`.react-flow__node-${type}`);

/** Opens the "+" of a slot (by its accessible name) and picks a step kind from the menu. */
export async function addStep(page: Page, slot: string | RegExp, kind: string): Promise<void> {
  await canvas(page).getByRole('button', { name: slot }).first().click();
  await page
    .getByRole('menu', { name: 'Add a step' })
    .getByRole('menuitem', { name: kind, exact: true })
    .click();
}

export async function closeEditor(page: Page): Promise<void> {
  const close = page.getByRole('button', { name: /^Close the .* editor$/ });
  if (await close.isVisible()) await close.click();
}

export async function nodeAction(page: Page, title: string, action: string): Promise<void> {
  await canvas(page)
    .getByRole('button', { name: `Actions for ${title}` })
    .first()
    .click();
  await page
    .getByRole('menu', { name: `Actions for ${title}` })
    .getByRole('menuitem', { name: action, exact: true })
    .click();
}
