import type { Page } from '@playwright/test';
import { newAccount, signIn, signUpThroughApi } from './support/authSteps.ts';
import { expectNoAxeViolations } from './support/axeChecks.ts';
import { expect, test } from './support/cspTest.ts';

/**
 * A new organisation's empty screens each say what to do next and link there. SCREENSHOTS_DIR also writes
 * each empty state at 1280 and 375 px.
 */
test.describe.configure({ timeout: 120_000 });

const shotsDir = process.env.SCREENSHOTS_DIR;

/** The screen's empty state (or states) and the ways on it offers: at least one link or button each. */
async function expectWayOn(page: Page, what: string): Promise<void> {
  const empty = page.locator('[data-state="empty"]');
  await expect(empty.first(), `${what}: an empty state`).toBeVisible();
  for (const state of await empty.all()) {
    if (!(await state.isVisible())) continue;
    const text = (await state.textContent()) ?? '';
    await expect(state.locator('a[href], button'), `${what}: a way on from “${text}”`).not.toHaveCount(0);
  }
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 375, height: 740 },
]) {
  test(`a new organisation's empty screens say what to do next and link there (${viewport.width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    const account = newAccount(`empty${viewport.width}`);
    await signUpThroughApi(page.request, account);
    await signIn(page, account, '/mailbox');

    const shot = async (name: string) => {
      if (shotsDir)
        await page.screenshot({ path: `${shotsDir}/empty-${name}-${viewport.width}.png`, fullPage: true });
    };

    // The mailbox: no contacts yet, and where to make them.
    const noContacts = page.getByRole('status').filter({ hasText: 'no contacts yet' });
    await expect(noContacts).toBeVisible();
    await expect(noContacts.getByRole('link', { name: 'Add a contact' })).toBeVisible();
    await expect(noContacts.getByRole('link', { name: 'Import contacts' })).toBeVisible();
    await expectWayOn(page, 'the mailbox');
    await shot('mailbox');
    if (viewport.width === 1280) await expectNoAxeViolations(page, 'the empty mailbox');
    await noContacts.getByRole('link', { name: 'Add a contact' }).click();
    await expect(page).toHaveURL(/\/audiences$/);
    await expect(page.getByRole('button', { name: 'Create contact' }).first()).toBeVisible();
    await expectWayOn(page, 'People');
    await shot('people');

    for (const [path, name] of [
      ['/audiences/accounts', 'accounts'],
      ['/audiences/forms', 'forms'],
      ['/content/favorites', 'favourites'],
      ['/content/myaccounts', 'my-accounts'],
      ['/content/previously_sent', 'previously-sent'],
    ] as const) {
      await page.goto(path);
      await expectWayOn(page, path);
      await shot(name);
    }
  });
}
