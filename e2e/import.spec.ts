import { signIn } from './support/authSteps.ts';
import { expect, test } from './support/cspTest.ts';

const DEMO = { email: 'demo@workbench.test', password: 'Demo-Password-2026' };

type Watch = { seen: number[]; firstAt: number; firstValue: number; arrivedAt: number };

test('the import screen counts up to 1000 and then goes on to /content/search', async ({ page }) => {
  await signIn(page, DEMO, '/import');
  await expect(page.getByRole('heading', { name: 'Importing from your sales app' })).toBeVisible();
  const bar = page.getByRole('progressbar', { name: 'Import progress' });
  await expect(bar).toHaveAttribute('aria-valuemin', '0');
  await expect(bar).toHaveAttribute('aria-valuemax', '1000');
  await expect(page.getByTestId('import-caption')).toHaveText(/^Importing \d+ of 1000 contacts & Accounts$/);

  // Watch the page every 50 ms (in the page's own clock): each value the bar shows, until the app has
  // moved on to /content/search (a client-side navigation, so the page keeps what it recorded).
  await page.waitForFunction(
    () => {
      const store = window as unknown as { __importWatch?: Watch };
      store.__importWatch ??= { seen: [], firstAt: 0, firstValue: -1, arrivedAt: 0 };
      const watch = store.__importWatch;
      if (window.location.pathname === '/content/search') {
        watch.arrivedAt = performance.now();
        return true;
      }
      const value = Number(document.querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow'));
      if (Number.isFinite(value) && watch.seen.at(-1) !== value) {
        if (watch.seen.length === 0) {
          watch.firstAt = performance.now();
          watch.firstValue = value;
        }
        watch.seen.push(value);
      }
      return false;
    },
    null,
    { polling: 50, timeout: 15_000 },
  );
  const watch = await page.evaluate(() => (window as unknown as { __importWatch: Watch }).__importWatch);

  expect(watch.seen.length).toBeGreaterThanOrEqual(4);
  expect(watch.seen.every((n) => n % 100 === 0 && n <= 1000)).toBe(true);
  expect([...watch.seen].sort((a, b) => a - b)).toEqual(watch.seen);
  expect(watch.seen.at(-1)).toBeGreaterThan(watch.seen[0] ?? 0);
  // The move happens 6 s after the screen appeared. When the bar first showed `firstValue`, less than
  // (firstValue / 100 + 1) ticks of 0.5 s had passed, so at least the rest of the 6 s was still to come.
  const earliest = 6000 - 500 * (watch.firstValue / 100 + 1) - 250;
  expect(watch.arrivedAt - watch.firstAt).toBeGreaterThanOrEqual(earliest);
  await expect(page).toHaveURL(/\/content\/search$/);
});
