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
  await expect(page.getByRole('heading', { name: 'Welcome to Workbench, Dana', level: 1 })).toBeVisible();
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

  // A smaller window (still wide enough for it to float) pulls it back inside.
  await page.setViewportSize({ width: 1150, height: 500 });
  await expect
    .poll(async () => {
      const moved = await box(launcher);
      return moved.y + moved.height <= 500 - MARGIN_Y + 0.5 && moved.x >= MARGIN_X - 0.5;
    })
    .toBe(true);
});

type Box = { x: number; y: number; width: number; height: number };
const intersects = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The boxes of the visible controls of the page's main area that the launcher's box overlaps. */
async function controlsUnder(page: Page, launcher: Locator): Promise<string[]> {
  const at = await box(launcher);
  const controls = page
    .getByRole('main')
    .locator('button, a[href], input, select, textarea, [role="button"]');
  const covered: string[] = [];
  for (const control of await controls.all()) {
    const found = await control.boundingBox();
    if (!found || found.width === 0 || !(await control.isVisible())) continue;
    if (intersects(at, found))
      covered.push((await control.getAttribute('aria-label')) ?? (await control.textContent()) ?? '');
  }
  return covered;
}

test('the launcher covers no control of the workflow list at 1280 px, and toasts keep clear of it', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, DEMO, '/automation');
  await expect(page.getByRole('button', { name: /^Resume / }).first()).toBeVisible();
  const launcher = page.getByTestId('support-launcher');
  // Still where the spec's margins put it: the bottom-right corner, 125 px by 110 px from the edges.
  const b = await expectInsideMargins(page, launcher);
  const width = await page.evaluate(() => document.documentElement.clientWidth);
  expect(Math.round(b.x + b.width)).toBe(width - MARGIN_X);
  expect(await controlsUnder(page, launcher)).toEqual([]);
  // Scrolled, the rows pass beside it, not under it; at the end the last row is clear of it too.
  for (const y of [300, 100_000]) {
    await page.mouse.wheel(0, y);
    await expect.poll(() => controlsUnder(page, launcher)).toEqual([]);
  }
  // Toasts stack to its left.
  const toasts = await page.getByRole('region', { name: 'Notifications' }).boundingBox();
  expect(toasts && toasts.x + toasts.width).toBeLessThanOrEqual(b.x);
});

test('on a phone the launcher docks in the top bar and covers nothing', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signIn(page, DEMO, '/automation');
  await expect(page.getByRole('button', { name: /^Clone / }).first()).toBeVisible();
  const launcher = page.getByTestId('support-launcher');
  const header = await page.getByRole('banner').boundingBox();
  const b = await box(launcher);
  expect(header && b.y >= header.y && b.y + b.height <= header.y + header.height).toBe(true);
  expect(b.x + b.width).toBeLessThanOrEqual(375);
  expect(await controlsUnder(page, launcher)).toEqual([]);
  await page.mouse.wheel(0, 1500);
  await expect.poll(() => controlsUnder(page, launcher)).toEqual([]);

  // It opens the chat under the bar, inside the window, and closes it again.
  await launcher.click();
  const panel = await box(page.getByTestId('support-panel'));
  expect(panel.x).toBeGreaterThanOrEqual(0);
  expect(panel.x + panel.width).toBeLessThanOrEqual(375);
  expect(panel.y).toBeGreaterThanOrEqual(b.y + b.height);
  expect(panel.y + panel.height).toBeLessThanOrEqual(740);
  await page.getByTestId('support-panel').getByRole('button', { name: 'Close support chat' }).click();
  await expect(page.getByTestId('support-panel')).toHaveCount(0);
  await expect(launcher).toBeFocused();
});

test('a message sent from the widget reaches the internal admins’ inbox', async ({ page, browser }) => {
  const text = `Help with exports ${Date.now().toString(36)}`;
  await signIn(page, DEMO, '/import');
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
