import type { Locator, Page } from '@playwright/test';
import { DEMO_LOGIN } from '../server/seed/demoAccounts.ts';
import { automationTour } from '../src/modules/onboarding/tours/automationTour.ts';
import { campaignsTour } from '../src/modules/onboarding/tours/campaignsTour.ts';
import { contentExplorerTour } from '../src/modules/onboarding/tours/contentExplorerTour.ts';
import type { TourDefinition } from '../src/modules/onboarding/tours/TourDefinition.ts';
import { newAccount, openUserMenu, signIn } from './support/authSteps.ts';
import { expectNoAxeViolations } from './support/axeChecks.ts';
import { expect, test } from './support/cspTest.ts';
import { mailedLink } from './support/e2eFixtures.ts';

/**
 * The first run: a new sign-up lands on /welcome, takes the content explorer's tour with the keyboard only,
 * leaves it, and resumes it at the same step in another browser context (another device). And the tours'
 * callouts never cover the control they explain, at 1280 and at 375 px, measured on screen.
 */
test.describe.configure({ timeout: 120_000 });

type Box = { x: number; y: number; width: number; height: number };

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('no box: the element is not on screen');
  return box;
}

/** Presses Tab until `target` has the focus (the keyboard's way there), at most 60 times. */
async function tabTo(page: Page, target: Locator): Promise<void> {
  for (let presses = 0; presses < 60; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('Tab never reached the control');
}

const tourDialog = (page: Page, title: string) => page.getByRole('dialog', { name: title });
/** A button of the tour's callout (a page's own button may share its words: "…what comes next"). */
const tourButton = (page: Page, name: string) =>
  page.getByTestId('tour').getByRole('button', { name, exact: true });

/** The step shown: its callout is beside the control it explains (and the spotlight), never over it. */
async function expectCalloutBesideControl(page: Page, tour: TourDefinition, step: number): Promise<void> {
  const current = tour.steps[step];
  if (!current) throw new Error(`${tour.key} has no step ${step}`);
  const callout = tourDialog(page, current.title);
  await expect(callout).toBeVisible();
  const spotlight = page.getByTestId('tour-spotlight');
  await expect(spotlight).toBeVisible();
  // The spotlight has settled on the control (it glides there from the previous step).
  const control = page.locator(current.target).filter({ visible: true }).first();
  await expect
    .poll(async () => {
      const [light, target] = [await boxOf(spotlight), await boxOf(control)];
      return Math.abs(light.x + 4 - target.x) + Math.abs(light.y + 4 - target.y);
    })
    .toBeLessThan(1);
  const calloutBox = await boxOf(callout);
  const viewport = page.viewportSize();
  if (!viewport) throw new Error('no viewport');
  const what = `${tour.key} step ${step + 1} at ${viewport.width} px`;
  expect(overlaps(calloutBox, await boxOf(control)), `${what}: callout over its control`).toBe(false);
  expect(overlaps(calloutBox, await boxOf(spotlight)), `${what}: callout over the spotlight`).toBe(false);
  // The callout is whole inside the window.
  expect(calloutBox.x, what).toBeGreaterThanOrEqual(0);
  expect(calloutBox.y, what).toBeGreaterThanOrEqual(0);
  expect(calloutBox.x + calloutBox.width, what).toBeLessThanOrEqual(viewport.width);
  expect(calloutBox.y + calloutBox.height, what).toBeLessThanOrEqual(viewport.height);
}

test('a new sign-up lands on /welcome, walks a tour by keyboard, leaves it and resumes it elsewhere', async ({
  page,
  browser,
}) => {
  const account = newAccount('onboarding');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/auth/signup');
  await page.getByLabel('First name').fill(account.firstName);
  await page.getByLabel('Last name').fill(account.lastName);
  await page.getByLabel('Work email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByLabel('Organisation').fill('Onboarding Tests Ltd');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'No email was sent' })).toBeVisible();
  await page.goto(await mailedLink(account.email, '/auth/confirm-signup/'));
  await page.getByRole('button', { name: 'Create my account' }).click();

  // The first sign-in lands on the welcome page; the support chat is not shown there.
  await page.waitForURL('**/welcome');
  await expect(
    page.getByRole('heading', { name: `Welcome to Workbench, ${account.firstName}`, level: 1 }),
  ).toBeVisible();
  await expect(page.getByRole('list', { name: 'First steps' }).getByRole('listitem')).toHaveCount(4);
  await expect(page.getByRole('button', { name: 'Support chat' })).toHaveCount(0);
  await expectNoAxeViolations(page, 'the welcome page');

  // Keyboard only from here: Tab to the first step's tour and press Enter.
  const start = page.getByRole('button', { name: 'Take the tour: Content explorer' });
  await tabTo(page, start);
  await page.keyboard.press('Enter');
  await page.waitForURL('**/content/search');
  const steps = contentExplorerTour.steps;
  await expect(tourDialog(page, steps[0]?.title ?? '')).toBeVisible();
  await expect(tourButton(page, 'Next')).toBeFocused();
  await expectNoAxeViolations(page, 'a tour step');
  await page.keyboard.press('Enter');
  await expect(tourDialog(page, steps[1]?.title ?? '')).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(tourDialog(page, steps[2]?.title ?? '')).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await expect(tourDialog(page, steps[1]?.title ?? '')).toBeVisible();
  // Back by Tab and Enter, then Next again by Enter (the focus stays on the callout's buttons).
  await tabTo(page, tourButton(page, 'Back'));
  await page.keyboard.press('Enter');
  await expect(tourDialog(page, steps[0]?.title ?? '')).toBeVisible();
  await tabTo(page, tourButton(page, 'Next'));
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await expect(tourDialog(page, steps[2]?.title ?? '')).toBeVisible();

  // Escape leaves the tour at step 3; the page offers to resume it there.
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByText('You left the Content explorer tour at step 3 of 4.')).toBeVisible();
  // The step is kept by the server (the onboarding-step POST) before the other device opens the page.
  await expect
    .poll(async () => (await (await page.request.get('/api/user/user_data/')).json()).data.onboarding_steps)
    .toEqual({ content_explorer: 2 });

  // Another browser context (another device): the same step, resumed by keyboard.
  const other = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const otherPage = await other.newPage();
    await signIn(otherPage, account, '/content/search');
    await expect(otherPage.getByText('You left the Content explorer tour at step 3 of 4.')).toBeVisible();
    await tabTo(otherPage, otherPage.getByRole('button', { name: 'Resume the tour' }));
    await otherPage.keyboard.press('Enter');
    await expect(tourDialog(otherPage, steps[2]?.title ?? '')).toBeVisible();
    await expect(tourButton(otherPage, 'Next')).toBeFocused();
    await otherPage.keyboard.press('Enter');
    await expect(tourDialog(otherPage, steps[3]?.title ?? '')).toBeVisible();
    await expect(tourButton(otherPage, 'Finish')).toBeFocused();
    await otherPage.keyboard.press('Enter');
    await expect(otherPage.getByRole('dialog')).toHaveCount(0);
    // Finished: no offer any more, on either device.
    await expect(otherPage.getByText(/Content explorer tour/)).toHaveCount(0);
  } finally {
    await other.close();
  }
  await page.reload();
  await expect(page.getByRole('searchbox', { name: 'Search articles' })).toBeVisible();
  await expect(page.getByText(/Content explorer tour/)).toHaveCount(0);

  // The first visit is over: the next sign-in lands on the campaigns.
  const answer = await page.request.get('/api/user/user_data/');
  expect((await answer.json()).data.first_login_workbench).toBe(false);
});

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 375, height: 740 },
]) {
  test(`a tour's callout never covers the control it explains at ${viewport.width} px`, async ({ page }) => {
    await page.setViewportSize(viewport);
    for (const [tour, path, ready] of [
      [contentExplorerTour, '/content/search', 'main .article-card'],
      [campaignsTour, '/campaigns', 'main [data-testid="campaign-card"]'],
      [automationTour, '/automation', 'main .automation-name-cell__link'],
    ] as const) {
      await signIn(page, DEMO_LOGIN, path);
      await expect(page.locator(ready).first()).toBeVisible();
      // The user menu takes the page's tour (the demo account is not offered tours above its pages).
      await openUserMenu(page);
      await page.getByRole('menuitem', { name: new RegExp(`(Take|Resume) the ${tour.name} tour`) }).click();
      const callout = page.getByTestId('tour');
      for (let step = 0; step < tour.steps.length; step += 1) {
        if (step > 0) await callout.getByRole('button', { name: 'Next', exact: true }).click();
        await expectCalloutBesideControl(page, tour, step);
      }
      await callout.getByRole('button', { name: 'Finish', exact: true }).click();
      await expect(page.getByRole('dialog')).toHaveCount(0);
    }
  });
}
