import { DEMO_LOGIN } from '../server/seed/demoAccounts.ts';
import { newAccount, signIn, signUpThroughApi } from './support/authSteps.ts';
import { expect, test } from './support/cspTest.ts';

const DENIED_HEADING = 'You don’t have permission to see this';

test.describe('access rules and the error catalogue', () => {
  test('a 200 "permission denied" answer: back by origin, then /permission_denied?error=403', async ({
    page,
  }) => {
    await signIn(page, DEMO_LOGIN);
    // The demo user is no internal admin: GET outbox/ answers 200 "permission denied".
    const denied = page.waitForResponse((r) => r.url().includes('/api/user/outbox/'));
    await page.goto('/admin/outbox');
    expect(await (await denied).json()).toMatchObject({ success: false, message: 'permission denied' });
    await page.waitForURL(
      (u) => u.pathname === '/permission_denied' && u.searchParams.get('error') === '403',
    );
    await expect(page.getByRole('heading', { name: DENIED_HEADING })).toBeVisible();
    await expect(page.getByText('(Error 403.)')).toBeVisible();

    // The refused page was replaced by its origin (the default: campaigns), so Back goes there.
    await page.goBack();
    await page.waitForURL((u) => u.pathname === '/campaigns');
    await expect(page.getByRole('heading', { name: 'Campaigns', level: 1 })).toBeVisible();
  });

  test('Settings without export_widget_permission: sender addresses open, the export widget page is a permission error, then campaigns', async ({
    page,
    request,
  }) => {
    const account = newAccount('nosettings');
    await signUpThroughApi(request, account);
    await signIn(page, account);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
    await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Sender addresses' })).toBeVisible();
    const pages = page.getByRole('navigation', { name: 'Settings pages' });
    await expect(pages.getByRole('link', { name: 'Team' })).toBeVisible();
    await expect(pages.getByRole('link', { name: 'Export widget' })).toHaveCount(0);

    await page.goto('/settings/export_widget');
    await page.waitForURL(
      (u) => u.pathname === '/permission_denied' && u.searchParams.get('error') === '403',
    );
    await expect(page.getByRole('heading', { name: DENIED_HEADING })).toBeVisible();
    await page.goBack();
    await page.waitForURL((u) => u.pathname === '/campaigns');
    await expect(page.getByRole('heading', { name: 'Campaigns', level: 1 })).toBeVisible();
  });

  test('Settings with export_widget_permission opens every page, the export widget page too', async ({
    page,
  }) => {
    await signIn(page, DEMO_LOGIN, '/settings/profile');
    await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/settings/profile');
    await page
      .getByRole('navigation', { name: 'Settings pages' })
      .getByRole('link', { name: 'Export widget' })
      .click();
    await expect(page.getByRole('heading', { name: 'Export widget', level: 2 })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/settings/export_widget');
  });

  test('an HTTP 403 ends the session and goes to sign-in with a redirect back', async ({ page }) => {
    await signIn(page, DEMO_LOGIN);
    await page.route('**/api/user/user_data/**', (route) =>
      route.fulfill({ status: 403, json: { success: false, message: 'Your session has expired.' } }),
    );
    await page.goto('/analytics/contacts');
    await page.waitForURL(
      (u) => u.pathname === '/' && u.searchParams.get('redirect') === '/analytics/contacts',
    );
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    expect(
      await page.evaluate(() => [localStorage.getItem('logout'), localStorage.getItem('csrf_token')]),
    ).toEqual(['1', null]);
  });

  test('HTTP 500 or 503 shows an error page a person understands, with ways back', async ({ page }) => {
    await signIn(page, DEMO_LOGIN);
    let status = 503;
    await page.route('**/api/user/user_data/**', (route) =>
      status === 200 ? route.fallback() : route.fulfill({ status, json: { success: false } }),
    );
    await page.goto('/audiences');
    await expect(page.getByRole('heading', { name: 'The service is not available right now' })).toBeVisible();
    await expect(page.getByText('(Error 503.)')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Go back' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to campaigns' })).toBeVisible();

    status = 500;
    await page.goto('/automation');
    await expect(page.getByRole('heading', { name: 'Something went wrong on our side' })).toBeVisible();

    // Moving to another page clears the error.
    status = 200;
    await page.getByRole('link', { name: 'Go to campaigns' }).click();
    await page.waitForURL((u) => u.pathname === '/campaigns');
    await expect(page.getByRole('heading', { name: 'Campaigns', level: 1 })).toBeVisible();
    await expect(page.getByTestId('error-status-page')).toHaveCount(0);
  });
});
