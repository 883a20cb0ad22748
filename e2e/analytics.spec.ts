import { abbreviateNumber } from '../domain/abbreviateNumber.ts';
import { DEMO_LOGIN } from '../server/seed/demoAccounts.ts';
import { analyticsAnswer, dashboardStats, formatted } from './support/analyticsSteps.ts';
import { newAccount, signIn, signUpThroughApi } from './support/authSteps.ts';
import { expectNoAxeViolations } from './support/axeChecks.ts';
import { expect, test } from './support/cspTest.ts';

/**
 * The analytics area against the real server: the demo organisation's dashboard agrees with the service,
 * at 1280 and 375 px, checked with axe; a new organisation's dashboard says what to do next.
 */
test.describe.configure({ timeout: 90_000 });

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 375, height: 740 },
]) {
  test(`the demo dashboard at ${viewport.width} px shows the service's numbers, graphs and trends`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await signIn(page, DEMO_LOGIN, '/analytics');
    await expect(page.getByRole('heading', { name: 'Analytics', level: 1 })).toBeVisible();
    const stats = page.getByTestId('analytics-stats');
    await expect(stats).toBeVisible();
    const expected = await dashboardStats(page);
    expect(expected.sent).toBeGreaterThan(0);
    for (const key of ['sent', 'delivered', 'unique_opens', 'unique_clicks']) {
      await expect(stats.locator(`[data-stat="${key}"]`)).toContainText(formatted(expected[key] ?? -1));
    }
    await expect(page.getByTestId('analytics-campaign-graph').getByRole('listitem').first()).toBeVisible();
    await expect(page.getByTestId('analytics-email-graph').getByRole('listitem').first()).toBeVisible();
    await expect(page.getByLabel('Show by')).toHaveValue(/weekly|monthly/);
    await expect(page.getByTestId('analytics-trends-chart')).toBeVisible();
    await expectNoAxeViolations(page, `the analytics dashboard at ${viewport.width} px`);
  });
}

test('the filter counts one campaign once applied, keeps it in the address, and Back undoes it', async ({
  page,
}) => {
  await signIn(page, DEMO_LOGIN, '/analytics');
  await expect(page.getByTestId('analytics-stats')).toBeVisible();
  const summary = page.getByTestId('analytics-filter-summary');
  await expect(summary).toHaveText(/1 QTR.*All campaigns.*All emails/);
  await page.getByRole('button', { name: 'Filter', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Filter analytics' });
  await dialog.getByRole('checkbox', { name: 'Spring Product Launch' }).check();
  await expect(dialog.getByRole('tab', { name: 'Campaigns (1)' })).toBeVisible();
  await expectNoAxeViolations(page, 'the analytics filter');
  await dialog.getByRole('tab', { name: 'Emails' }).click();
  await expect(dialog.getByRole('button', { name: 'Select all', exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Apply filter' }).click();
  await expect(summary).toHaveText(/1 campaign/);
  await expect(page).toHaveURL(/campaign_id=\d+/);
  const campaignId = new URL(page.url()).searchParams.get('campaign_id') ?? '';
  const graph = page.getByTestId('analytics-campaign-graph');
  await expect(graph.getByRole('listitem')).toHaveCount(1);
  await expect(graph).toContainText('Spring Product Launch');
  const expected = await dashboardStats(page, { campaign_ids: campaignId });
  await expect(page.getByTestId('analytics-stats').locator('[data-stat="sent"]')).toContainText(
    formatted(expected.sent ?? -1),
  );
  // A report is a link: the address opens the same filter.
  await page.reload();
  await expect(summary).toHaveText(/1 campaign/);
  await page.goBack();
  await expect(summary).toHaveText(/All campaigns/);
});

test('an email choice made with a search is saved as fs_id, and its link shows the same report elsewhere', async ({
  page,
  browser,
}) => {
  await signIn(page, DEMO_LOGIN, '/analytics');
  await expect(page.getByTestId('analytics-stats')).toBeVisible();
  await page.getByRole('button', { name: 'Filter', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Filter analytics' });
  await dialog.getByRole('tab', { name: 'Emails' }).click();
  await dialog.getByRole('button', { name: 'Clear all', exact: true }).click();
  await dialog.getByLabel('Search emails').fill('launch');
  await dialog.getByRole('button', { name: 'Select all matching “launch”' }).click();
  await dialog.getByRole('button', { name: 'Apply filter' }).click();
  const summary = page.getByTestId('analytics-filter-summary');
  await expect(summary).toHaveText(/all matching “launch”/);
  await expect(page).toHaveURL(/fs_id=\d+/);
  // The service's count of the same selection: every email matching "launch".
  const expected = await dashboardStats(page, {
    unselect_all: '1',
    search_list: JSON.stringify([{ term: 'launch', select_all: true, email_ids: [] }]),
  });
  const sent = formatted(expected.sent ?? -1);
  await expect(page.getByTestId('analytics-stats').locator('[data-stat="sent"]')).toContainText(sent);
  const link = page.url();

  const other = await browser.newContext({ baseURL: new URL(link).origin });
  const colleague = await other.newPage();
  try {
    await signIn(colleague, DEMO_LOGIN, new URL(link).pathname + new URL(link).search);
    await expect(colleague.getByTestId('analytics-filter-summary')).toHaveText(/all matching “launch”/);
    await expect(colleague.getByTestId('analytics-stats').locator('[data-stat="sent"]')).toContainText(sent);
  } finally {
    await other.close();
  }
});

test('the campaigns report lists the campaigns with the service’s numbers, searched by name', async ({
  page,
}) => {
  await signIn(page, DEMO_LOGIN, '/analytics');
  await expect(page.getByTestId('analytics-stats')).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Analytics sections' })
    .getByRole('link', { name: 'Campaigns' })
    .click();
  await expect(page).toHaveURL(/\/analytics\/campaigns-assets/);
  const rows = page.getByTestId('analytics-campaign-row');
  const spring = rows.filter({ hasText: 'Spring Product Launch' });
  await expect(spring).toHaveCount(1);
  const csrf = await page.evaluate(() => localStorage.getItem('csrf_token') ?? '');
  const answer = await page.request.post('/api/analytics/campaigns_analytics/', {
    headers: { 'x-csrftoken': csrf },
    form: { search_campaign: 'Spring Product Launch', user_tz: 'UTC' },
  });
  const row = (await answer.json()).data[0] as { total_sent: number; unique_opens: number };
  // Counts show in their short form (K, M, B), the exact figure as the tooltip.
  await expect(spring).toContainText(abbreviateNumber(row.total_sent));
  await expect(spring.locator(`[title="${formatted(row.total_sent)}"]`).first()).toBeVisible();
  await expectNoAxeViolations(page, 'the campaigns report at 1280 px');
  await page.getByLabel('Search campaigns').fill('insights');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Quarterly Insights Digest');
  await expect(page).toHaveURL(/q=insights/);
  await page.setViewportSize({ width: 375, height: 740 });
  await expect(rows.first()).toBeVisible();
  await expectNoAxeViolations(page, 'the campaigns report at 375 px');
});

test('a new organisation’s dashboard says nothing was sent and leads to Campaigns', async ({ page }) => {
  const account = newAccount('analytics');
  await signUpThroughApi(page.request, account);
  await signIn(page, account, '/analytics/dashboard');
  await expect(page.getByRole('heading', { name: 'No emails sent in this period' })).toBeVisible();
  await expectNoAxeViolations(page, 'the empty analytics dashboard');
  await page.getByRole('link', { name: 'Go to Campaigns' }).click();
  await expect(page).toHaveURL(/\/campaigns$/);
});
