import { DEMO_LOGIN } from '../server/seed/demoAccounts.ts';
import { signIn } from './support/authSteps.ts';
import { expectNoAxeViolations } from './support/axeChecks.ts';
import { expect, test } from './support/cspTest.ts';

/**
 * The Accounts report, the account dashboard and content by article against the real server, on the
 * demo organisation's data, at 1280 and 375 px, checked with axe.
 */
test.describe.configure({ timeout: 90_000 });

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 375, height: 740 },
]) {
  test(`at ${viewport.width} px an account's dashboard opens from the accounts report and Back returns to the same page`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await signIn(page, DEMO_LOGIN, '/analytics/accounts?date=all');
    await expect(page.getByRole('heading', { name: 'Accounts', exact: true, level: 2 })).toBeVisible();
    const rows = page.getByTestId('analytics-account-row');
    await expect(rows.first()).toBeVisible();
    await expectNoAxeViolations(page, `the accounts report at ${viewport.width} px`);
    // The second page when there is one, so Back has a page to return to.
    const more = page.getByRole('button', { name: /Show more/ });
    let at = 0;
    if (await more.isVisible()) {
      await more.click();
      await expect(page).toHaveURL(/offset=20/);
      await expect(rows.nth(20)).toBeVisible();
      at = 20;
    }
    const row = rows.nth(at);
    const link = row.getByTestId('account-dashboard-link');
    const name = (await link.textContent()) ?? '';
    const listAddress = page.url();
    await link.click();
    await expect(page).toHaveURL(/\/analytics\/accounts\/dashboard\?.*account_id=\d+/);
    await expect(page.getByTestId('analytics-account-name')).toHaveText(name);
    await expect(page.getByTestId('analytics-stats')).toBeVisible();
    await expect(page.getByTestId('account-contact-row').first()).toBeVisible();
    await expect(page.getByTestId('account-email-row').first()).toBeVisible();
    await expectNoAxeViolations(page, `the account dashboard at ${viewport.width} px`);
    await page.getByTestId('dashboard-back').click();
    await expect(page).toHaveURL(listAddress);
    await expect(rows.nth(at).getByTestId('account-dashboard-link')).toHaveText(name);
  });

  test(`at ${viewport.width} px content by article shows the articles with the contacts who clicked them`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await signIn(page, DEMO_LOGIN, '/analytics/content?date=all');
    await expect(page.getByRole('heading', { name: 'Content by article', level: 2 })).toBeVisible();
    const first = page.getByTestId('analytics-article-row').first();
    await expect(first).toBeVisible();
    await expect(page.getByTestId('analytics-content-summary')).toContainText('clicked');
    const thumbnails = first.locator('.analytics-thumbnail');
    expect(await thumbnails.count()).toBeGreaterThan(0);
    expect(await thumbnails.count()).toBeLessThanOrEqual(5);
    await expectNoAxeViolations(page, `content by article at ${viewport.width} px`);
    const href = (await thumbnails.first().getAttribute('href')) ?? '';
    const target = new URL(href, page.url());
    expect(target.pathname).toBe('/analytics/contacts/dashboard');
    expect(target.searchParams.get('contact_id')).toMatch(/^\d+$/);
    expect(target.searchParams.get('back_url')).toBe('/analytics/content?date=all');
  });
}
