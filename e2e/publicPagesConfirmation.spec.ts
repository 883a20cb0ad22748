import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support/cspTest.ts';
import { preferenceUuid } from './support/e2eFixtures.ts';
import { checkbox, PUBLIC_PAGE_SIZES, shot } from './support/publicPageSteps.ts';

/**
 * The preference page says what is true, in its sender's name, with and without JavaScript: a group with
 * some of its options on shows the mixed state; after Unsubscribe All the confirmation says the recipient
 * is unsubscribed. Uses the recipients of seeded contacts 9 (JavaScript off) and 10 (on).
 */

/** Some alerts and some newsletters on, not all, through the preference service. */
async function mixedPreferences(request: APIRequestContext, uuid: string): Promise<void> {
  const details = await (
    await request.post('/api/preference/get_recipient_details/', { form: { unsub_uuid: uuid } })
  ).json();
  const alerts = (details.alerts as { name: string }[]).map((alert, index) => ({
    name: alert.name,
    status: index === 0 ? '1' : '0',
  }));
  const newsletters = (details.news_letters as { id: number }[]).slice(0, -1).map((letter) => letter.id);
  const saved = await request.post('/api/preference/update_preference/', {
    form: {
      unsub_uuid: uuid,
      unsub_all: '0',
      marketing: '1',
      webinars: '0',
      alerts: JSON.stringify(alerts),
      news_letters_subscribed: newsletters.join(','),
    },
  });
  expect(saved.status()).toBe(200);
}

/** The box draws the mixed state: a filled box with a dash (the style sheet's, script or not). */
const looksMixed = (page: Page, name: string) =>
  checkbox(page, name).evaluate((box) => {
    const dash = getComputedStyle(box, '::before');
    return getComputedStyle(box).backgroundColor !== 'rgb(255, 255, 255)' && dash.height === '2px';
  });

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('a partly chosen group shows as mixed, and Unsubscribe All is confirmed in the sender’s name', async ({
    page,
  }) => {
    const uuid = preferenceUuid(9);
    await mixedPreferences(page.request, uuid);
    for (const [size, viewport] of PUBLIC_PAGE_SIZES) {
      await page.setViewportSize(viewport);
      await page.goto(`/unsub/${uuid}`);
      await expect(checkbox(page, 'Alerts')).not.toBeChecked();
      expect(await looksMixed(page, 'Alerts')).toBe(true);
      expect(await looksMixed(page, 'Digests/Newsletters')).toBe(true);
      expect(await looksMixed(page, 'Marketing')).toBe(false);
      await expect(checkbox(page, 'Alerts')).toHaveAccessibleDescription(/Some of these are chosen\./);
      await expect(page.locator('.pp-org-name')).toHaveText('Northwind Analytics');
      await expect(page).toHaveTitle('Preference Management · Northwind Analytics');
      await shot(page, `noscript-mixed-${size}`);
    }

    await checkbox(page, 'Unsubscribe All').setChecked(true);
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL((url) => url.pathname === '/unsub-success');
    await expect(page.getByRole('heading', { name: 'You are unsubscribed' })).toBeVisible();
    await expect(
      page.getByText('You will no longer receive any email from Northwind Analytics.'),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: /Changed your mind/ })).toHaveAttribute(
      'href',
      `/unsub/${uuid}`,
    );
    await shot(page, 'noscript-unsubscribed-all');
  });
});

test('with JavaScript, a partly chosen group is indeterminate, and Unsubscribe All is confirmed as such', async ({
  page,
}) => {
  const uuid = preferenceUuid(10);
  await mixedPreferences(page.request, uuid);
  await page.goto(`/unsub/${uuid}`);
  const newsletters = checkbox(page, 'Digests/Newsletters');
  await expect(newsletters).toBeVisible();
  await expect.poll(() => newsletters.evaluate((box) => (box as HTMLInputElement).indeterminate)).toBe(true);
  expect(await looksMixed(page, 'Digests/Newsletters')).toBe(true);
  await expect(page.locator('.pp-org-name')).toHaveText('Northwind Analytics');

  await checkbox(page, 'Unsubscribe All').check();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('heading', { name: 'You are unsubscribed' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/unsub-success\\?u=${uuid}$`));
  await expect(
    page.getByText('You will no longer receive any email from Northwind Analytics.'),
  ).toBeVisible();
});
