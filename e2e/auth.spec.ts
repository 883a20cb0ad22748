import { DEMO_LOGIN } from '../server/seed/demoAccounts.ts';
import {
  newAccount,
  openUserMenu,
  signIn,
  signInThroughForm,
  signUpThroughApi,
} from './support/authSteps.ts';
import { expect, test } from './support/cspTest.ts';
import { adminLogin, mailedLink } from './support/e2eFixtures.ts';

test.describe('sign-in, sessions and CSRF', () => {
  test('sign up a new account and land in the workbench', async ({ page }) => {
    const account = newAccount('signup');
    await page.goto('/');
    await page.getByRole('link', { name: 'Create an account' }).click();
    await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();

    // The shared rules speak first: an empty form is not sent.
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('First name is required.')).toBeVisible();
    await expect(page.getByLabel('First name')).toBeFocused();

    await page.getByLabel('First name').fill(account.firstName);
    await page.getByLabel('Last name').fill(account.lastName);
    await page.getByLabel('Work email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByLabel('Organisation').fill('E2E Testing Ltd');
    await page.getByRole('button', { name: 'Create account' }).click();

    // The answer is the same for every address: the account is finished from the link, which the
    // operator's log holds, as no SMTP_URL is set (and the page says so rather than "check your inbox").
    await expect(page.getByRole('heading', { name: 'No email was sent' })).toBeVisible();
    await expect(
      page.getByText(/finds the link to finish creating your account in the server log/),
    ).toBeVisible();
    await expect(page.getByText(/spam folder/)).toHaveCount(0);
    await page.goto(await mailedLink(account.email, '/auth/confirm-signup/'));
    await expect(page.getByText(account.email)).toBeVisible();
    await page.getByRole('button', { name: 'Create my account' }).click();

    // A first sign-in lands on the welcome page.
    await page.waitForURL('**/welcome');
    await expect(
      page.getByRole('heading', { name: `Welcome to Workbench, ${account.firstName}`, level: 1 }),
    ).toBeVisible();
    await expect(page.getByTestId('user-name')).toHaveText(`${account.firstName} ${account.lastName}`);
    expect(await page.evaluate(() => localStorage.getItem('logout'))).toBe('0');
  });

  test('signing up with an email already taken answers like any other address', async ({ page }) => {
    await page.goto('/auth/signup');
    await page.getByLabel('First name').fill('Dana');
    await page.getByLabel('Last name').fill('Again');
    await page.getByLabel('Work email').fill(DEMO_LOGIN.email);
    await page.getByLabel('Password', { exact: true }).fill('Quiet-harbour-lantern-73');
    await page.getByRole('button', { name: 'Create account' }).click();
    // Nothing tells a visitor that the address has an account: its owner gets a note by email instead.
    await expect(page.getByRole('heading', { name: 'No email was sent' })).toBeVisible();
    await expect(page.getByText('An account with this email already exists')).toHaveCount(0);
  });

  test('sign in with the demo login and see the user’s name', async ({ page }) => {
    await signInThroughForm(page, DEMO_LOGIN);
    await expect(page.getByTestId('user-name')).toHaveText('Dana Demo');
    await openUserMenu(page);
    await expect(page.getByRole('menu')).toBeVisible();
    await expect(page.getByText(DEMO_LOGIN.email)).toBeVisible();
    // An ordinary user has no outbox entry.
    await expect(page.getByRole('menuitem', { name: 'Outbox' })).toHaveCount(0);

    // Signed in, the sign-in page is skipped.
    await page.goto('/');
    await page.waitForURL('**/campaigns');
    await expect(page.getByTestId('user-name')).toHaveText('Dana Demo');
  });

  test('a wrong password shows the server message and keeps the person on sign-in', async ({ page }) => {
    await page.goto('/');
    await page.getByLabel('Email').fill(DEMO_LOGIN.email);
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toHaveText('Incorrect email or password.');
    await expect(page).toHaveURL(/\/$/);
  });

  test('a signed-out visit to a workbench page goes to sign-in and back after it', async ({ page }) => {
    await page.goto('/automation');
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await expect(page).toHaveURL(/\/\?redirect=%2Fautomation/);
    await page.getByLabel('Email').fill(DEMO_LOGIN.email);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_LOGIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/automation');
    await expect(page.getByRole('heading', { name: 'Automation', level: 1 })).toBeVisible();
  });

  test('sign out, then Back: no signed-in data, and the sign-in page', async ({ page }) => {
    await signInThroughForm(page, DEMO_LOGIN);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Audiences' }).click();
    await page.waitForURL('**/audiences');
    await expect(page.getByTestId('user-name')).toHaveText('Dana Demo');

    await openUserMenu(page);
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await expect(page.getByText('You have signed out.')).toBeVisible();

    await page.goBack();
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/');
    await expect(page.getByText('Dana Demo')).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);

    // Nothing of the session is left: not in the browser, not on the server.
    expect(
      await page.evaluate(() => [localStorage.getItem('logout'), localStorage.getItem('csrf_token')]),
    ).toEqual(['1', null]);
    expect((await page.request.get('/api/user/user_data/')).status()).toBe(403);

    // Back again, further into the signed-in history: still the sign-in page.
    await page.goBack();
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await expect(page.getByText('Dana Demo')).toHaveCount(0);
  });

  test('a state-changing call without the CSRF header is refused and the session still works', async ({
    page,
  }) => {
    await signInThroughForm(page, DEMO_LOGIN);
    const refused = await page.request.post('/api/auth/logout/', { form: { user_tz: 'UTC' } });
    expect(refused.status()).toBe(403);
    expect((await refused.json()).success).toBe(false);

    const stillThere = await page.request.get('/api/user/user_data/');
    expect(stillThere.status()).toBe(200);
    expect((await stillThere.json()).data.user_email).toBe(DEMO_LOGIN.email);

    await page.reload();
    await expect(page.getByTestId('user-name')).toHaveText('Dana Demo');
    await expect(page).toHaveURL(/\/campaigns$/);
  });

  test('forgot password, the reset email in the admin outbox, a new password', async ({ browser, page }) => {
    const account = newAccount('reset');
    await signUpThroughApi(page.request, account);
    await page.context().clearCookies();

    await page.goto('/');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.getByLabel('Email').fill(account.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('heading', { name: 'No email was sent' })).toBeVisible();
    await expect(page.getByText(/finds its reset link in the server log/)).toBeVisible();

    // An internal admin reads the outbox in a browser of their own: the link is redacted there.
    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await signIn(admin, adminLogin());
    await openUserMenu(admin);
    await admin.getByRole('menuitem', { name: 'Outbox' }).click();
    await expect(admin.getByRole('heading', { name: 'Outbox', level: 1 })).toBeVisible();
    const row = admin.getByRole('row').filter({ hasText: account.email }).first();
    await expect(row).toContainText('Password reset');
    await row.getByRole('button', { name: 'Reset your password' }).click();
    const dialog = admin.getByRole('dialog');
    await expect(dialog).toContainText(account.email);
    await expect(dialog).toContainText('/resetPassword/[redacted]');
    await expect(dialog.getByRole('link', { name: /\/resetPassword\/[A-Za-z0-9_-]{20,}/ })).toHaveCount(0);
    await adminContext.close();

    // Only the recipient (here, through the operator's log) has the working link.
    const href = await mailedLink(account.email, '/resetPassword/');
    expect(href).toMatch(/\/resetPassword\/[A-Za-z0-9_-]{20,}$/);
    await page.goto(href);
    await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
    await expect(page.getByText(account.email)).toBeVisible();
    const newPassword = `${account.password}-new`;
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm new password', { exact: true }).fill(`${newPassword}x`);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByText('The two passwords differ.')).toBeVisible();
    await page.getByLabel('Confirm new password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Set new password' }).click();

    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await expect(page.getByText('Your password has been changed.')).toBeVisible();
    await signInThroughForm(page, { email: account.email, password: newPassword });
    await expect(page.getByTestId('user-name')).toHaveText(`${account.firstName} ${account.lastName}`);

    // The link worked once.
    await page.goto(href);
    await expect(page.getByRole('heading', { name: 'This reset link has expired' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Ask for a new link' })).toBeVisible();
  });

  test('an ordinary user opening the outbox gets the permission error page', async ({ page }) => {
    await signIn(page, DEMO_LOGIN, '/admin/outbox');
    await page.waitForURL(
      (u) => u.pathname === '/permission_denied' && u.searchParams.get('error') === '403',
    );
    await expect(page.getByRole('heading', { name: 'You don’t have permission to see this' })).toBeVisible();
  });

  test('/login-redirect completes a sign-in made elsewhere on this origin', async ({ page }) => {
    const signedIn = await page.request.post('/api/auth/login/', {
      form: { email: DEMO_LOGIN.email, password: DEMO_LOGIN.password, user_tz: 'UTC' },
    });
    expect(signedIn.status()).toBe(200);
    await page.goto('/login-redirect?redirect=%2Fanalytics');
    await page.waitForURL('**/analytics');
    await expect(page.getByTestId('user-name')).toHaveText('Dana Demo');
  });

  test('the auth login page sends back through /sso/ only to allowed origins', async ({ page, baseURL }) => {
    await page.goto(`/auth/login?redirectURL=${encodeURIComponent(baseURL!)}`);
    await page.getByLabel('Email').fill(DEMO_LOGIN.email);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_LOGIN.password);
    const ssoLanding = page.waitForURL(/\/sso\/[^/]+\/$/);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await ssoLanding;
    await page.waitForURL('**/campaigns');
    await expect(page.getByTestId('user-name')).toHaveText('Dana Demo');

    // Another origin is never a target: the person stays here.
    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear());
    await page.goto('/auth/login?redirectURL=https%3A%2F%2Fevil.example');
    await page.getByLabel('Email').fill(DEMO_LOGIN.email);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_LOGIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/campaigns');
    expect(new URL(page.url()).origin).toBe(new URL(baseURL!).origin);
  });

  test('an expired session is refused and the person lands on sign-in @expiry', async ({ page }) => {
    await signInThroughForm(page, DEMO_LOGIN);
    await expect(page.getByTestId('user-name')).toHaveText('Dana Demo');

    // The server gives sessions 3 s here: wait until it refuses this one.
    await expect
      .poll(async () => (await page.request.get('/api/user/user_data/')).status(), {
        timeout: 20_000,
        intervals: [500],
      })
      .toBe(403);

    await page.reload();
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await expect(page.getByText('Your session has ended.')).toBeVisible();
    await expect(page).toHaveURL(/redirect=%2Fcampaigns/);
    await expect(page.getByText('Dana Demo')).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('logout'))).toBe('1');
  });
});
