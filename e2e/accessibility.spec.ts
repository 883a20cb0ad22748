import { signIn } from './support/authSteps.ts';
import { expectNoAxeViolations } from './support/axeChecks.ts';
import { expect, test } from './support/cspTest.ts';
import { adminLogin } from './support/e2eFixtures.ts';

/** WCAG 2.1 A and AA rules of axe-core on every screen of this release, at desktop and phone size. */

for (const [size, viewport] of [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 375, height: 740 }],
] as const) {
  test.describe(`accessibility at ${size} size`, () => {
    test.use({ viewport });

    test('public pages', async ({ page }) => {
      await page.goto('/');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page.getByText('Email is required.')).toBeVisible();
      await expectNoAxeViolations(page, 'sign-in with errors');
      await page.goto('/auth/signup');
      await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
      await expectNoAxeViolations(page, 'sign-up');
      await page.goto('/auth/forgot-password');
      await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
      await expectNoAxeViolations(page, 'forgot password');
      await page.goto('/resetPassword/an-unknown-but-well-formed-key');
      await expect(page.getByRole('heading', { name: 'This reset link has expired' })).toBeVisible();
      await expectNoAxeViolations(page, 'expired reset link');
    });

    test('signed-in pages', async ({ page }) => {
      await page.request.post('/api/auth/forgot_password/', {
        form: { email: adminLogin().email, user_tz: 'UTC' },
      });
      await signIn(page, adminLogin());
      await expect(page.getByRole('button', { name: /^Account:/ })).toBeVisible();
      await expectNoAxeViolations(page, 'the shell');
      await page.getByRole('button', { name: /^Account:/ }).click();
      await expect(page.getByRole('menu')).toBeVisible();
      await expectNoAxeViolations(page, 'the user menu');
      await page.keyboard.press('Escape');
      await page.goto('/admin/outbox');
      await expect(page.getByRole('table')).toBeVisible();
      await expectNoAxeViolations(page, 'the outbox');
      await page.getByRole('row').nth(1).getByRole('button').click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expectNoAxeViolations(page, 'an email of the outbox');
    });
  });
}
