import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Route } from '@playwright/test';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { parseEventLog } from '../machines/parseEventLog.ts';
import { replayEventLog } from '../machines/replay.ts';
import { DEMO_LOGIN, OTHER_ORG_LOGIN } from '../server/seed/demoAccounts.ts';
import { dashboardStats, formatted } from './support/analyticsSteps.ts';
import { signIn } from './support/authSteps.ts';
import { expectNoAxeViolations } from './support/axeChecks.ts';
import { expect, test } from './support/cspTest.ts';
import { adminLogin } from './support/e2eFixtures.ts';
import { refreshMailboxUntil, searchMailbox, subscribedContactFromEnd } from './support/mailboxSteps.ts';

/**
 * The analytics walk a new user takes: a send, an open and a click from the demo mailbox move the
 * dashboard within seconds and agree with the mailbox; a saved filter's link shows the same report to a
 * colleague and nothing to another organisation; an export arrives by mail and its file holds the report.
 */
test.describe.configure({ timeout: 120_000 });

test('a send, an open and a click from the demo mailbox move the dashboard within seconds', async ({
  page,
  context,
}, testInfo) => {
  await context.route(/^https:\/\/[^/]*\.(test|example)\//, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>Landed on the original link</h1>' }),
  );
  await signIn(page, DEMO_LOGIN, '/mailbox');
  await expect(page.getByRole('heading', { name: 'Demo mailbox' })).toBeVisible();
  const { value, address } = await subscribedContactFromEnd(page, 4, testInfo.retry);
  await page.getByLabel('Contact', { exact: true }).selectOption(value);
  const emailId = await page.getByLabel('Email', { exact: true }).inputValue();
  const only = { include_emails: `[${emailId}]`, unselect_all: '1' };
  const before = await dashboardStats(page, only);

  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByText(/Queued: it shows in the list below/)).toBeVisible();
  await searchMailbox(page, address);
  const row = page.getByRole('row').filter({ hasText: address }).first();
  await refreshMailboxUntil(page, () => expect(row.getByText('Delivered')).toBeVisible({ timeout: 1000 }));
  await row.getByRole('button').click();
  const frame = page.frameLocator('iframe[title^="Email: "]');
  await expect(frame.locator('img[src*="/t/o/"]')).toHaveCount(1);
  const link = frame.getByRole('link').first();
  const popupPromise = context.waitForEvent('page');
  await link.click();
  const popup = await popupPromise;
  await expect(popup.getByRole('heading', { name: 'Landed on the original link' })).toBeVisible();
  await popup.close();
  let opens = 0;
  await refreshMailboxUntil(page, async () => {
    await expect(row.getByTestId('mailbox-clicks')).toHaveText('1', { timeout: 1000 });
    opens = Number(await row.getByTestId('mailbox-opens').textContent());
    expect(opens).toBeGreaterThan(0);
  });

  // Within seconds the service's numbers of that email moved by exactly what the mailbox shows.
  await expect
    .poll(
      async () => {
        const after = await dashboardStats(page, only);
        return {
          sent: (after.sent ?? 0) - (before.sent ?? 0),
          delivered: (after.delivered ?? 0) - (before.delivered ?? 0),
          opens: (after.opens ?? 0) - (before.opens ?? 0),
          clicks: (after.clicks ?? 0) - (before.clicks ?? 0),
        };
      },
      { timeout: 10_000 },
    )
    .toEqual({ sent: 1, delivered: 1, opens, clicks: 1 });
  // And the dashboard shows them.
  const after = await dashboardStats(page);
  await page.goto('/analytics');
  const stats = page.getByTestId('analytics-stats');
  for (const key of ['sent', 'opens', 'clicks'])
    await expect(stats.locator(`[data-stat="${key}"]`)).toContainText(formatted(after[key] ?? -1));
});

test('a saved filter’s link shows the same report to a colleague and is not found for another organisation', async ({
  page,
  browser,
}) => {
  await signIn(page, DEMO_LOGIN, '/analytics');
  await expect(page.getByTestId('analytics-stats')).toBeVisible();
  await page.getByRole('button', { name: 'Filter', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Filter analytics' });
  await dialog.getByRole('tab', { name: 'Emails' }).click();
  await dialog.getByRole('button', { name: 'Clear all', exact: true }).click();
  await dialog.getByLabel('Search emails').fill('digest');
  await dialog.getByRole('button', { name: 'Select all matching “digest”' }).click();
  await dialog.getByRole('button', { name: 'Apply filter' }).click();
  await expect(page).toHaveURL(/fs_id=\d+/);
  const summary = page.getByTestId('analytics-filter-summary');
  await expect(summary).toHaveText(/all matching “digest”/);
  // The report of the saved selection, as the service counts it: every email matching "digest".
  const expected = await dashboardStats(page, {
    unselect_all: '1',
    search_list: JSON.stringify([{ term: 'digest', select_all: true, email_ids: [] }]),
  });
  const sentCard = page.getByTestId('analytics-stats').locator('[data-stat="sent"]');
  await expect(sentCard).toContainText(formatted(expected.sent ?? -1));
  const sent = await sentCard.textContent();
  const link = new URL(page.url());
  const fsId = link.searchParams.get('fs_id');

  for (const [login, same] of [
    [DEMO_LOGIN, true],
    [OTHER_ORG_LOGIN, false],
  ] as const) {
    const other = await browser.newContext({ baseURL: link.origin });
    try {
      const tab = await other.newPage();
      await signIn(tab, login, link.pathname + link.search);
      if (same) {
        await expect(tab.getByTestId('analytics-filter-summary')).toHaveText(/all matching “digest”/);
        await expect(tab.getByTestId('analytics-stats').locator('[data-stat="sent"]')).toHaveText(sent ?? '');
      } else {
        // Another organisation's saved filter is not found: the not-found page, and a 404 from the service.
        await expect(tab.getByRole('heading', { name: 'We could not find that' })).toBeVisible();
        await expect(tab.getByText(/Error 404/)).toBeVisible();
        const csrf = await tab.evaluate(() => localStorage.getItem('csrf_token') ?? '');
        const answer = await tab.request.get(`/api/analytics/save_filter/?filterId=${fsId}`, {
          headers: { 'x-csrftoken': csrf },
        });
        expect(answer.status()).toBe(404);
        await expectNoAxeViolations(tab, 'a foreign report link');
      }
    } finally {
      await other.close();
    }
  }
});

test('the dashboard exports as CSV and XLSX by mail, and the files hold the report', async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signIn(page, DEMO_LOGIN, '/analytics');
  await expect(page.getByTestId('analytics-stats')).toBeVisible();
  // Without SMTP the export's mail is kept in the outbox, which an internal admin reads.
  const admin = await browser.newContext({ baseURL: new URL(page.url()).origin });
  const adminPage = await admin.newPage();
  await signIn(adminPage, adminLogin(), '/campaigns');
  const mailedExportLink = async (previous: string | null): Promise<string> => {
    let link = '';
    await expect(async () => {
      const answer = await adminPage.request.get('/api/user/outbox/?limit=50&offset=0');
      const mails = (await answer.json()).data as { to_address: string; text_body: string }[];
      const mail = mails.find(
        (m) => m.to_address === DEMO_LOGIN.email && m.text_body.includes('export_download'),
      );
      link = /https?:\/\/\S*export_download\S*/.exec(mail?.text_body ?? '')?.[0] ?? '';
      expect(link).not.toBe('');
      expect(link).not.toBe(previous);
    }).toPass({ timeout: 60_000 });
    return link;
  };
  const exportAs = async (format: 'CSV file' | 'Excel file (XLSX)', previous: string | null) => {
    await page.getByRole('button', { name: 'Export the dashboard' }).click();
    await page.getByRole('menuitem', { name: format }).click();
    await expect(
      page.getByText(`An email has been sent to ${DEMO_LOGIN.email} with the download link.`),
    ).toBeVisible();
    const link = await mailedExportLink(previous);
    const file = await page.request.get(link);
    expect(file.status()).toBe(200);
    return { link, body: await file.body() };
  };
  await expectNoAxeViolations(page, 'the dashboard with its export control at 375 px');

  // The report's emails, as the service answers them (every page).
  const csrf = await page.evaluate(() => localStorage.getItem('csrf_token') ?? '');
  const graph = await page.request.post('/api/analytics/dashboard_email_graph/', {
    headers: { 'x-csrftoken': csrf },
    form: { user_tz: 'UTC', limit: '100', offset: '0' },
  });
  const emails = (await graph.json()) as {
    total_count: number;
    data: { email_name: string; sent: number }[];
  };

  const csv = await exportAs('CSV file', null);
  const parsed = Papa.parse<Record<string, string>>(csv.body.toString('utf8'), {
    header: true,
    skipEmptyLines: true,
  });
  expect(parsed.data).toHaveLength(emails.total_count);
  expect(parsed.data.map((r) => [r.Email, Number(r.Sent)])).toEqual(
    emails.data.map((e) => [e.email_name, e.sent]),
  );

  const xlsx = await exportAs('Excel file (XLSX)', csv.link);
  const workbook = new ExcelJS.Workbook();
  const bytes = xlsx.body;
  await workbook.xlsx.load(
    bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
  );
  const sheet = workbook.worksheets[0];
  expect(sheet?.getRow(1).getCell(1).value).toBe('Email');
  expect((sheet?.actualRowCount ?? 0) - 1).toBe(emails.total_count);
  expect(sheet?.getRow(2).getCell(1).value).toBe(emails.data[0]?.email_name);
  await admin.close();
});

test('an analytics session whose second filter supersedes the first’s loads replays to the same states', async ({
  page,
}) => {
  await signIn(page, DEMO_LOGIN, '/analytics');
  await expect(page.getByTestId('analytics-stats')).toBeVisible();
  // The first filter's dashboard answer is held until the second filter asks: its load is superseded.
  const held: Route[] = [];
  await page.route('**/api/analytics/analytics_dashboard/', async (route) => {
    held.push(route);
    if (held.length < 2) return;
    for (const waiting of held.splice(0)) await waiting.continue().catch(() => undefined);
  });
  const applyCampaign = async (check: string, uncheck?: string) => {
    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Filter analytics' });
    if (uncheck) await dialog.getByRole('checkbox', { name: uncheck }).uncheck();
    await dialog.getByRole('checkbox', { name: check }).check();
    await dialog.getByRole('button', { name: 'Apply filter' }).click();
  };
  await applyCampaign('Spring Product Launch');
  await expect.poll(() => held.length).toBe(1);
  await applyCampaign('Partner Outreach', 'Spring Product Launch');
  await expect(page.getByTestId('analytics-campaign-graph')).toContainText('Partner Outreach');
  await expect(page.getByTestId('analytics-stats')).toBeVisible();
  await page.unroute('**/api/analytics/analytics_dashboard/');

  const downloading = page.waitForEvent('download');
  await page.keyboard.press('Control+Shift+L');
  const file = await (await downloading).path();
  const keepDir = process.env.RECORD_REPLAYS_DIR;
  if (keepDir) {
    mkdirSync(keepDir, { recursive: true });
    copyFileSync(file, path.join(keepDir, 'analytics-filter.json'));
  }
  const log = parseEventLog(readFileSync(file, 'utf8'));
  const dashboard = log.entries.filter((entry) => entry.actor.startsWith('load:analytics-dashboard'));
  const starts = dashboard.filter((entry) => entry.kind === 'event' && entry.event.type === 'load.start');
  expect(starts.length).toBeGreaterThanOrEqual(3);
  // A load started while one was in flight, and no failure was shown for the one it superseded.
  expect(
    starts.some((entry, i) => i > 0 && dashboard[dashboard.indexOf(entry) - 1]?.state.value === 'loading'),
  ).toBe(true);
  expect(dashboard.some((entry) => entry.state.value === 'failure')).toBe(false);
  const { steps, divergence } = await replayEventLog(log);
  expect(divergence, JSON.stringify(divergence)).toBeNull();
  expect(steps.length).toBe(log.entries.length);
});
