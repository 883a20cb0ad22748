import { DEMO_LOGIN } from '../server/seed/demoAccounts.ts';
import { signIn } from './support/authSteps.ts';
import { expectNoAxeViolations } from './support/axeChecks.ts';
import { expect, test } from './support/cspTest.ts';

/**
 * The contacts report against the real server: a contact opened from the second page of a tab, and Back
 * from its dashboard to the same tab, page and filter; at 1280 and 375 px, checked with axe.
 */
test.describe.configure({ timeout: 90_000 });

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 375, height: 740 },
]) {
  test(`at ${viewport.width} px a contact opened from page 2 of a tab comes back there through Back`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await signIn(page, DEMO_LOGIN, '/analytics/contacts');
    const tabs = page.getByRole('navigation', { name: 'Contact tabs' });
    const rows = page.getByTestId('analytics-contact-row');
    await expect(rows).toHaveCount(20);
    await expect(tabs).not.toContainText('…');
    await expectNoAxeViolations(page, `the contacts report at ${viewport.width} px`);

    // The all-contacts tab, sorted by name, on its second page.
    await tabs.getByRole('link', { name: /^All contacts/ }).click();
    await expect(page).toHaveURL(/\/analytics\/contacts\/all_contacts/);
    await expect(tabs.getByRole('link', { name: /^All contacts/ })).toHaveAttribute('aria-current', 'page');
    await page.getByLabel('Sort by').selectOption('contact_name.ASC');
    await expect(page).toHaveURL(/sort=contact_name\.ASC/);
    await expect(rows).toHaveCount(20);
    await page.getByRole('button', { name: 'Show more contacts' }).click();
    await expect(rows).toHaveCount(40);
    await expect(page).toHaveURL(/offset=20/);
    const listUrl = page.url();

    const contact = rows.nth(25).getByRole('link').first();
    const name = (await contact.textContent()) ?? '';
    expect(name.length).toBeGreaterThan(0);
    await contact.click();
    await expect(page).toHaveURL(/\/analytics\/contacts\/dashboard\?.*contact_id=\d+/);
    const dashboard = page.getByTestId('contact-dashboard');
    await expect(dashboard.getByRole('heading', { level: 2, name, exact: true })).toBeVisible();
    await expect(page.getByTestId('contact-activity-row').first()).toBeVisible();
    await expect(page.getByTestId('contact-email-row').first()).toBeVisible();
    await expectNoAxeViolations(page, `the contact dashboard at ${viewport.width} px`);

    await page.getByRole('link', { name: 'Back', exact: true }).click();
    await expect(page).toHaveURL(listUrl);
    await expect(tabs.getByRole('link', { name: /^All contacts/ })).toHaveAttribute('aria-current', 'page');
    await expect(rows).toHaveCount(40);
    await expect(rows.nth(25).getByRole('link').first()).toHaveText(name);
    await expect(page.getByRole('columnheader', { name: 'Contact' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
  });
}
