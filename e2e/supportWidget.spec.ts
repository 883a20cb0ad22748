import type { Locator, Page } from '@playwright/test';
import { openUserMenu, signIn } from './support/authSteps.ts';
import { expectNoAxeViolations } from './support/axeChecks.ts';
import { expect, test } from './support/cspTest.ts';
import { adminLogin } from './support/e2eFixtures.ts';

const DEMO = { email: 'demo@workbench.test', password: 'Demo-Password-2026' };
const MARGIN_X = 125;
const MARGIN_Y = 110;

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error('the support launcher has no box');
  return found;
}

/** Drags the launcher by the mouse to (x, y) of the window (in small steps, as a person would). */
async function dragTo(page: Page, launcher: Locator, x: number, y: number) {
  const from = await box(launcher);
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(x, y, { steps: 12 });
  await page.mouse.up();
}

async function expectInsideMargins(page: Page, launcher: Locator) {
  const viewport = page.viewportSize();
  if (!viewport) throw new Error('no viewport');
  const b = await box(launcher);
  expect(b.x).toBeGreaterThanOrEqual(MARGIN_X - 0.5);
  expect(b.y).toBeGreaterThanOrEqual(MARGIN_Y - 0.5);
  expect(b.x + b.width).toBeLessThanOrEqual(viewport.width - MARGIN_X + 0.5);
  expect(b.y + b.height).toBeLessThanOrEqual(viewport.height - MARGIN_Y + 0.5);
  return b;
}

test('the support widget is shown on signed-in pages but not on /welcome', async ({ page }) => {
  await signIn(page, DEMO);
  const launcher = page.getByTestId('support-launcher');
  await expect(launcher).toBeVisible();
  await page.goto('/welcome');
  await expect(page.getByRole('heading', { name: 'Welcome', exact: true })).toBeVisible();
  await expect(launcher).toHaveCount(0);
  await page.goto('/import');
  await expect(launcher).toBeVisible();
});

test('the support widget stays inside its margins when dragged past every edge', async ({ page }) => {
  await signIn(page, DEMO);
  const launcher = page.getByTestId('support-launcher');
  await expect(launcher).toBeVisible();
  const viewport = page.viewportSize();
  if (!viewport) throw new Error('no viewport');
  await expectInsideMargins(page, launcher);

  await dragTo(page, launcher, 2, 2);
  let b = await expectInsideMargins(page, launcher);
  expect(Math.round(b.x)).toBe(MARGIN_X);
  expect(Math.round(b.y)).toBe(MARGIN_Y);
  // A drag is not a press: the panel stayed closed.
  await expect(page.getByTestId('support-panel')).toHaveCount(0);

  await dragTo(page, launcher, viewport.width - 2, viewport.height - 2);
  b = await expectInsideMargins(page, launcher);
  expect(Math.round(b.x + b.width)).toBe(viewport.width - MARGIN_X);
  expect(Math.round(b.y + b.height)).toBe(viewport.height - MARGIN_Y);

  await dragTo(page, launcher, 2, viewport.height - 2);
  b = await expectInsideMargins(page, launcher);
  expect(Math.round(b.x)).toBe(MARGIN_X);
  expect(Math.round(b.y + b.height)).toBe(viewport.height - MARGIN_Y);

  await dragTo(page, launcher, viewport.width - 2, 2);
  b = await expectInsideMargins(page, launcher);
  expect(Math.round(b.x + b.width)).toBe(viewport.width - MARGIN_X);
  expect(Math.round(b.y)).toBe(MARGIN_Y);

  // The keyboard moves it too, and stops at the margin.
  await launcher.focus();
  for (let i = 0; i < 30; i += 1) await page.keyboard.press('Shift+ArrowLeft');
  b = await expectInsideMargins(page, launcher);
  expect(Math.round(b.x)).toBe(MARGIN_X);

  // A smaller window pulls it back inside.
  await page.setViewportSize({ width: 700, height: 500 });
  await expect
    .poll(async () => {
      const moved = await box(launcher);
      return moved.y + moved.height <= 500 - MARGIN_Y + 0.5 && moved.x >= MARGIN_X - 0.5;
    })
    .toBe(true);
});

test('a message sent from the widget reaches the internal admins’ inbox', async ({ page, browser }) => {
  const text = `Help with exports ${Date.now().toString(36)}`;
  await signIn(page, DEMO);
  await page.goto('/import');
  await page.getByTestId('support-launcher').click();
  const panel = page.getByTestId('support-panel');
  await expect(panel.getByRole('heading', { name: 'Support' })).toBeVisible();
  await panel.getByRole('button', { name: 'Send' }).click();
  await expect(panel.getByTestId('support-status')).toHaveText('Write a message first.');
  await panel.getByLabel('Message to support').fill(text);
  await panel.getByRole('button', { name: 'Send' }).click();
  await expect(panel.getByTestId('support-status')).toHaveText('Sent');
  await expect(panel.getByTestId('support-messages')).toContainText(text);
  await expect(panel.getByLabel('Message to support')).toHaveValue('');
  await expectNoAxeViolations(page, 'the import screen with the open support chat');

  // The history survives a reload (it comes from the server).
  await page.reload();
  await page.getByTestId('support-launcher').click();
  await expect(page.getByTestId('support-messages')).toContainText(text);

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, adminLogin());
  await openUserMenu(admin);
  await admin.getByRole('menuitem', { name: 'Support messages' }).click();
  await admin.waitForURL('**/admin/support');
  const inbox = admin.getByTestId('support-inbox');
  await expect(inbox).toContainText(text);
  await expect(inbox.getByRole('listitem').filter({ hasText: text })).toContainText('demo@workbench.test');
  await expect(inbox.getByRole('listitem').filter({ hasText: text })).toContainText('/import');
  await expectNoAxeViolations(admin, 'the support inbox');
  await adminContext.close();
});

test('an ordinary user has no support inbox', async ({ page }) => {
  await signIn(page, DEMO);
  await openUserMenu(page);
  await expect(page.getByRole('menuitem', { name: 'Sign out' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Support messages' })).toHaveCount(0);
});
