import type { Page } from '@playwright/test';
import { expect, test } from './support/cspTest.ts';
import { preferenceUuid } from './support/e2eFixtures.ts';
import { checkbox, expectNoSeriousViolations, PUBLIC_PAGE_SIZES, shot } from './support/publicPageSteps.ts';

/**
 * The recipients' public pages with JavaScript OFF: the server renders every page with the recipient's
 * data, and plain form posts save, unsubscribe and resubscribe. Then the one-click unsubscribe as a
 * mail provider sends it. Changes are made on the recipients of seeded contacts 3 to 6 (publicPages.spec
 * uses contact 2).
 */
const SAVE_UUID = preferenceUuid(3);
const UNSUB_UUID = preferenceUuid(4);
const ONE_CLICK_UUID = preferenceUuid(5);
const SCANNED_UUID = preferenceUuid(6);
/**
 * axe runs as a script in the page, which a context with JavaScript off refuses. For the accessibility
 * checks the page is opened with scripts on but the server's HTML stripped of the page's own script, so
 * the DOM axe examines is exactly what a browser without JavaScript shows.
 */
async function withoutPageScripts(page: Page) {
  await page.route(
    (url) => !url.pathname.startsWith('/p/') && !url.pathname.startsWith('/api/'),
    async (route) => {
      const response = await route.fetch({ maxRedirects: 0 });
      const type = response.headers()['content-type'] ?? '';
      if (!type.includes('text/html')) return route.fulfill({ response });
      const body = (await response.text()).replace(/<script type="module"[^>]*><\/script>/g, '');
      return route.fulfill({ response, body });
    },
  );
}

async function recipientDetails(page: Page, uuid: string) {
  const response = await page.request.post('/api/preference/get_recipient_details/', {
    form: { unsub_uuid: uuid },
  });
  return response.json();
}

test.describe('with JavaScript off', () => {
  for (const [size, viewport] of PUBLIC_PAGE_SIZES) {
    test(`every page is rendered by the server at ${size} size`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await withoutPageScripts(page);
      const response = await page.goto(`/unsub/${preferenceUuid(1)}`);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { name: 'Preference Management' })).toBeVisible();
      await expect(page.getByText(/\(\S+@\S+\)/)).toBeVisible();
      await expect(page.getByText('Loading...')).toHaveCount(0);
      await expect(checkbox(page, 'Account alerts')).toBeChecked();
      await expect(page.getByRole('button', { name: 'Submit' })).toBeEnabled();
      await expectNoSeriousViolations(page, 'the preference page without JavaScript');
      await shot(page, `noscript-preferences-${size}`);

      // A post with nothing chosen is refused with its reason beside the form (and changes nothing).
      for (const box of await page.getByRole('checkbox').all()) await box.setChecked(false);
      await page.getByRole('button', { name: 'Submit' }).click();
      await expect(page.getByRole('alert').filter({ hasText: 'Choose at least one' })).toBeVisible();
      await expectNoSeriousViolations(page, 'the refused form without JavaScript');

      await page.goto(`/unsub/i2c/${preferenceUuid(1)}`);
      await expect(page.getByRole('button', { name: 'YES, UNSUBSCRIBE' })).toBeEnabled();
      await expect(page.getByRole('link', { name: 'Privacy policy' })).toBeVisible();
      await expectNoSeriousViolations(page, 'the unsubscribe page without JavaScript');
      await shot(page, `noscript-unsubscribe-${size}`);

      await page.goto(`/resub/i2c/${preferenceUuid(1)}`);
      await expect(page.getByRole('button', { name: 'RESUBSCRIBE' })).toBeEnabled();
      await expectNoSeriousViolations(page, 'the resubscribe page without JavaScript');

      await page.goto('/unsub-success');
      await expect(
        page.getByText('Your subscription preferences have been successfully updated.'),
      ).toBeVisible();

      const unknown = await page.goto('/unsub/2b1f3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d');
      expect(unknown?.status()).toBe(404);
      await expect(page.getByRole('heading', { name: 'This link is not valid' })).toBeVisible();
      await expectNoSeriousViolations(page, 'the not-valid page without JavaScript');
    });
  }

  test.describe('plain form posts', () => {
    test.describe.configure({ mode: 'serial' });
    test.use({ javaScriptEnabled: false });

    test('saving preferences lands on /unsub-success and is stored', async ({ page }) => {
      await page.setViewportSize({ width: 375, height: 740 });
      await page.goto(`/unsub/${SAVE_UUID}`);
      await checkbox(page, 'Unsubscribe All').setChecked(false);
      await checkbox(page, 'Marketing').setChecked(true);
      await checkbox(page, 'Webinars/Events').setChecked(false);
      // Without a script, checking the Alerts section turns all its alerts on when saved.
      await checkbox(page, 'Alerts').setChecked(!(await checkbox(page, 'Alerts').isChecked()));
      const alertsOn = await checkbox(page, 'Alerts').isChecked();
      await page.getByRole('button', { name: 'Submit' }).click();
      await page.waitForURL((url) => url.pathname === '/unsub-success');
      await expect(
        page.getByText('Your subscription preferences have been successfully updated.'),
      ).toBeVisible();

      const saved = await recipientDetails(page, SAVE_UUID);
      expect(saved).toMatchObject({ unsub_all: '0', marketing: '1', webinars: '0' });
      expect(saved.alerts.every((a: { status: string }) => a.status === (alertsOn ? '1' : '0'))).toBe(true);
      await page.goto(`/unsub/${SAVE_UUID}`);
      await expect(checkbox(page, 'Marketing')).toBeChecked();
      await expect(checkbox(page, 'Webinars/Events')).not.toBeChecked();
    });

    test('a form with nothing chosen is refused with a visible reason', async ({ page }) => {
      await page.goto(`/unsub/${SAVE_UUID}`);
      for (const box of await page.getByRole('checkbox').all()) await box.setChecked(false);
      await page.getByRole('button', { name: 'Submit' }).click();
      await expect(page.getByRole('alert').filter({ hasText: 'Choose at least one' })).toBeVisible();
      await shot(page, 'noscript-refused-phone');
      expect((await recipientDetails(page, SAVE_UUID)).marketing).toBe('1');
    });

    test('unsubscribing lands on the resubscribe page, and resubscribing works', async ({ page }) => {
      await page.goto(`/unsub/i2c/${UNSUB_UUID}`);
      await page.getByRole('button', { name: 'YES, UNSUBSCRIBE' }).click();
      await page.waitForURL((url) => url.pathname === `/resub/i2c/${UNSUB_UUID}`);
      await expect(page.getByText('You have been unsubscribed. Changed your mind?')).toBeVisible();
      expect((await recipientDetails(page, UNSUB_UUID)).unsub_all).toBe('1');

      await page.getByRole('button', { name: 'RESUBSCRIBE' }).click();
      await page.waitForURL((url) => url.search === '?resubscribed=1');
      await expect(page.getByText('You have been resubscribed.')).toBeVisible();
      await shot(page, 'noscript-resubscribed-desktop');
      expect((await recipientDetails(page, UNSUB_UUID)).unsub_all).toBe('0');
    });
  });
});

test.describe('one-click unsubscribe (RFC 8058)', () => {
  test('a mail provider POSTs List-Unsubscribe=One-Click: 200, no redirect, unsubscribed', async ({
    playwright,
    baseURL,
  }) => {
    // A fresh context with no cookies, as a mail provider's client is.
    const provider = await playwright.request.newContext({ baseURL });
    const url = `/api/preference/one_click/${ONE_CLICK_UUID}/`;
    const response = await provider.post(url, { form: { 'List-Unsubscribe': 'One-Click' }, maxRedirects: 0 });
    expect(response.status()).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'True' });
    const multipart = await provider.post(url, {
      multipart: { 'List-Unsubscribe': 'One-Click' },
      maxRedirects: 0,
    });
    expect(multipart.status()).toBe(200);
    const details = await (
      await provider.post('/api/preference/get_recipient_details/', { form: { unsub_uuid: ONE_CLICK_UUID } })
    ).json();
    expect(details.unsub_all).toBe('1');
    await provider.dispose();
  });

  test('a GET of the one-click URL (a mail scanner) changes nothing and shows the unsubscribe page', async ({
    page,
  }) => {
    const before = await recipientDetails(page, SCANNED_UUID);
    await page.goto(`/api/preference/one_click/${SCANNED_UUID}/`);
    await expect(page).toHaveURL(new RegExp(`/unsub/i2c/${SCANNED_UUID}$`));
    await expect(page.getByRole('button', { name: 'YES, UNSUBSCRIBE' })).toBeVisible();
    expect(await recipientDetails(page, SCANNED_UUID)).toEqual(before);
  });
});
