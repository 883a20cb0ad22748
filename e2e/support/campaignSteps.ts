import type { Page } from '@playwright/test';

/**
 * Opens a campaign from the Campaigns list by its name: searched first, since campaigns made by earlier
 * tests of the run push the seeded ones past the list's first page.
 */
export async function openCampaignByName(page: Page, name: string): Promise<void> {
  await page.getByRole('searchbox', { name: 'Search campaigns' }).fill(name);
  await page.getByRole('link', { name, exact: true }).click();
}
