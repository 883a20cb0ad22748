import type { Page } from '@playwright/test';
import { newAccount } from './support/authSteps.ts';
import { expectNoAxeViolations } from './support/axeChecks.ts';
import { expect, test } from './support/cspTest.ts';
import { mailedLink } from './support/e2eFixtures.ts';
import { refreshMailboxUntil, searchMailbox } from './support/mailboxSteps.ts';

/**
 * A new organisation goes from sign-up to a sent campaign edition without help, every product step in the
 * browser: sign up (no SMTP here: the page says the link is in the server log, which the test reads as the
 * operator would), confirm, find the owner's confirmed address as the default sender in Settings, add a
 * second From address and verify it from its mailed link, create one contact, a campaign and an email,
 * design it (the footer's postal address filled in), and send it from the default sender to the contact;
 * the email arrives in the demo mailbox. The walk is made on a desktop (1280 px) and on a phone (375 px).
 */
const tag = () => Math.random().toString(36).slice(2, 8);

/** The main navigation's link to an area, opening the menu first below 1100 px (where the bar folds it). */
async function openArea(page: Page, name: string) {
  if ((page.viewportSize()?.width ?? 1280) < 1100)
    await page.getByRole('button', { name: 'Open navigation' }).click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name }).click();
}

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 375, height: 812 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('a new organisation signs up and sends a campaign edition to its first contact', async ({
      page,
    }) => {
      test.setTimeout(180_000);
      const account = newAccount('neworg');
      const t = tag();
      const contact = {
        first: 'Nina',
        last: `First${t}`,
        email: `nina-${t}-${Date.now().toString(36)}@example.com`,
      };

      // 1. Sign up and confirm.
      await page.goto('/auth/signup');
      await page.getByLabel('First name').fill(account.firstName);
      await page.getByLabel('Last name').fill(account.lastName);
      await page.getByLabel('Work email').fill(account.email);
      await page.getByLabel('Password', { exact: true }).fill(account.password);
      await page.getByLabel('Organisation').fill(`Fresh Org ${t}`);
      await page.getByRole('button', { name: 'Create account' }).click();
      await expect(page.getByRole('heading', { name: 'No email was sent' })).toBeVisible();
      await page.goto(await mailedLink(account.email, '/auth/confirm-signup/'));
      await page.getByRole('button', { name: 'Create my account' }).click();
      // A first sign-in lands on the welcome page.
      await page.waitForURL('**/welcome');

      // 2. Settings › Sender addresses: the owner (an admin) has the confirmed address as the default sender.
      await openArea(page, 'Settings');
      await page.waitForURL('**/settings');
      const owner = page.getByRole('row').filter({ hasText: account.email });
      await expect(owner.getByText('Default', { exact: true })).toBeVisible();
      await expectNoAxeViolations(page, 'Settings › Sender addresses');

      // A second From address, verified from the link mailed to it.
      const second = `news-${t}@example.com`;
      const form = page.getByRole('form', { name: 'Add a sender address' });
      await form.getByLabel('Email address').fill(second);
      await form.getByLabel('Sender name').fill('Fresh News');
      await form.getByRole('button', { name: 'Send verification link' }).click();
      await expect(page.getByText(/operator finds the verification link .* in the server log/)).toBeVisible();
      await expect(
        page.getByRole('row').filter({ hasText: second }).getByText('Waiting for verification'),
      ).toBeVisible();
      await page.goto(await mailedLink(second, '/auth/verify-sender/'));
      await expect(page.getByText(second)).toBeVisible();
      await page.getByRole('button', { name: 'Verify this address' }).click();
      await expect(page.getByRole('heading', { name: 'Sender address verified' })).toBeVisible();
      await page.getByRole('link', { name: 'Open sender addresses' }).click();
      await expect(
        page.getByRole('row').filter({ hasText: second }).getByText('Verified', { exact: true }),
      ).toBeVisible();

      // 3. One contact.
      await openArea(page, 'Audiences');
      await page.getByRole('button', { name: 'Create contact' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Create contact' });
      await dialog.getByLabel('First name').fill(contact.first);
      await dialog.getByLabel('Last name').fill(contact.last);
      await dialog.getByLabel('Email', { exact: true }).fill(contact.email);
      await dialog.getByRole('button', { name: 'Create contact' }).click();
      await expect(page.getByText(`${contact.first} ${contact.last} created.`)).toBeVisible();

      // 4. A campaign with an email.
      const campaign = `First campaign ${t}`;
      await openArea(page, 'Campaigns');
      // The page's action (an organisation without campaigns is offered the same link in its empty list too).
      await page.getByRole('link', { name: 'New campaign' }).first().click();
      await page.getByLabel('Campaign name').fill(campaign);
      await page.getByRole('button', { name: 'Create campaign' }).click();
      await expect(page.getByRole('heading', { level: 1, name: campaign })).toBeVisible();
      await page.getByRole('button', { name: 'New email' }).click();
      const create = page.getByRole('dialog');
      await create.getByLabel('Email name').fill('Hello');
      await create.getByLabel('Ad hoc (custom)').check();
      await create.getByRole('button', { name: 'Create email' }).click();
      await expect(create).toBeHidden();

      // 5. Its design: the Announcement template without its empty image, the footer's postal address.
      await page.getByRole('link', { name: 'Design edition Draft Edition of Hello' }).click();
      await expect(page.getByTestId('canvas-block').first()).toBeVisible();
      // A phone (up to 900 px) shows the canvas alone: the side panel is a sheet opened and closed.
      const phone = viewport.width <= 900;
      const openSidePanel = async () => {
        if (phone) await page.getByRole('button', { name: 'Properties and templates' }).click();
      };
      const closeSidePanel = async () => {
        if (phone) await page.getByRole('button', { name: 'Close' }).last().click();
      };
      await openSidePanel();
      await page.getByRole('tab', { name: 'Templates' }).click();
      await page.getByRole('button', { name: 'Apply template Announcement' }).click();
      await expect(page.getByText(/replaced the design/)).toBeVisible();
      await closeSidePanel();
      await page.locator('[data-testid="canvas-block"][data-kind="image"]').click();
      await page.getByRole('button', { name: 'Remove Image' }).click();
      await page.locator('[data-testid="canvas-block"][data-kind="footer"]').click();
      await openSidePanel();
      await page.getByRole('tab', { name: 'Properties' }).click();
      await page.getByLabel('Postal address').fill('1 Harbour Street, Newtown');
      await closeSidePanel();
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(page.getByTestId('draft-status')).toHaveText(/Design saved|All changes saved/);

      // 6. Publish: the default sender preselected, a subject, the contact, send now.
      await page.getByRole('link', { name: '← Back to the campaign' }).click();
      await page.getByRole('link', { name: 'Publish edition Draft Edition of Hello' }).click();
      const from = page.getByLabel('From address');
      await expect(from.locator('option:checked')).toHaveText(`${account.email} (default)`);
      await expect(from.locator('option')).toHaveText([`${account.email} (default)`, second]);
      const subject = `Welcome from Fresh Org ${t}`;
      await page.getByLabel('Subject').fill(subject);
      await page.getByRole('searchbox', { name: 'Search contacts' }).fill(contact.last);
      await page
        .getByRole('checkbox', { name: `${contact.first} ${contact.last} <${contact.email}>` })
        .check();
      await expect(page.getByTestId('recipients-count')).toContainText('1 person will receive it');
      await expect(page.getByText('Ready to send: nothing to fix.')).toBeVisible();
      await page.getByRole('button', { name: 'Send now' }).click();
      await page
        .getByRole('dialog', { name: 'Send it to 1 person now?' })
        .getByRole('button', { name: 'Send now' })
        .click();
      // The send's progress: its one email queued, or already delivered (the demo mailbox delivers at once).
      await expect(page.getByTestId('send-progress')).toContainText(/1 email queued|1 of 1 email delivered/, {
        timeout: 15_000,
      });

      // 7. The demo mailbox: it arrived, from the owner's address.
      await openArea(page, 'Mailbox');
      await searchMailbox(page, contact.email);
      const row = page.getByRole('row').filter({ hasText: contact.email });
      await refreshMailboxUntil(page, () =>
        expect(row.getByText('Delivered')).toBeVisible({ timeout: 1000 }),
      );
      await expect(row).toContainText(subject);
    });
  });
}
