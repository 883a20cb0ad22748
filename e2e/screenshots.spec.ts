import type { Page } from '@playwright/test';
import { DEMO_LOGIN } from '../server/seed/demoAccounts.ts';
import { newAccount, openUserMenu, signIn, signUpThroughApi } from './support/authSteps.ts';
import { openCampaignByName } from './support/campaignSteps.ts';
import { expect, test } from './support/cspTest.ts';
import { openNewEdition, solidPng } from './support/designerSteps.ts';
import { adminLogin, mailedLink, preferenceUuid } from './support/e2eFixtures.ts';
import { companyCsv, latin1Csv, pngNamedCsv } from './support/importFiles.ts';
import { apiPost, designedEdition, listOfPeople } from './support/publishSteps.ts';

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
      await expect(page.getByRole('heading', { name: 'No email was sent' })).toBeVisible();
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

    test('first run and tour screens', async ({ page }) => {
      const account = newAccount(`shots-welcome-${size}`);
      await signUpThroughApi(page.request, account);
      await signIn(page, account, '/welcome');
      await expect(page.getByRole('list', { name: 'First steps' })).toBeVisible();
      await shot(page, 'welcome');
      await page.getByRole('button', { name: 'Take the tour: Content explorer' }).click();
      await expect(page.getByRole('dialog', { name: 'Ways to find articles' })).toBeVisible();
      // The window as the person sees it: the spotlight and the callout are fixed to it.
      await page.screenshot({ path: `${dir}/tour-step-${size}.png` });
      const tour = page.getByTestId('tour');
      await tour.getByRole('button', { name: 'Next', exact: true }).click();
      await tour.getByRole('button', { name: 'Next', exact: true }).click();
      await expect(page.getByRole('dialog', { name: 'Pick articles for an email' })).toBeVisible();
      await page.screenshot({ path: `${dir}/tour-step-3-${size}.png` });
      await page.keyboard.press('Escape');
      await page.evaluate(() => window.scrollTo(0, 0));
      await expect(page.getByText(/You left the Content explorer tour/)).toBeVisible();
      await page.screenshot({ path: `${dir}/tour-offer-${size}.png` });
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
      // The email picker of the side panel (the picker family, compact).
      await page.getByRole('button', { name: 'Change email' }).click();
      await expect(page.getByRole('radiogroup', { name: 'Emails to send' })).toBeVisible();
      await shot(page, 'automation-builder-email-picker');
      await page.getByRole('button', { name: 'Keep this email' }).click();
      // Deleting the email an If / Else tests is blocked: the constraint dialog names the condition.
      await page.getByRole('button', { name: 'Close' }).first().click();
      await steps.getByRole('button', { name: 'Actions for Send getting started' }).click();
      await page.getByRole('menuitem', { name: /^Delete/ }).click();
      await expect(page.getByRole('dialog', { name: 'This change is blocked' })).toBeVisible();
      await page.screenshot({ path: `${dir}/automation-constraint-dialog-${size}.png` });
      await page.getByRole('button', { name: 'OK' }).click();
    });

    test('buyer journey screens', async ({ page }) => {
      await signIn(page, DEMO_LOGIN, '/buyer-journey/sources');
      await expect(
        page.getByTestId('journey-sources-chart').or(page.getByText('No website visits in this period')),
      ).toBeVisible();
      await shot(page, 'journey-sources');
      await page.getByRole('link', { name: 'Contacts', exact: true }).click();
      await expect(page.getByTestId('journey-stage-cards')).toBeVisible();
      await shot(page, 'journey-contacts');
      await page.getByRole('link', { name: 'Scoring', exact: true }).click();
      await expect(page.getByTestId('journey-preview-row').first()).toBeVisible();
      await shot(page, 'journey-scoring');
      await page.getByLabel('Stage 2 from score').fill('0');
      await expect(page.getByText('Correct the criteria to see the preview')).toBeVisible();
      await shot(page, 'journey-scoring-errors');
      await page.getByRole('link', { name: 'Tracking', exact: true }).click();
      await expect(page.getByTestId('journey-tracking-id')).toBeVisible();
      await shot(page, 'journey-tracking');
    });

    test('settings screens', async ({ page }) => {
      await signIn(page, DEMO_LOGIN, '/settings');
      const table = page.getByRole('table', { name: 'Sender addresses' });
      await expect(table.getByText('Default', { exact: true })).toBeVisible();
      await shot(page, 'settings-senders');
      // The add form's errors: the fields checked first, then the server's refusal of a sender it has.
      const form = page.getByRole('form', { name: 'Add a sender address' });
      await form.getByRole('button', { name: 'Send verification link' }).click();
      await expect(form.getByText('Email is required.')).toBeVisible();
      await shot(page, 'settings-senders-add-errors');
      const taken = (await table.locator('.senders__email').first().textContent()) ?? '';
      await form.getByLabel('Email address').fill(taken);
      await form.getByLabel('Sender name').fill('Northwind News');
      await form.getByRole('button', { name: 'Send verification link' }).click();
      await expect(form.getByText(`${taken} is already one of your senders.`)).toBeVisible();
      await shot(page, 'settings-senders-add-refused');
      // An organisation without any sender (answered so here: a real one always keeps one).
      await page.route('**/api/user/sender_addresses/**', (route) =>
        route.fulfill({ json: { success: true, data: { senders: [], requests: [], can_manage: true } } }),
      );
      await page.reload();
      await expect(page.getByRole('heading', { name: 'No sender addresses yet' })).toBeVisible();
      await shot(page, 'settings-senders-empty');
      await page.unrouteAll();
      // Team: the demo organisation's administrator and its member, an invitation's refusal, a removal asked.
      await page.goto('/settings/team');
      await expect(page.getByRole('row').filter({ hasText: DEMO_LOGIN.email })).toBeVisible();
      await shot(page, 'settings-team');
      const invite = page.getByRole('form', { name: 'Invite a colleague' });
      await invite.getByLabel('Email address').fill(DEMO_LOGIN.email);
      await invite.getByRole('button', { name: 'Send invitation' }).click();
      await expect(invite.getByText(`${DEMO_LOGIN.email} is already on your team.`)).toBeVisible();
      await shot(page, 'settings-team-invite-refused');
      await page
        .getByRole('button', { name: /^Remove / })
        .first()
        .click();
      await expect(page.getByRole('dialog', { name: /^Remove .*\?$/ })).toBeVisible();
      await page.screenshot({ path: `${dir}/settings-team-remove-${size}.png` });
      await page.getByRole('button', { name: 'Cancel' }).click();
      // Profile: the name, and the password form's errors.
      await page.goto('/settings/profile');
      await expect(page.getByRole('form', { name: 'Your name' })).toBeVisible();
      await shot(page, 'settings-profile');
      const password = page.getByRole('form', { name: 'Change your password' });
      await password.getByRole('button', { name: 'Change password' }).click();
      await expect(password.getByText('Enter your current password.')).toBeVisible();
      await shot(page, 'settings-profile-password-errors');
      // Plan: read-only for an ordinary user, with its history.
      await page.goto('/settings/plan');
      await expect(page.getByRole('heading', { name: 'Your plan' })).toBeVisible();
      await shot(page, 'settings-plan');
      // Export widget: a campaign chosen.
      await page.goto('/settings/export_widget');
      await page.getByRole('radio').first().check();
      await expect(page.getByRole('link', { name: /^Open the widget of / })).toBeVisible();
      await shot(page, 'settings-export-widget');

      // The Publish step of an organisation without a sender: the field says so and links to Settings.
      await page.route('**/api/publish/publish_email/**', async (route) => {
        const answer = await route.fetch();
        const body = (await answer.json()) as { data: Record<string, unknown> };
        await route.fulfill({
          response: answer,
          json: { ...body, data: { ...body.data, sender_emails: [], sender_address_id: null } },
        });
      });
      // A seeded campaign by name: the first card may be another test's campaign, sent already.
      await page.goto('/campaigns');
      await page.getByRole('link', { name: 'AI Personalised Outreach' }).click();
      await page
        .getByRole('link', { name: /^Publish edition / })
        .first()
        .click();
      await expect(page.getByRole('link', { name: 'Settings › Sender addresses' })).toBeVisible();
      await page.getByLabel('From address').scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${dir}/publish-no-sender-${size}.png` });
    });

    test("settings: an internal user's plan page and the invitation page", async ({ page, browser }) => {
      await signIn(page, adminLogin(), '/settings/plan');
      const lookup = page.getByRole('form', { name: "Find a user's plan" });
      await lookup.getByLabel("User's email").fill(DEMO_LOGIN.email);
      await lookup.getByRole('button', { name: 'Find user' }).click();
      await expect(page.getByRole('heading', { name: `Plan of ${DEMO_LOGIN.email}` })).toBeVisible();
      await shot(page, 'settings-plan-internal');

      // The invitation link as the invitee opens it (another browser).
      const email = `shot-invitee-${size}-${Date.now().toString(36)}@e2e.test`;
      await signIn(page, DEMO_LOGIN, '/api/');
      await apiPost(page, '/api/user/invite_user/', { email, role: 'member' });
      const invitee = await browser.newContext({ viewport });
      try {
        const them = await invitee.newPage();
        await them.goto(await mailedLink(email, '/auth/invitation/'));
        await expect(them.getByRole('button', { name: 'Join the team' })).toBeVisible();
        await them.screenshot({ path: `${dir}/settings-invitation-${size}.png`, fullPage: true });
        await them.getByRole('button', { name: 'Join the team' }).click();
        await expect(them.getByText('First name is required.')).toBeVisible();
        await them.screenshot({ path: `${dir}/settings-invitation-errors-${size}.png`, fullPage: true });
      } finally {
        await invitee.close();
      }
      // Withdrawn again, so the demo team is as it was.
      await page.goto('/settings/team');
      await page.getByRole('button', { name: `Withdraw the invitation of ${email}` }).click();
      await expect(page.getByRole('row').filter({ hasText: email })).toHaveCount(0);
    });

    test('campaign and publish screens', async ({ page }) => {
      // A new organisation's first look at Campaigns: what to do next, its starter emails counted.
      const account = newAccount(`shots-campaigns-${size}`);
      await signUpThroughApi(page.request, account);
      await signIn(page, account, '/campaigns');
      await expect(page.getByRole('heading', { name: 'Start your first campaign' })).toBeVisible();
      await expect(page.getByText(/copy one of the 3 emails/)).toBeVisible();
      await shot(page, 'campaigns-new-organisation');

      // An edition of the demo organisation, designed, for a list of two people.
      await signIn(page, DEMO_LOGIN, '/api/');
      const name = `Shots ${size} ${Math.random().toString(36).slice(2, 6)}`;
      const listId = await listOfPeople(page, name, 2);
      const edition = await designedEdition(page, name, {
        editionName: 'Draft Edition',
        listIds: [listId],
      });
      await page.goto(edition.publishAddress);
      const subject = page.getByLabel('Subject');
      const status = page.getByTestId('publish-save-status');
      // The preflight with problems: an empty subject (saved as it is) and an empty sender name.
      await subject.fill('');
      await page.getByLabel('Sender name').fill('');
      await expect(page.getByTestId('preflight')).toContainText('Enter a subject.');
      await expect(status).toHaveText(/Saved/);
      await shot(page, 'publish-preflight-problems');
      // A save that fails: Not saved, with Retry.
      await page.route('**/api/publish/publish_configurations/', (route) => route.abort('failed'));
      await page.getByLabel('Sender name').fill('Northwind news');
      await expect(status).toContainText('Not saved');
      await shot(page, 'publish-not-saved');
      await page.unroute('**/api/publish/publish_configurations/');
      await status.getByRole('button', { name: 'Retry' }).click();
      await expect(status).toHaveText(/Saved/);
      await subject.fill('Spring is here 🌷');
      await expect(status).toContainText('Saving…');
      await page.screenshot({ path: `${dir}/publish-saving-${size}.png` });
      await expect(page.getByText('Ready to send: nothing to fix.')).toBeVisible();
      await shot(page, 'publish-ready');
      await page.getByRole('button', { name: 'Send now' }).click();
      await page
        .getByRole('dialog', { name: /Send it to \d+ (people|person) now\?/ })
        .getByRole('button', { name: 'Send now' })
        .click();
      await expect(page.getByTestId('send-progress')).toContainText(/^(\d+) of \1 emails? delivered\.$/, {
        timeout: 30_000,
      });
      await shot(page, 'publish-sent');
      // The campaign after the send: the edition named after its day, with its subject; the chart.
      await page.getByRole('link', { name: '← Back to the campaign' }).click();
      await page.getByRole('tab', { name: /^Sent/ }).click();
      const card = page.getByRole('list', { name: 'sent emails' }).getByTestId('email-card').first();
      await expect(card).toContainText('Spring is here 🌷');
      await expect(card).toContainText(/Edition of \d{1,2} \w+ \d{4}/);
      await expect(page.getByTestId('campaign-graph')).toBeVisible();
      await shot(page, 'campaign-detail-sent');
    });

    test('analytics screens', async ({ page }) => {
      await signIn(page, DEMO_LOGIN, '/analytics');
      await expect(page.getByTestId('analytics-stats')).toBeVisible();
      await expect(page.getByTestId('analytics-trends-chart')).toBeVisible();
      await expect(page.getByTestId('analytics-campaign-graph')).toBeVisible();
      await shot(page, 'analytics-dashboard');
      await page.getByText('Show the numbers as a table').click();
      await page.getByText('Show the numbers as a table').scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${dir}/analytics-trends-table-${size}.png` });
      await page.getByRole('button', { name: 'Filter', exact: true }).click();
      const filter = page.getByRole('dialog', { name: 'Filter analytics' });
      await expect(filter.getByRole('checkbox').first()).toBeVisible();
      await page.screenshot({ path: `${dir}/analytics-filter-${size}.png` });
      await filter.getByRole('tab', { name: 'Emails' }).click();
      await filter.getByLabel('Search emails').fill('launch');
      await expect(filter.getByRole('button', { name: 'Select all matching “launch”' })).toBeVisible();
      await page.screenshot({ path: `${dir}/analytics-filter-emails-${size}.png` });
      await page.goto('/analytics/campaigns-assets');
      await expect(page.getByTestId('analytics-campaign-row').first()).toBeVisible();
      await shot(page, 'analytics-campaigns');
      await page.goto('/analytics/contacts/delivered');
      const contact = page.getByTestId('analytics-contact-row').first();
      await expect(contact).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Contact tabs' })).not.toContainText('…');
      await shot(page, 'analytics-contacts');
      await contact.getByRole('link').first().click();
      await expect(page.getByTestId('contact-activity-row').first()).toBeVisible();
      await expect(
        page.getByTestId('contact-score-row').first().or(page.getByText('Nothing scored yet')),
      ).toBeVisible();
      await shot(page, 'analytics-contact-dashboard');
    });

    test('analytics accounts and content screens', async ({ page }) => {
      await signIn(page, DEMO_LOGIN, '/analytics/accounts?date=all');
      await expect(page.getByTestId('analytics-account-row').first()).toBeVisible();
      await shot(page, 'analytics-accounts');
      await page.getByTestId('account-dashboard-link').first().click();
      await expect(page.getByTestId('account-contact-row').first()).toBeVisible();
      await expect(page.getByTestId('account-email-row').first()).toBeVisible();
      await shot(page, 'analytics-account-dashboard');
      await page.goto('/analytics/content?date=all');
      await expect(page.getByTestId('analytics-article-row').first()).toBeVisible();
      await shot(page, 'analytics-content');
    });

    test('analytics lists and insights screens', async ({ page }) => {
      await signIn(page, DEMO_LOGIN, '/analytics/lists');
      await expect(page.getByTestId('analytics-list-row').first()).toBeVisible();
      await shot(page, 'analytics-lists');
      await page.goto('/analytics/insights');
      await expect(page.getByTestId('analytics-insight-weeks')).toBeVisible();
      await shot(page, 'analytics-insights');
      await page.getByLabel('Show').selectOption('falling');
      await expect(page).toHaveURL(/filter=falling/);
      await expect(page.getByTestId('analytics-insight-weeks')).toBeVisible();
      await shot(page, 'analytics-insights-falling');
    });

    test('analytics trends, emails and workflows screens', async ({ page }) => {
      await signIn(page, DEMO_LOGIN, '/analytics/trends');
      await expect(page.getByTestId('analytics-trend-chart')).toBeVisible();
      await page.getByRole('group', { name: /^Chart: use the arrow keys/ }).focus();
      await page.keyboard.press('End');
      await expect(page.getByTestId('analytics-trend-chart-readout')).not.toBeEmpty();
      await shot(page, 'analytics-trends-email');
      await page.getByRole('button', { name: 'Table' }).click();
      await expect(page.getByTestId('analytics-trends-row').first()).toBeVisible();
      await shot(page, 'analytics-trends-email-table');
      await page.getByRole('link', { name: 'Click trends' }).click();
      await expect(page.getByTestId('analytics-trend-chart')).toBeVisible();
      await expect(page.getByLabel('Metric')).toHaveValue('total_clicks');
      await shot(page, 'analytics-trends-click');
      // Click trends by article: the demo digests' curated articles.
      await page.getByLabel('Article').selectOption({ index: 1 });
      await expect(page.getByLabel('Rate')).toBeDisabled();
      await shot(page, 'analytics-trends-click-article');
      await page.getByRole('link', { name: 'Emails', exact: true }).click();
      await expect(page.getByTestId('analytics-email-row').first()).toBeVisible();
      await shot(page, 'analytics-emails');
      await page.getByRole('link', { name: 'Workflows', exact: true }).click();
      await expect(page.getByTestId('analytics-workflows-period')).toBeVisible();
      await shot(page, 'analytics-workflows');
    });

    test('designer screens', async ({ page }) => {
      await openNewEdition(page, { empty: true });
      await expect(page.getByText('This email is empty')).toBeVisible();
      await shot(page, 'designer-empty');
      const phone = size === 'phone';
      const openSheet = async (name: string) => {
        if (phone) await page.getByRole('button', { name }).click();
      };
      const closeSheet = async () => {
        if (phone) await page.getByRole('button', { name: 'Close' }).last().click();
      };
      // Blocks: the starter template applied.
      await openSheet('Properties and templates');
      await page.getByRole('tab', { name: 'Templates' }).click();
      await page.getByRole('button', { name: 'Apply template Newsletter with columns' }).click();
      await expect(page.getByText(/replaced the design/)).toBeVisible();
      await page.getByRole('button', { name: 'Dismiss notification' }).click();
      await closeSheet();
      await expect(page.getByTestId('canvas-block').first()).toBeVisible();
      await shot(page, 'designer-blocks');
      await page.screenshot({ path: `${dir}/designer-blocks-window-${size}.png` });
      // An image block: its upload (a refusal, then a picture).
      await openSheet('Add block');
      await page.getByRole('button', { name: 'Add Image' }).click();
      await openSheet('Properties and templates');
      await page.getByRole('tab', { name: 'Properties' }).click();
      await expect(page.getByRole('heading', { name: 'Image properties' })).toBeVisible();
      const file = page.getByLabel('Image file');
      await file.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
      await expect(page.getByRole('alert')).toHaveText('Choose a PNG, JPEG, GIF or WebP image.');
      await page.screenshot({ path: `${dir}/designer-image-refused-${size}.png` });
      // The upload's answer is held until its progress is on the screen.
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route('**/api/publish/upload_image/', async (route) => {
        await held;
        await route.continue();
      });
      await file.setInputFiles({
        name: 'spring-sale.png',
        mimeType: 'image/png',
        buffer: solidPng(600, 240, [27, 52, 135]),
      });
      await expect(page.getByRole('progressbar', { name: 'Uploading spring-sale.png…' })).toBeVisible();
      await page.screenshot({ path: `${dir}/designer-image-uploading-${size}.png` });
      release();
      await closeSheet();
      await expect(page.getByRole('img', { name: 'spring sale' })).toBeVisible();
      await page.getByRole('img', { name: 'spring sale' }).scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${dir}/designer-image-${size}.png` });
      // The personal field picker of a text.
      const text = page.getByRole('textbox', { name: 'Text', exact: true }).first();
      await text.click();
      await page.keyboard.press('Control+End');
      await page.getByRole('button', { name: 'Personal field in Text' }).first().click();
      const picker = page.getByRole('dialog', { name: 'Insert a personal field' });
      await picker.getByLabel('When a recipient has none, show').fill('there');
      await page.screenshot({ path: `${dir}/designer-merge-field-${size}.png` });
      await picker.getByRole('button', { name: 'Insert' }).click();
      await expect(text).toContainText('{{first_name|there}}');
      // The text version, made from the saved design.
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(page.getByTestId('draft-status')).toHaveText(/Design saved|All changes saved/);
      await page.getByRole('tab', { name: 'Text version' }).click();
      await expect(page.getByRole('textbox', { name: 'Text version' })).toHaveValue(/first_name/);
      await shot(page, 'designer-text-version');
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

    test('lists, pickers and confirmations', async ({ page }) => {
      await signIn(page, DEMO_LOGIN, '/audiences/lists');
      // Enough lists for the card list to grow (8 at a time).
      const token = await page.evaluate(() => window.localStorage.getItem('csrf_token'));
      for (let n = 1; n <= 4; n += 1) {
        await page.request.post('/api/audience/create_list/', {
          form: { list_name: `Shots ${size} ${n} ${Date.now()}` },
          headers: { 'X-CSRFToken': token ?? '' },
        });
      }
      await page.reload();
      await expect(page.getByTestId('list-card').first()).toBeVisible();
      await expect(page.getByRole('button', { name: 'Show more lists' })).toBeVisible();
      await shot(page, 'lists');
      const cards = await page.getByTestId('list-card').count();
      await page.getByRole('button', { name: 'Show more lists' }).click();
      await expect(page.getByTestId('list-card')).not.toHaveCount(cards);
      await shot(page, 'lists-more');
      await page.getByRole('button', { name: /^Delete Q4 Newsletter/ }).click();
      await expect(page.getByRole('dialog', { name: 'Delete this list?' })).toBeVisible();
      await page.screenshot({ path: `${dir}/confirm-delete-list-${size}.png` });
      await page.getByRole('button', { name: 'Cancel' }).click();
      await page.getByRole('link', { name: 'Q4 Newsletter' }).click();
      await expect(page.getByRole('table', { name: 'Profiled contacts', exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Show more contacts' }).first()).toBeVisible();
      await shot(page, 'list-contacts');

      await page.goto('/audiences/accounts');
      await expect(page.getByRole('button', { name: 'Show more accounts' })).toBeVisible();
      await shot(page, 'accounts');

      await page.goto('/audiences/forms');
      await page.getByRole('link', { name: /submissions of Newsletter sign-up/ }).click();
      await expect(page.getByRole('table', { name: 'Submissions' })).toBeVisible();
      await shot(page, 'form-submissions');

      await page.goto('/audiences/people');
      await page
        .getByRole('checkbox', { name: /^Select / })
        .nth(1)
        .check();
      await page.getByRole('button', { name: 'Add to list' }).click();
      const picker = page.getByRole('dialog', { name: 'Add to list' });
      await expect(picker.getByRole('radiogroup', { name: 'Lists' })).toBeVisible();
      await picker.getByRole('radio').first().check();
      await page.screenshot({ path: `${dir}/add-to-list-${size}.png` });
      await picker.getByRole('button', { name: 'Cancel' }).click();

      await page.goto('/campaigns');
      await expect(page.getByTestId('campaign-card').first()).toBeVisible();
      await shot(page, 'campaigns');
      await page.getByRole('button', { name: /^Delete Partner Outreach/ }).click();
      const confirm = page.getByRole('dialog', { name: 'Delete this campaign?' });
      await expect(confirm.getByText(/will be deleted|cannot be deleted/).first()).toBeVisible();
      await page.screenshot({ path: `${dir}/confirm-delete-campaign-${size}.png` });
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await openCampaignByName(page, 'Spring Product Launch');
      await expect(page.getByTestId('email-card').first()).toBeVisible();
      await shot(page, 'campaign-detail');
      await page
        .getByRole('link', { name: /^(Publish|Schedule|Progress) edition / })
        .first()
        .click();
      await expect(page.getByRole('group', { name: /^Lists \(\d+ chosen\)$/ })).toBeVisible();
      await shot(page, 'publish-audience');

      await page.goto('/automation');
      await page
        .getByRole('button', { name: /^Pause / })
        .first()
        .click();
      await expect(page.getByRole('dialog', { name: 'Pause this workflow?' })).toBeVisible();
      await page.screenshot({ path: `${dir}/confirm-pause-${size}.png` });
      await page.getByRole('button', { name: 'Cancel' }).click();
    });

    test('CSV import screens', async ({ page }) => {
      const t = `${size}${Math.random().toString(36).slice(2, 6)}`;
      await signIn(page, DEMO_LOGIN, '/audiences/lists/import');
      const field = page.getByLabel('CSV file');
      await field.setInputFiles(pngNamedCsv());
      await expect(page.getByText(/^This file is a PNG image/)).toBeVisible();
      await shot(page, 'import-not-csv');
      await field.setInputFiles(latin1Csv(t));
      await expect(page.getByText('This file is not UTF-8')).toBeVisible();
      await shot(page, 'import-encoding');
      await page.getByLabel('File encoding').selectOption('utf-8');
      await expect(page.getByText('Characters that cannot be read')).toBeVisible();
      await shot(page, 'import-encoding-unreadable');
      await field.setInputFiles(companyCsv(t));
      await expect(page.getByLabel('Company website')).toHaveValue('4');
      await page.getByLabel('Keep “Favourite colour” as a custom field').check();
      await page.getByLabel('Import the last row of each email').check();
      await shot(page, 'import-mapping-duplicates');
      await page.getByRole('button', { name: 'Import 4 rows' }).click();
      await expect(page.getByRole('heading', { name: `Imported people-${t}.csv` })).toBeVisible({
        timeout: 20_000,
      });
      await shot(page, 'import-done');
      await page.goto('/audiences/people');
      await page.getByLabel('Search people').fill(`ana.${t}`);
      await page.getByRole('button', { name: `Ana Ortiz-Diaz${t}` }).click();
      await expect(page.getByRole('region', { name: 'Custom fields' })).toBeVisible();
      await page.screenshot({ path: `${dir}/person-custom-fields-${size}.png` });
    });

    test('campaign content steps', async ({ page }) => {
      const name = `Content shots ${size} ${Math.random().toString(36).slice(2, 6)}`;
      await signIn(page, DEMO_LOGIN, '/createcampaign');
      await page.getByLabel('Campaign name').fill(name);
      await page.getByRole('button', { name: 'Create campaign' }).click();
      await expect(page.getByRole('link', { name: 'Choose sources' })).toBeVisible();
      await shot(page, 'campaign-detail-content-links');
      await page.getByRole('link', { name: 'Choose sources' }).click();
      const cards = page.getByRole('list', { name: 'Articles' }).getByRole('listitem');
      await expect(cards.first()).toBeVisible();
      await shot(page, 'campaign-content-source');
      const form = page.getByRole('form', { name: 'Campaign sources' });
      await form.getByRole('checkbox', { name: 'Global pool (default)' }).uncheck();
      await expect(form.getByRole('alert')).toBeVisible();
      await shot(page, 'campaign-content-source-none');
      await form.getByRole('checkbox', { name: 'Global pool (default)' }).check();
      await form.getByRole('checkbox', { name: 'Fintech Daily' }).check();
      await form.getByRole('button', { name: 'Save sources' }).click();
      await expect(page.getByText('The campaign’s sources were saved.')).toBeVisible();
      await shot(page, 'campaign-content-source-saved');
      await page
        .getByRole('navigation', { name: 'Content steps' })
        .getByRole('link', { name: 'Favourites' })
        .click();
      await expect(page).toHaveURL(/\/campaigns\/content\/favorites/);
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
      await expect(cards.first().or(page.getByText('Nothing here yet'))).toBeVisible();
      await shot(page, 'campaign-content-favorites');
    });

    test("an edition's previously sent step", async ({ page }) => {
      await signIn(page, DEMO_LOGIN);
      // Seeded campaign 2, Quarterly Insights Digest, sent its issues with curated articles.
      await page.goto('/campaigns/editionedit/sent?campaign_id=2');
      await expect(page.getByRole('heading', { level: 1, name: 'Quarterly Insights Digest' })).toBeVisible();
      const cards = page.getByRole('list', { name: 'Articles' }).getByRole('listitem');
      await expect(cards.first()).toBeVisible();
      await shot(page, 'campaign-content-sent');
      await page.screenshot({ path: `${dir}/campaign-content-sent-top-${size}.png` });
      await cards.first().getByRole('checkbox').check();
      await page.getByRole('button', { name: 'Add to email' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await page.screenshot({ path: `${dir}/campaign-content-sent-curate-${size}.png` });
    });
  });
}
