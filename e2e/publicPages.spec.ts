import { expect, test } from './support/cspTest.ts';
import { preferenceUuid } from './support/e2eFixtures.ts';
import { checkbox, expectNoSeriousViolations, PUBLIC_PAGE_SIZES, shot } from './support/publicPageSteps.ts';

/**
 * The recipients' public pages in Chromium against the real server, JavaScript on.
 * The demo recipient is only read here (other specs read it too). The changes are made on the recipient
 * of seeded contact 2.
 */
const MUTABLE_UUID = preferenceUuid(2);
const UNKNOWN_UUID = '2b1f3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
for (const [size, viewport] of PUBLIC_PAGE_SIZES) {
  test.describe(`public pages at ${size} size`, () => {
    test.use({ viewport });

    test('the preference page arrives rendered with the demo recipient and hydrates', async ({ page }) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      const response = await page.goto(`/unsub/${preferenceUuid(1)}`);
      // The server's HTML already holds the recipient (no "Loading..." first).
      const html = (await response?.text()) ?? '';
      expect(html).toMatch(/<span class="pp-email"> \(\S+@\S+\)<\/span>/);
      expect(html).not.toContain('Loading...');
      await expect(page.getByRole('heading', { name: 'Preference Management' })).toBeVisible();
      await expect(
        page.getByText('Pick and choose the communications that you are interested in.'),
      ).toBeVisible();
      await expect(page.getByText(/\(\S+@\S+\)/)).toBeVisible();
      for (const name of [
        'Marketing',
        'Alerts',
        'Digests/Newsletters',
        'Webinars/Events',
        'Unsubscribe All',
      ]) {
        await expect(checkbox(page, name)).toBeVisible();
      }
      await expect(checkbox(page, 'Account alerts')).toBeChecked();
      await expect(page.getByRole('button', { name: 'Submit' })).toBeEnabled();
      const width = await page.locator('main').evaluate((el) => el.getBoundingClientRect().width);
      expect(width).toBeLessThanOrEqual(870);
      await expectNoSeriousViolations(page, 'the preference page');
      await shot(page, `preferences-${size}`);

      await checkbox(page, 'Unsubscribe All').check();
      await expect(checkbox(page, 'Marketing')).toBeDisabled();
      await expect(checkbox(page, 'Account alerts')).toBeDisabled();
      await shot(page, `preferences-unsub-all-${size}`);
      // Hydration matched the server's HTML: React reported nothing.
      expect(errors).toEqual([]);
    });

    test('the unsubscribe page and an unknown link', async ({ page }) => {
      await page.goto(`/unsub/i2c/${preferenceUuid(1)}`);
      await expect(page.getByRole('heading', { name: 'Unsubscribe' })).toBeVisible();
      await expect(page.getByText('Are you sure you want to unsubscribe?')).toBeVisible();
      await expect(page.getByRole('button', { name: 'YES, UNSUBSCRIBE' })).toBeEnabled();
      await expect(page.getByRole('link', { name: 'Privacy policy' })).toBeVisible();
      await expectNoSeriousViolations(page, 'the unsubscribe page');
      await shot(page, `unsubscribe-${size}`);

      await page.goto('/unsub-success');
      await expect(
        page.getByText('Your subscription preferences have been successfully updated.'),
      ).toBeVisible();
      await expectNoSeriousViolations(page, 'the success page');
      await shot(page, `success-${size}`);

      for (const path of [
        `/unsub/${UNKNOWN_UUID}`,
        `/unsub/i2c/${UNKNOWN_UUID}`,
        '/unsub/',
        '/unsub/abc-123',
      ]) {
        await page.goto(path);
        await expect(page.getByRole('heading', { name: 'This link is not valid' }), path).toBeVisible();
      }
      await expectNoSeriousViolations(page, 'the not-valid page');
      await shot(page, `not-valid-${size}`);
    });
  });
}

test.describe('changing preferences', () => {
  test.describe.configure({ mode: 'serial' });

  test('saving lands on /unsub-success and is stored', async ({ page }) => {
    await page.goto(`/unsub/${MUTABLE_UUID}`);
    await expect(checkbox(page, 'Marketing')).toBeVisible();
    if (await checkbox(page, 'Unsubscribe All').isChecked())
      await checkbox(page, 'Unsubscribe All').uncheck();
    const before = await checkbox(page, 'Marketing').isChecked();
    await checkbox(page, 'Marketing').setChecked(!before);
    // Webinars on, so that some option is on whatever Marketing became.
    await checkbox(page, 'Webinars/Events').check();
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL((url) => url.pathname === '/unsub-success');
    await expect(
      page.getByText('Your subscription preferences have been successfully updated.'),
    ).toBeVisible();

    await page.goto(`/unsub/${MUTABLE_UUID}`);
    await expect(checkbox(page, 'Webinars/Events')).toBeChecked();
    await expect(checkbox(page, 'Marketing')).toBeChecked({ checked: !before });
    await expect(checkbox(page, 'Unsubscribe All')).not.toBeChecked();
  });

  test('unsubscribe goes to the resubscribe page, and resubscribing works', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto(`/unsub/i2c/${MUTABLE_UUID}`);
    await page.getByRole('button', { name: 'YES, UNSUBSCRIBE' }).click();
    await expect(page.getByRole('status').getByText('You have been unsubscribed.')).toBeVisible();
    await page.waitForURL((url) => url.pathname === `/resub/i2c/${MUTABLE_UUID}`);
    await expect(page.getByRole('heading', { name: 'Resubscribe' })).toBeVisible();
    await expect(page.getByText('You have been unsubscribed. Changed your mind?')).toBeVisible();
    await expectNoSeriousViolations(page, 'the resubscribe page');
    await shot(page, 'resubscribe-phone');

    await page.goto(`/unsub/${MUTABLE_UUID}`);
    await expect(checkbox(page, 'Unsubscribe All')).toBeChecked();
    await expect(checkbox(page, 'Marketing')).toBeDisabled();

    await page.goto(`/resub/i2c/${MUTABLE_UUID}`);
    await page.getByRole('button', { name: 'RESUBSCRIBE' }).click();
    await expect(
      page.getByRole('paragraph').filter({ hasText: 'You have been resubscribed.' }),
    ).toBeVisible();
    await expect(page.getByRole('status').getByText('You have been resubscribed.')).toBeVisible();
    await shot(page, 'resubscribed-phone');
    await page.setViewportSize({ width: 1280, height: 800 });
    await shot(page, 'resubscribed-desktop');

    await page.goto(`/unsub/${MUTABLE_UUID}`);
    await expect(checkbox(page, 'Unsubscribe All')).not.toBeChecked();
    await expect(checkbox(page, 'Marketing')).toBeChecked();
  });
});

test.describe('from a static host (npm run build:public)', () => {
  // The folder built with PREFERENCE_BASE pointing at the product's server, served by a plain static
  // server on another origin (listed in the server's PREFERENCE_CORS_ORIGINS): see playwright.config.ts.
  const staticURL = process.env.E2E_STATIC_URL ?? '';
  const uuid = preferenceUuid(7);

  test('the preference page loads, saves and confirms against the configured service', async ({ page }) => {
    await page.goto(`${staticURL}/unsub/${uuid}`);
    await expect(page.getByRole('heading', { name: 'Preference Management' })).toBeVisible();
    await expect(page.getByText(/\(\S+@\S+\)/)).toBeVisible();
    if (await checkbox(page, 'Unsubscribe All').isChecked())
      await checkbox(page, 'Unsubscribe All').uncheck();
    await checkbox(page, 'Webinars/Events').check();
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL(`${staticURL}/unsub-success?u=${uuid}`);
    await expect(
      page.getByText('Your subscription preferences have been successfully updated.'),
    ).toBeVisible();
    // The confirmation reads the recipient from the service too: it is in the sender's name.
    await expect(page.locator('.pp-org-name')).toHaveText('Northwind Analytics');
    const saved = await page.request.post('/api/preference/get_recipient_details/', {
      form: { unsub_uuid: uuid },
    });
    expect((await saved.json()).webinars).toBe('1');
  });
});
