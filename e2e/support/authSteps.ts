import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { mailedLink } from './e2eFixtures.ts';

export type Login = { email: string; password: string };
export type NewAccount = Login & { firstName: string; lastName: string };

export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@e2e.test`;
}

export function newAccount(prefix: string): NewAccount {
  const tag = Math.random().toString(36).slice(2, 6);
  return {
    email: uniqueEmail(prefix),
    password: `${Math.random().toString(36).slice(2, 10)}-Quill-${tag}!`,
    firstName: 'Erin',
    lastName: `Tester${tag.toUpperCase()}`,
  };
}

/**
 * Signs in through the API (the page's context gets the session cookie) and opens `landing` (default the
 * campaigns list, where the form lands): for tests about something else. The form itself is covered by
 * signInThroughForm (auth and accessibility specs). `origin`: another server than the run's (a spec's own).
 */
export async function signIn(page: Page, login: Login, landing = '/campaigns', origin = ''): Promise<void> {
  const response = await page.request.post(`${origin}/api/auth/login/`, {
    form: { email: login.email, password: login.password, user_tz: 'UTC' },
  });
  expect(response.status(), await response.text()).toBe(200);
  const { csrf_token: csrfToken } = (await response.json()) as { csrf_token: string };
  // What the form's success does in the page (domain/sessionRule.ts), written on an API address of the
  // same origin (a JSON answer: no app boot) before the app is opened.
  await page.goto(`${origin}/api/`);
  await page.evaluate((token) => {
    localStorage.setItem('csrf_token', token);
    localStorage.setItem('logout', '0');
  }, csrfToken);
  await page.goto(`${origin}${landing}`);
}

/** Signs in through the sign-in form at / and waits for the workbench. */
export async function signInThroughForm(page: Page, login: Login): Promise<void> {
  await page.goto('/');
  await page.getByLabel('Email').fill(login.email);
  await page.getByLabel('Password', { exact: true }).fill(login.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // A first sign-in lands on /welcome (docs/onboarding.md), any later one on the campaigns.
  await page.waitForURL((url) => url.pathname === '/campaigns' || url.pathname === '/welcome');
}

/**
 * Creates an account straight through the API (for tests about something else): asks for it, then
 * finishes it with the key of the mailed link, read from the server's log. The request context is then
 * signed in as the new account.
 */
export async function signUpThroughApi(request: APIRequestContext, account: NewAccount): Promise<void> {
  const response = await request.post('/api/auth/signup/', {
    form: {
      first_name: account.firstName,
      last_name: account.lastName,
      email: account.email,
      password: account.password,
      user_tz: 'UTC',
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  const link = await mailedLink(account.email, '/auth/confirm-signup/');
  const confirmed = await request.post('/api/auth/confirm_signup/', {
    form: { signup_key: link.slice(link.lastIndexOf('/') + 1) },
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
}

export async function openUserMenu(page: Page): Promise<void> {
  await page.getByRole('button', { name: /^Account:/ }).click();
}
