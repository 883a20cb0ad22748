import { DEMO_LOGIN } from '../server/seed/demoAccounts.ts';
import { signIn } from './support/authSteps.ts';
import { expect, test } from './support/cspTest.ts';

test.use({ viewport: { width: 375, height: 740 } });

/** The phone's navigation menu: a dimmed page behind it, focus kept inside, Escape and the scrim close it. */
test('the phone navigation menu dims the page, keeps focus, and closes on Escape or on the dimmed page', async ({
  page,
}) => {
  await signIn(page, DEMO_LOGIN);
  const open = page.getByRole('button', { name: 'Open navigation' });
  const nav = page.getByRole('navigation', { name: 'Main' });
  const scrim = page.getByTestId('nav-scrim');
  await expect(scrim).toHaveCount(0);

  await open.click();
  await expect(nav.getByRole('link', { name: 'Automation' })).toBeVisible();
  // The page below the bar is covered by the dimming layer: a press there reaches it, not the page.
  await expect(scrim).toBeVisible();
  const hit = await page.evaluate(() => document.elementFromPoint(187, 700)?.getAttribute('data-testid'));
  expect(hit).toBe('nav-scrim');
  expect(await scrim.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgba(0, 13, 56, 0.5)');

  // Tab and Shift+Tab go round the menu button and the menu's links, never out to the page.
  const links = await nav.getByRole('link').count();
  const close = page.getByRole('button', { name: 'Close navigation' });
  await close.focus();
  for (let i = 0; i < links + 2; i += 1) {
    await page.keyboard.press('Tab');
    const inside = await page.evaluate(
      () => document.activeElement?.closest('nav[aria-label="Main"], .topbar__menu-button') !== null,
    );
    expect(inside).toBe(true);
  }
  await close.focus();
  await page.keyboard.press('Shift+Tab');
  await expect(nav.getByRole('link').last()).toBeFocused();

  // Escape closes it and gives focus back to the menu button.
  await page.keyboard.press('Escape');
  await expect(nav.getByRole('link', { name: 'Automation' })).toBeHidden();
  await expect(scrim).toHaveCount(0);
  await expect(open).toBeFocused();

  // A press on the dimmed page closes it and does nothing else.
  const url = page.url();
  await open.click();
  await expect(scrim).toBeVisible();
  await page.mouse.click(187, 700);
  await expect(scrim).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Automation' })).toBeHidden();
  expect(page.url()).toBe(url);
});
