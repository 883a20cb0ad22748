import { DEMO_LOGIN } from '../server/seed/demoAccounts.ts';
import { signIn } from './support/authSteps.ts';
import { expect, test } from './support/cspTest.ts';

/** One look across screens: dates in the reader's locale, one spelling, sections that fit a phone. */

for (const { locale, date } of [
  { locale: 'en-GB', date: /\b\d{1,2} [A-Z][a-z]{2} \d{4}(?!\d)/ },
  { locale: 'en-US', date: /\b[A-Z][a-z]{2} \d{1,2}, \d{4}(?!\d)/ },
]) {
  test.describe(`a reader in ${locale}`, () => {
    test.use({ locale });

    test('sees every date in the one format of their locale', async ({ page }) => {
      await signIn(page, DEMO_LOGIN, '/automation');
      const updated = page.getByText(/^Updated /).first();
      await expect(updated).toBeVisible();
      expect(await updated.textContent()).toMatch(date);

      await page.goto('/content/explorer');
      const article = page.getByRole('list', { name: 'Articles' }).getByRole('listitem').first();
      await expect(article).toBeVisible();
      expect(await article.textContent()).toMatch(date);

      await page.goto('/audiences/lists');
      const list = page.getByText(/updated /).first();
      await expect(list).toBeVisible();
      expect(await list.textContent()).toMatch(date);
    });
  });
}

test('the product spells favourite one way', async ({ page }) => {
  await signIn(page, DEMO_LOGIN, '/content/explorer');
  const tabs = page.getByRole('navigation', { name: 'Content tabs' });
  await expect(tabs.getByRole('link', { name: 'Favourites' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Favourite' }).first()).toBeVisible();
  await expect(page.getByText(/favorite/i)).toHaveCount(0);
});

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the Audiences and Content sections are all in view and whole, without scrolling sideways', async ({
    page,
  }) => {
    await signIn(page, DEMO_LOGIN, '/audiences');
    const areas = [
      {
        path: '/audiences',
        nav: 'Audience sections',
        links: ['People', 'Accounts', 'Lists', 'Forms', 'Sales groups', 'Consent proof'],
      },
      {
        path: '/content/explorer',
        nav: 'Content tabs',
        links: ['Explorer', 'Search', 'Favourites', 'My accounts', 'Most engaged', 'Previously sent'],
      },
    ];
    for (const area of areas) {
      await page.goto(area.path);
      const nav = page.getByRole('navigation', { name: area.nav });
      await expect(nav).toBeVisible();
      expect(await nav.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
      for (const name of area.links) {
        const link = nav.getByRole('link', { name, exact: true });
        await expect(link).toBeInViewport({ ratio: 1 });
        expect(await link.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
      }
    }
  });

  test("a campaign's edition-state tabs are all in view and whole, without scrolling sideways", async ({
    page,
  }) => {
    await signIn(page, DEMO_LOGIN, '/campaigns');
    await page.getByTestId('campaign-card').first().getByRole('link').first().click();
    await expect(page).toHaveURL(/\/campaigns\/campaign\?campaign_id=\d+/);
    const tabs = page.getByRole('tablist', { name: 'Emails by edition state' });
    await expect(tabs).toBeVisible();
    expect(await tabs.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    for (const name of ['Draft', 'Sent', 'Test', 'Scheduled', 'All']) {
      const tab = tabs.getByRole('tab', { name: new RegExp(`^${name} \\(`) });
      await expect(tab).toBeInViewport({ ratio: 1 });
    }
  });
});
