import { DEMO_LOGIN } from '../server/seed/demoAccounts.ts';
import { signIn } from './support/authSteps.ts';
import { expect, test } from './support/cspTest.ts';
import { adminLogin, preferenceUuid } from './support/e2eFixtures.ts';
import { subscribedContactFromEnd } from './support/mailboxSteps.ts';

/**
 * A walk through every kind of page under the server's Content-Security-Policy. Every spec fails on a
 * violation (support/cspTest.ts); this one makes sure each kind of page is visited, and that the policy
 * is really there, so a page without one cannot pass by reporting nothing.
 */
const policyOf = async (response: { headers(): Record<string, string> } | null) =>
  response?.headers()['content-security-policy'] ?? '';

test('the public pages, the sign-in pages and the API docs run under their policies without a violation', async ({
  page,
}) => {
  const uuid = preferenceUuid(1);
  const preferences = await page.goto(`/unsub/${uuid}`);
  expect(await policyOf(preferences)).toContain("script-src 'self';");
  await expect(page.getByRole('heading', { name: 'Preference Management' })).toBeVisible();
  // Hydrated: the page's script ran, read its JSON data block and took over the form.
  await page.getByRole('checkbox', { name: 'Unsubscribe All' }).check();
  await expect(page.getByRole('checkbox', { name: 'Marketing' })).toBeDisabled();
  await page.goto(`/unsub/i2c/${uuid}`);
  await expect(page.getByRole('heading', { name: 'Unsubscribe' })).toBeVisible();
  await page.goto('/unsub-success');
  await page.goto('/unsub/not-a-link');
  await expect(page.getByRole('heading', { name: 'This link is not valid' })).toBeVisible();

  const signInPage = await page.goto('/');
  expect(await policyOf(signInPage)).toContain("frame-ancestors 'none'");
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.goto('/auth/signup');
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await page.goto('/auth/forgot-password');
  await page.goto('/resetPassword/not-a-real-key-but-long-enough');
  await expect(page.getByRole('heading', { name: 'This reset link has expired' })).toBeVisible();

  const docs = await page.goto('/api/docs');
  expect(await policyOf(docs)).toContain("script-src 'self';");
  // Swagger UI parses the whole API description before drawing its heading: seconds on a busy machine.
  await expect(page.getByRole('heading', { name: /Workbench API/ })).toBeVisible({ timeout: 30_000 });
  // Opening an operation runs Swagger UI's script under the policy.
  await page.getByRole('button', { name: /^POST \/api\/auth\/login\/ Sign in/ }).click();
  await expect(page.getByRole('button', { name: 'Try it out' }).first()).toBeVisible();
});

test('the signed-in screens, the builder canvas and the framed emails run without a violation', async ({
  page,
  context,
}) => {
  // Something in the outbox to open later.
  await page.request.post('/api/auth/forgot_password/', {
    form: { email: DEMO_LOGIN.email, user_tz: 'UTC' },
  });
  await signIn(page, DEMO_LOGIN);
  for (const path of ['/campaigns', '/automation', '/automation/create', '/import', '/audiences/consent']) {
    await page.goto(path);
    await expect(page.getByRole('main')).toBeVisible();
  }
  await page.goto('/automation/details?workflow_id=1');
  const steps = page.getByRole('region', { name: 'Workflow steps' });
  await expect(steps.locator('.react-flow__node').first()).toBeVisible();
  await steps.locator('.react-flow__node-sendEmail').first().click();
  await expect(page.getByRole('heading', { name: 'Send email', level: 2 })).toBeVisible();

  await page.goto('/mailbox');
  const { value } = await subscribedContactFromEnd(page, 10);
  await page.getByLabel('Contact', { exact: true }).selectOption(value);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByRole('table').getByText('Delivered').first()).toBeVisible();
  await page.getByRole('table').getByRole('row').nth(1).getByRole('button').click();
  const email = page.frameLocator('iframe[title^="Email: "]');
  await expect(email.locator('img[src*="/t/o/"]')).toHaveCount(1);

  // The outbox is the internal admin's.
  await context.clearCookies();
  await signIn(page, adminLogin(), '/admin/outbox');
  await expect(page.getByRole('table')).toBeVisible();
  await page.getByRole('row').nth(1).getByRole('button').click();
  await expect(page.getByRole('dialog')).toBeVisible();
  // The reset email has an HTML part: its formatted view is a framed document of its own.
  await page.getByRole('button', { name: 'Formatted' }).click();
  await expect(page.frameLocator('iframe[title^="Formatted email"]').locator('body')).toContainText('Dana');
});

test('a page that breaks the policy is caught', async ({ page, cspViolations }) => {
  await signIn(page, DEMO_LOGIN);
  await page.evaluate(() => {
    const style = document.createElement('div');
    style.innerHTML = '<span style="color: red">inline</span>';
    document.body.append(style);
  });
  await expect.poll(() => cspViolations.length).toBeGreaterThan(0);
  // The fixture would fail this test on the violation: it is the one expected here.
  cspViolations.length = 0;
});
