import { expect, type Page } from '@playwright/test';

/**
 * The service's own dashboard stats for the dashboard's default period (the quarter ending today, as the
 * page asks), with more selection fields when given.
 */
export async function dashboardStats(
  page: Page,
  fields: Record<string, string> = {},
): Promise<Record<string, number>> {
  const csrf = await page.evaluate(() => localStorage.getItem('csrf_token') ?? '');
  const today = await page.evaluate(() => {
    const d = new Date();
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  });
  const start = new Date(Date.parse(`${today}T00:00:00Z`) - 89 * 86_400_000).toISOString().slice(0, 10);
  const response = await page.request.post('/api/analytics/analytics_dashboard/', {
    headers: { 'x-csrftoken': csrf },
    form: { start_date: start, end_date: today, user_tz: 'UTC', ...fields },
  });
  expect(response.status()).toBe(200);
  return (await response.json()).data.stats;
}

/** A count as the stats cards write the exact figure. */
export const formatted = (n: number) => n.toLocaleString('en-US');
