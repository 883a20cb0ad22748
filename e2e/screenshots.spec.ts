import type { Page } from '@playwright/test';
import { DEMO_LOGIN } from '../server/seed/demoAccounts.ts';
import { newAccount, openUserMenu, signIn, signUpThroughApi } from './support/authSteps.ts';
import { expect, test } from './support/cspTest.ts';
import { adminLogin, mailedLink, preferenceUuid } from './support/e2eFixtures.ts';

/**
 * Screenshots of every screen at desktop (1280x800) and phone (375x740) size, for people to look at.
 * Runs only when SCREENSHOTS_DIR is set: SCREENSHOTS_DIR=/tmp/shots npx playwright test screenshots
 */
const dir = process.env.SCREENSHOTS_DIR;
const sizes = { desktop: { width: 1280, height: 800 }, phone: { width: 375, height: 740 } } as const;

test.skip(!dir, 'set SCREENSHOTS_DIR to take screenshots');

for (const [size, viewport] of Object.entries(sizes)) {
  test.describe(`screens at ${size} size`, () => {
    test.use({ viewport });

    const shot = (page: Page, name: string) =>
      page.screenshot({ path: `${dir}/${name}-${size}.png`, fullPage: true });

    test('public screens', async ({ page, request }) => {
      await page.goto('/');
      await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
      await shot(page, 'signin');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page.getByText('Email is required.')).toBeVisible();
      await shot(page, 'signin-errors');
      await page.getByLabel('Email').fill(DEMO_LOGIN.email);
      await page.getByLabel('Password', { exact: true }).fill('wrong-password');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page.getByRole('alert')).toBeVisible();
      await shot(page, 'signin-server-error');

      await page.goto('/api/docs');
      await expect(page.getByRole('heading', { name: /Workbench API/ })).toBeVisible();
      await page.screenshot({ path: `${dir}/api-docs-${size}.png` });
      await page.goto('/auth/signup');
      await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
      await shot(page, 'signup');

      await page.goto('/auth/forgot-password');
      await shot(page, 'forgot');
      await page.getByLabel('Email').fill(DEMO_LOGIN.email);
      await page.getByRole('button', { name: 'Send reset link' }).click();
      await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
      await shot(page, 'forgot-sent');

      await page.goto('/resetPassword/not-a-real-key-but-long-enough');
      await expect(page.getByRole('heading', { name: 'This reset link has expired' })).toBeVisible();
      await shot(page, 'reset-expired');

      const account = newAccount(`shots-${size}`);
      await signUpThroughApi(request, account);
      await request.post('/api/auth/forgot_password/', { form: { email: account.email, user_tz: 'UTC' } });
      // The outbox shows the link redacted: the operator's copy in the server log has it.
      const link = await mailedLink(account.email, '/resetPassword/');
      await page.goto(link);
      await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
      await shot(page, 'reset');

      await page.goto(`/unsub/${preferenceUuid(1)}`);
      await expect(page.getByRole('heading', { name: 'Preference Management' })).toBeVisible();
      await shot(page, 'public-preferences');
    });

    test('signed-in screens', async ({ page }) => {
      await page.request.post('/api/auth/forgot_password/', {
        form: { email: DEMO_LOGIN.email, user_tz: 'UTC' },
      });
      await signIn(page, adminLogin());
      await expect(page.getByRole('button', { name: /^Account:/ })).toBeVisible();
      await shot(page, 'shell');
      await openUserMenu(page);
      await shot(page, 'user-menu');
      await page.keyboard.press('Escape');
      if (size === 'phone') {
        await page.getByRole('button', { name: 'Open navigation' }).click();
        await shot(page, 'nav-open');
        await page.getByRole('button', { name: 'Close navigation' }).click();
      }
      await page.goto('/admin/outbox');
      await expect(page.getByRole('table')).toBeVisible();
      await shot(page, 'outbox');
      await page.getByRole('row').nth(1).getByRole('button').click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await page.screenshot({ path: `${dir}/outbox-email-${size}.png` });
      await page.getByRole('button', { name: 'Formatted' }).click();
      await page.screenshot({ path: `${dir}/outbox-email-html-${size}.png` });
    });

    test('permission and not-found screens', async ({ page }) => {
      await signIn(page, DEMO_LOGIN, '/admin/outbox');
      await expect(
        page.getByRole('heading', { name: 'You don’t have permission to see this' }),
      ).toBeVisible();
      await shot(page, 'outbox-denied');
      await page.goto('/no/such/page');
      await shot(page, 'not-found');
    });

    test('automation screens', async ({ page }) => {
      await signIn(page, DEMO_LOGIN, '/automation');
      await expect(page.getByRole('table').getByRole('link').first()).toBeVisible();
      await shot(page, 'automation-list');
      await page.screenshot({ path: `${dir}/automation-list-window-${size}.png` });
      await page
        .getByRole('button', { name: /^Clone / })
        .first()
        .click();
      await expect(page.getByRole('dialog', { name: 'Cloning this workflow' })).toBeVisible();
      await page.screenshot({ path: `${dir}/automation-clone-dialog-${size}.png` });
      await page.getByRole('button', { name: 'Cancel' }).click();
      await page.getByLabel('Search workflows').fill('no such workflow');
      await expect(page.getByRole('heading', { name: 'No workflows match' })).toBeVisible();
      await shot(page, 'automation-list-no-match');

      await page.goto('/automation/create');
      await expect(page.getByRole('radio', { name: /^Email open/ })).toBeVisible();
      await shot(page, 'automation-create');
      await page.getByRole('radio', { name: /^Email click/ }).check();
      await expect(page.getByRole('radiogroup', { name: 'Emails' })).toBeVisible();
      await page.getByRole('radiogroup', { name: 'Emails' }).getByRole('radio').first().check();
      await shot(page, 'automation-create-email');
      await page.getByRole('radio', { name: /^Subscribes to a list/ }).check();
      await expect(page.getByRole('radiogroup', { name: 'Lists' })).toBeVisible();
      await shot(page, 'automation-create-list');

      await page.goto('/automation/details?workflow_id=1');
      await expect(page.getByTestId('workflow-email-graph')).toBeVisible();
      const steps = page.getByRole('region', { name: 'Workflow steps' });
      await expect(steps.locator('.react-flow__node').first()).toBeVisible();
      await shot(page, 'automation-details');
      // A step's editor in the side panel.
      await steps.locator('.react-flow__node-sendEmail').first().click();
      await expect(page.getByRole('heading', { name: 'Send email', level: 2 })).toBeVisible();
      await shot(page, 'automation-builder-editor');
      // Deleting the email an If / Else tests is blocked: the constraint dialog names the condition.
      await page.getByRole('button', { name: 'Close' }).first().click();
      await steps.getByRole('button', { name: 'Actions for Send getting started' }).click();
      await page.getByRole('menuitem', { name: /^Delete/ }).click();
      await expect(page.getByRole('dialog', { name: 'This change is blocked' })).toBeVisible();
      await page.screenshot({ path: `${dir}/automation-constraint-dialog-${size}.png` });
      await page.getByRole('button', { name: 'OK' }).click();
    });

    test('mailbox screens', async ({ page }) => {
      await signIn(page, DEMO_LOGIN, '/mailbox');
      await expect(page.getByRole('heading', { name: 'Demo mailbox' })).toBeVisible();
      // One send, so the list is not empty, then found by the recipient's address.
      await page.getByRole('button', { name: 'Send', exact: true }).click();
      await expect(page.getByRole('table').getByText('Delivered').first()).toBeVisible();
      await shot(page, 'mailbox');
      const address = await page.getByRole('table').locator('.mailbox-table__address').first().textContent();
      await page.getByLabel('Search the mailbox').fill(address ?? '');
      await expect(page.getByRole('table').getByRole('row')).not.toHaveCount(1);
      await shot(page, 'mailbox-search');
      await page.getByLabel('Search the mailbox').fill('no such recipient');
      await expect(page.getByRole('heading', { name: 'No emails match “no such recipient”' })).toBeVisible();
      await shot(page, 'mailbox-no-match');
      // An opened email: brought into view (a window-sized shot shows where the person is).
      await page.getByLabel('Search the mailbox').fill('');
      await page.getByRole('table').getByRole('row').nth(1).getByRole('button').click();
      await expect(page.getByRole('region', { name: 'Opened email' })).toBeFocused();
      await page.screenshot({ path: `${dir}/mailbox-email-open-${size}.png` });
      // The support chat open over it.
      await page.getByTestId('support-launcher').click();
      await expect(page.getByTestId('support-panel')).toBeVisible();
      await page.screenshot({ path: `${dir}/support-open-${size}.png` });
    });

    test('shell, focus and consistency screens', async ({ page }) => {
      await signIn(page, DEMO_LOGIN, '/campaigns');
      // A screen whose code cannot be loaded (as while the server is down): in the shell, with Try again.
      await page.route('**/assets/WorkflowListPage-*.js', (route) => route.abort('connectionrefused'));
      if (size === 'phone') await page.getByRole('button', { name: 'Open navigation' }).click();
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Automation' }).click();
      await expect(page.getByRole('heading', { name: 'This screen could not be loaded' })).toBeVisible();
      await shot(page, 'screen-load-failure');
      await page.unroute('**/assets/WorkflowListPage-*.js');
      await expect(page.getByRole('heading', { level: 1, name: 'Automation' })).toBeVisible();

      // A form's first error, focused and in view.
      await page.goto('/createcampaign');
      await page.getByRole('button', { name: 'Create campaign' }).click();
      await expect(page.getByLabel('Campaign name')).toBeFocused();
      await page.screenshot({ path: `${dir}/create-campaign-error-focused-${size}.png` });

      // The audience and content sections (wrapping on a phone), the sort select, the focus ring.
      await page.goto('/audiences');
      await expect(page.getByRole('heading', { level: 1, name: 'People' })).toBeVisible();
      await page.getByLabel('Search people').focus();
      await page.screenshot({ path: `${dir}/people-focus-${size}.png` });
      await page.goto('/content/favorites');
      await expect(page.getByRole('navigation', { name: 'Content tabs' })).toBeVisible();
      await shot(page, 'content-favourites');

      // The import wizard: the file picker and the radios of the design system.
      await page.goto('/audiences/lists/import');
      await page.getByLabel('CSV file').setInputFiles({
        name: 'people.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from('email,first_name\nada@example.test,Ada\n'),
      });
      await expect(page.getByTestId('import-row-count')).toHaveText('1 row and 2 columns.');
      await shot(page, 'import-wizard');

      // A dialog: focus on its first field.
      await page.goto('/audiences/lists');
      await page.getByRole('button', { name: 'New list' }).click();
      await expect(page.getByRole('dialog').getByRole('textbox').first()).toBeFocused();
      await page.screenshot({ path: `${dir}/new-list-dialog-${size}.png` });
    });
  });
}
