import { FEATURE_MISSING_TEXT } from '../domain/featureFlags.ts';
import { DEMO_LOGIN, OTHER_ORG_LOGIN } from '../server/seed/demoAccounts.ts';
import { signIn } from './support/authSteps.ts';
import { expectNoAxeViolations } from './support/axeChecks.ts';
import { expect, test } from './support/cspTest.ts';
import { designedEdition, listOfPeople } from './support/publishSteps.ts';

/**
 * A user whose plan leaves a feature out meets it explained, never as a button that fails (docs/
 * permissions.md): the second demo organisation's user (plan "basic": free, no permission flag) has no
 * Sales groups link, and the groups' address says why; a send answers with the not-premium popup; the
 * analytics export control is off with the reason beside it. The demo user (every flag) has them all.
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

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 375, height: 740 },
]) {
  test(`a free plan's send meets the not-premium popup at ${viewport.width} px`, async ({ page }) => {
    const name = `Free plan send ${viewport.width} ${Date.now().toString(36)}`;
    await signIn(page, OTHER_ORG_LOGIN, '/api/');
    const listId = await listOfPeople(page, name, 2);
    const edition = await designedEdition(page, name, { editionName: `${name} edition`, listIds: [listId] });
    await page.setViewportSize(viewport);
    await page.goto(edition.publishAddress);
    await expect(page.getByLabel('Subject')).toBeVisible();
    await page.getByLabel('Subject').fill('Free plan news');
    await expect(page.getByTestId('recipients-count')).toContainText(/will receive it/);
    await page.getByRole('button', { name: 'Send now' }).click();
    const popup = page.getByRole('dialog', { name: 'Sending is a premium feature' });
    const confirm = page.getByRole('dialog', { name: /Send it to \d+ (people|person) now\?/ });
    await expect(popup.or(confirm)).toBeVisible();
    if (await confirm.isVisible()) await confirm.getByRole('button', { name: 'Send now' }).click();
    await expect(popup).toBeVisible();
    await expect(popup).toContainText(/premium/i);
    await expectNoAxeViolations(page, `the not-premium popup at ${viewport.width} px`);
    const shots = process.env.SCREENSHOTS_DIR;
    if (shots) await page.screenshot({ path: `${shots}/send-not-premium-${viewport.width}.png` });
    await popup.getByRole('button', { name: 'OK' }).click();
    await expect(popup).toHaveCount(0);
  });

  test(`a free plan's analytics export is off with the reason at ${viewport.width} px`, async ({ page }) => {
    await page.setViewportSize(viewport);
    let exportCalls = 0;
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.postData()?.includes('export_analytics')) exportCalls += 1;
    });
    await signIn(page, OTHER_ORG_LOGIN, '/analytics');
    const control = page.getByRole('button', { name: /^Export / }).first();
    await expect(control).toBeVisible();
    await expect(control).toBeDisabled();
    await expect(page.getByText(FEATURE_MISSING_TEXT.premium).first()).toBeVisible();
    await expectNoAxeViolations(page, `the export gate at ${viewport.width} px`);
    const shots = process.env.SCREENSHOTS_DIR;
    if (shots)
      await page.screenshot({ path: `${shots}/export-not-premium-${viewport.width}.png`, fullPage: true });
    expect(exportCalls).toBe(0);
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
