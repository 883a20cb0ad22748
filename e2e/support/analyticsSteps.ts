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
