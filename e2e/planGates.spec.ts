import { FEATURE_MISSING_TEXT } from '../domain/featureFlags.ts';
import { DEMO_LOGIN, OTHER_ORG_LOGIN } from '../server/seed/demoAccounts.ts';
import { signIn } from './support/authSteps.ts';
import { expectNoAxeViolations } from './support/axeChecks.ts';
import { expect, test } from './support/cspTest.ts';

/**
 * A user whose plan leaves a feature out meets it explained, never as a button that fails (docs/
 * permissions.md): the second demo organisation's user (plan "basic", no permission flag) has no Sales
 * groups link, and the groups' address says why; the demo user (every flag) has both.
 */
for (const viewport of [
  { width: 1280, height: 800 },
  { width: 375, height: 740 },
]) {
  test(`sales groups without sales usage at ${viewport.width} px: no link, and the address explains`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    let groupCalls = 0;
    page.on('request', (request) => {
      if (request.url().includes('/api/audience/groups_listing/')) groupCalls += 1;
    });
    await signIn(page, OTHER_ORG_LOGIN, '/audiences');
    const nav = page.getByRole('navigation', { name: 'Audience sections' });
    await expect(nav.getByRole('link', { name: 'People' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Sales groups' })).toHaveCount(0);

    await page.goto('/audiences/groups');
    await expect(page.getByRole('heading', { name: 'Sales groups are not in your plan' })).toBeVisible();
    await expect(page.getByText(FEATURE_MISSING_TEXT.sales_usage)).toBeVisible();
    await expectNoAxeViolations(page, `sales groups not in the plan at ${viewport.width} px`);
    const shots = process.env.SCREENSHOTS_DIR;
    if (shots)
      await page.screenshot({ path: `${shots}/groups-not-in-plan-${viewport.width}.png`, fullPage: true });
    expect(groupCalls).toBe(0);
  });
}

test('with sales usage the Sales groups link is there and opens the groups', async ({ page }) => {
  await signIn(page, DEMO_LOGIN, '/audiences');
  await page
    .getByRole('navigation', { name: 'Audience sections' })
    .getByRole('link', { name: 'Sales groups' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sales groups' })).toBeVisible();
});
