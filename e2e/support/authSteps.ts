import { type APIRequestContext, expect, type Page } from '@playwright/test';

export type Login = { email: string; password: string };
export type NewAccount = Login & { firstName: string; lastName: string };

export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@e2e.test`;
}

export function newAccount(prefix: string): NewAccount {
  const tag = Math.random().toString(36).slice(2, 6);
  return {
    email: uniqueEmail(prefix),
    password: `Pass-${tag}-2026!`,
    firstName: 'Erin',
    lastName: `Tester${tag.toUpperCase()}`,
  };
}

/** Signs in through the sign-in form at / and waits for the workbench. */
export async function signIn(page: Page, login: Login): Promise<void> {
  await page.goto('/');
  await page.getByLabel('Email').fill(login.email);
  await page.getByLabel('Password', { exact: true }).fill(login.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/campaigns');
}

/** Creates an account straight through the API (for tests about something else). */
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
}

export async function openUserMenu(page: Page): Promise<void> {
  await page.getByRole('button', { name: /^Account:/ }).click();
}
