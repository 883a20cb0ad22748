import { expect, type Page } from '@playwright/test';

/**
 * The analytics service's own answer to a report call for the screens' default selection (the quarter
 * ending today in the browser's days), with more fields if given: what a screen must agree with.
 */
export async function analyticsAnswer(page: Page, call: string, fields: Record<string, string> = {}) {
  const csrf = await page.evaluate(() => localStorage.getItem('csrf_token') ?? '');
  const today = await page.evaluate(() => {
    const d = new Date();
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  });
  const start = new Date(Date.parse(`${today}T00:00:00Z`) - 89 * 86_400_000).toISOString().slice(0, 10);
  const response = await page.request.post(`/api/analytics/${call}/`, {
    headers: { 'x-csrftoken': csrf },
    form: { start_date: start, end_date: today, ...fields },
  });
  expect(response.status()).toBe(200);
  return response.json();
}

/** The service's own dashboard stats for the dashboard's default selection, with more fields if given. */
export async function dashboardStats(
  page: Page,
  fields: Record<string, string> = {},
): Promise<Record<string, number>> {
  return (await analyticsAnswer(page, 'analytics_dashboard', { user_tz: 'UTC', ...fields })).data.stats;
}

/** A count as the stats cards write the exact figure. */
export const formatted = (n: number) => n.toLocaleString('en-US');
