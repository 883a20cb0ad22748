import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './axeChecks.ts';

/** The two sizes every public page is checked at. */
export const PUBLIC_PAGE_SIZES = [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 375, height: 740 }],
] as const;

/** The public pages are held to no serious or critical axe violation. */
export const expectNoSeriousViolations = (page: Page, what: string) =>
  expectNoAxeViolations(page, what, { minimum: 'serious' });

/** Screenshots for review, only when asked for (PUBLIC_SHOTS_DIR=/tmp/shots). */
export async function shot(page: Page, name: string): Promise<void> {
  const dir = process.env.PUBLIC_SHOTS_DIR;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

export const checkbox = (page: Page, name: string) => page.getByRole('checkbox', { name, exact: true });
