import { DEMO_LOGIN } from '../server/seed/demoAccounts.ts';
import { analyticsAnswer } from './support/analyticsSteps.ts';
import { signIn } from './support/authSteps.ts';
import { expectNoAxeViolations } from './support/axeChecks.ts';
import { expect, test } from './support/cspTest.ts';

/**
 * The analytics trends, emails and workflows sections against the real server and the demo data, at 1280
 * and 375 px, checked with axe: the trends draw what the service counts, switch metric, show a table and
 * are read with the keyboard; the emails and workflows sections list the service's rows.
 */
test.describe.configure({ timeout: 120_000 });

type TrendLevel = { x_axis: string[]; data: Record<string, number[]> };

const formatted = (n: number) => n.toLocaleString('en-US');
const sum = (values: number[] | undefined) => (values ?? []).reduce((a, b) => a + b, 0);

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 375, height: 740 },
]) {
  test(`the demo trends at ${viewport.width} px draw the service's numbers, switch metric, show a table and read with the keyboard`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await signIn(page, DEMO_LOGIN, '/analytics/trends');
    const chart = page.getByTestId('analytics-trend-chart');
    await expect(chart).toBeVisible();
    const { data } = await analyticsAnswer(page, 'email_trends_graph');
    const zoom: string = data.zoom_level;
    const level = data[zoom] as TrendLevel;
    expect(sum(level.data.total_opens)).toBeGreaterThan(0);
    await expect(page.getByLabel('Show by')).toHaveValue(zoom);
    await expect(chart).toHaveAttribute(
      'aria-label',
      new RegExp(
        `^Total opens and total open rate per \\w+ from ${level.x_axis[0]} to .*: ${formatted(sum(level.data.total_opens))} total opens\\.$`,
      ),
    );
    // The keyboard: Tab from the view choice reaches the chart; the arrows read each bucket.
    const plot = page.getByRole('group', { name: /^Chart: use the arrow keys to read each/ });
    await page.getByRole('button', { name: 'Table' }).focus();
    await page.keyboard.press('Tab');
    await expect(plot).toBeFocused();
    await page.keyboard.press('ArrowRight');
    const readout = page.getByTestId('analytics-trend-chart-readout');
    await expect(readout).toContainText(`${formatted(level.data.total_opens?.[0] ?? -1)} total opens`);
    await page.keyboard.press('End');
    await expect(readout).toContainText(`${formatted(level.data.total_opens?.at(-1) ?? -1)} total opens`);
    await expect(readout).toHaveAttribute('aria-live', 'polite');
    // Another metric: the unique clicks.
    await page.getByLabel('Metric').selectOption('unique_clicks');
    await expect(chart).toHaveAttribute(
      'aria-label',
      new RegExp(`: ${formatted(sum(level.data.unique_clicks))} unique clicks?\\.$`),
    );
    await expectNoAxeViolations(page, `the email trends at ${viewport.width} px`);
    // The same numbers as a table, a row per bucket.
    await page.getByRole('button', { name: 'Table' }).click();
    await expect(page.getByTestId('analytics-trends-row')).toHaveCount(level.x_axis.length);
    await expectNoAxeViolations(page, `the email trends table at ${viewport.width} px`);
    // The click trends.
    await page.getByRole('link', { name: 'Click trends' }).click();
    await expect(page).toHaveURL(/\/analytics\/trends\/click_trends_graph/);
    await expect(page.getByLabel('Metric')).toHaveValue('total_clicks');
    const clicks = await analyticsAnswer(page, 'click_trends_graph');
    const clickLevel = clicks.data[clicks.data.zoom_level] as TrendLevel;
    await expect(page.getByTestId('analytics-trend-chart')).toHaveAttribute(
      'aria-label',
      new RegExp(`: ${formatted(sum(clickLevel.data.total_clicks))} total clicks?\\.$`),
    );
    await expectNoAxeViolations(page, `the click trends at ${viewport.width} px`);
  });

  test(`the demo emails and workflows sections at ${viewport.width} px list the service's rows`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await signIn(page, DEMO_LOGIN, '/analytics/emails');
    const emails = await analyticsAnswer(page, 'dashboard_email_graph', { limit: '20' });
    expect(emails.total_count).toBeGreaterThan(0);
    const firstEmail = page.getByTestId('analytics-email-row').first();
    await expect(firstEmail).toContainText(emails.data[0].email_name);
    await expect(page.getByTestId('analytics-email-row')).toHaveCount(Math.min(20, emails.total_count));
    await expectNoAxeViolations(page, `the emails section at ${viewport.width} px`);
    await page.getByRole('link', { name: 'Workflows', exact: true }).click();
    await expect(page).toHaveURL(/\/analytics\/workflows/);
    await expect(page.getByTestId('analytics-workflows-period')).toHaveText('All time');
    const csrf = await page.evaluate(() => localStorage.getItem('csrf_token') ?? '');
    const response = await page.request.post('/api/analytics/dashboard_workflow_graph/', {
      headers: { 'x-csrftoken': csrf },
      form: { is_workflow: '1', limit: '20' },
    });
    const workflows = await response.json();
    if (workflows.total_count > 0) {
      await expect(page.getByTestId('analytics-workflow-row')).toHaveCount(
        Math.min(20, workflows.total_count),
      );
      await expect(page.getByTestId('analytics-workflow-row').first()).toContainText(
        workflows.data[0].workflow_name,
      );
    } else {
      await expect(page.getByText('No workflow has sent an email yet')).toBeVisible();
    }
    await expectNoAxeViolations(page, `the workflows section at ${viewport.width} px`);
  });
}
