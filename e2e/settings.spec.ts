import { DEMO_LOGIN } from '../server/seed/demoAccounts.ts';
import { newAccount, signIn, signUpThroughApi } from './support/authSteps.ts';
import { expectNoAxeViolations } from './support/axeChecks.ts';
import { expect, test } from './support/cspTest.ts';
import { mailedLink } from './support/e2eFixtures.ts';
import { refreshMailboxUntil, searchMailbox } from './support/mailboxSteps.ts';
import { apiPost, designedEdition } from './support/publishSteps.ts';

/**
 * Settings, walked by a new organisation's owner at desktop and phone width: invite a colleague from
 * Team, open the invitation link mailed to them (no SMTP here: the server's log holds it, read as the
 * operator would) in another browser, join as them and land signed in; then add a From address in
 * Sender addresses, verify it from its mailed link and send a designed edition from it to a contact; the
 * demo mailbox shows the email from that address. Every page is checked with axe.
 */
const tag = () => Math.random().toString(36).slice(2, 8);

for (const width of [1280, 375]) {
  test(`at ${width} px: invite a colleague who joins from the link, add and verify a sender and send from it`, async ({
    page,
    request,
    browser,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
    const owner = newAccount('settings');
    const t = tag();
    await signUpThroughApi(request, owner);
    await signIn(page, owner, '/settings/team');

    // 1. Team: the owner is its administrator; invite a colleague as a member.
    await expect(page.getByRole('heading', { name: 'Team', exact: true })).toBeVisible();
    const ownerRow = page.getByRole('row').filter({ hasText: owner.email });
    await expect(ownerRow.getByText('Administrator', { exact: true })).toBeVisible();
    // The current page's link is in view, also in the phone's sideways-scrolling row of pages.
    await expect(
      page.getByRole('navigation', { name: 'Settings pages' }).getByRole('link', { name: 'Team' }),
    ).toBeInViewport({ ratio: 1 });
    await expectNoAxeViolations(page, `Settings › Team at ${width} px`);
    const colleague = `colleague-${t}-${Date.now().toString(36)}@e2e.test`;
    const invite = page.getByRole('form', { name: 'Invite a colleague' });
    await invite.getByLabel('Email address').fill(colleague);
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    await expect(page.getByText(/operator finds the invitation link .* in the server log/)).toBeVisible();
    await expect(
      page.getByRole('row').filter({ hasText: colleague }).getByText('Invited', { exact: true }),
    ).toBeVisible();

    // 2. The colleague opens the link in their own browser, chooses a name and a password, and is signed in.
    const theirs = await browser.newContext({ viewport: { width, height: width === 375 ? 812 : 800 } });
    try {
      const them = await theirs.newPage();
      await them.goto(await mailedLink(colleague, '/auth/invitation/'));
      await expect(them.getByRole('heading', { name: /^Join / })).toBeVisible();
      await expect(them.getByText(colleague)).toBeVisible();
      await expectNoAxeViolations(them, `the invitation page at ${width} px`);
      await them.getByLabel('First name').fill('Cora');
      await them.getByLabel('Last name').fill(`Colleague${t}`);
      await them.getByLabel('Password', { exact: true }).fill(`${t}-Harbour-Quill-${t}!`);
      await them.getByRole('button', { name: 'Join the team' }).click();
      await them.waitForURL('**/campaigns');
      await them.goto('/settings/team');
      const me = them.getByRole('row').filter({ hasText: colleague });
      await expect(me.getByText('(you)')).toBeVisible();
      await expect(me.getByText('Member', { exact: true })).toBeVisible();
      await expect(them.getByText(/Only your organisation's administrators/)).toBeVisible();
    } finally {
      await theirs.close();
    }
    await page.reload();
    await expect(
      page.getByRole('row').filter({ hasText: colleague }).getByText('Member', { exact: true }),
    ).toBeVisible();

    // 3. Sender addresses: add a From address and verify it from the link mailed to it.
    await page
      .getByRole('navigation', { name: 'Settings pages' })
      .getByRole('link', { name: 'Sender addresses' })
      .click();
    const sender = `news-${t}@e2e.test`;
    const add = page.getByRole('form', { name: 'Add a sender address' });
    await add.getByLabel('Email address').fill(sender);
    await add.getByLabel('Sender name').fill(`News ${t}`);
    await add.getByRole('button', { name: 'Send verification link' }).click();
    await expect(
      page.getByRole('row').filter({ hasText: sender }).getByText('Waiting for verification'),
    ).toBeVisible();
    await page.goto(await mailedLink(sender, '/auth/verify-sender/'));
    await page.getByRole('button', { name: 'Verify this address' }).click();
    await expect(page.getByRole('heading', { name: 'Sender address verified' })).toBeVisible();

    // 4. Send a designed edition from it to a contact.
    const contact = `reader-${t}-${Date.now().toString(36)}@example.com`;
    await apiPost(page, '/api/audience/create_contact/', {
      first_name: 'Rita',
      last_name: `Reader${t}`,
      email: contact,
    });
    const edition = await designedEdition(page, `Settings walk ${t}`, { editionName: `Walk ${t}` });
    await page.goto(edition.publishAddress);
    const from = page.getByLabel('From address');
    await expect(from.locator('option', { hasText: sender })).toHaveCount(1);
    await from.selectOption({ label: sender });
    await page.getByLabel('Subject').fill(`From our new address ${t}`);
    await page.getByRole('searchbox', { name: 'Search contacts' }).fill(`Reader${t}`);
    await page.getByRole('checkbox', { name: new RegExp(`Rita Reader${t}`) }).check();
    await expect(page.getByTestId('recipients-count')).toContainText('1 person will receive it');
    await expect(page.getByText('Ready to send: nothing to fix.')).toBeVisible();
    await page.getByRole('button', { name: 'Send now' }).click();
    await page
      .getByRole('dialog', { name: 'Send it to 1 person now?' })
      .getByRole('button', { name: 'Send now' })
      .click();
    await expect(page.getByTestId('send-progress')).toContainText(/1 email queued|1 of 1 email delivered/, {
      timeout: 15_000,
    });

    // 5. The demo mailbox: it arrived, from the new address.
    await page.goto('/mailbox');
    await searchMailbox(page, contact);
    const row = page.getByRole('row').filter({ hasText: contact });
    await refreshMailboxUntil(page, () => expect(row.getByText('Delivered')).toBeVisible({ timeout: 1000 }));
    await row.getByRole('button').click();
    await expect(page.getByRole('region', { name: 'Opened email' }).getByText(sender)).toBeVisible();
  });
}

test('Settings › Profile, Plan and Export widget open for the demo user, each checked with axe', async ({
  page,
}) => {
  await signIn(page, DEMO_LOGIN, '/settings/profile');
  await expect(page.getByRole('form', { name: 'Your name' })).toBeVisible();
  await expect(page.getByRole('form', { name: 'Change your password' })).toBeVisible();
  await expectNoAxeViolations(page, 'Settings › Profile');
  const pages = page.getByRole('navigation', { name: 'Settings pages' });
  await pages.getByRole('link', { name: 'Plan' }).click();
  await expect(page.getByRole('heading', { name: 'Your plan' })).toBeVisible();
  await expect(page.getByText('PREMIUM')).toBeVisible();
  // An ordinary user reads the plan and cannot change it.
  await expect(page.getByRole('heading', { name: 'Change a plan' })).toHaveCount(0);
  await expectNoAxeViolations(page, 'Settings › Plan');
  await pages.getByRole('link', { name: 'Export widget' }).click();
  await page.getByRole('searchbox', { name: 'Search campaigns' }).waitFor();
  await page.getByRole('radio').first().check();
  // At phone width the button naming the campaign wraps: nothing is wider than the screen.
  await page.setViewportSize({ width: 375, height: 812 });
  const open = page.getByRole('link', { name: /^Open the widget of / });
  await open.scrollIntoViewIfNeeded();
  await expect(open).toBeInViewport({ ratio: 1 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await open.click();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(new URL(page.url()).searchParams.get('exportPopup')).toBe('true');
});
