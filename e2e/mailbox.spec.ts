import { DEMO_LOGIN } from '../server/seed/demoAccounts.ts';
import { signIn } from './support/authSteps.ts';
import { expect, test } from './support/cspTest.ts';
import { searchMailbox, subscribedContactFromEnd } from './support/mailboxSteps.ts';

/**
 * The demo mailbox: send an email to a demo contact, read it rendered (its pixel loads: an
 * open), click a link (a new tab goes through the click endpoint to the original address: a click), and
 * see both counted on the page.
 */
test('a newcomer sends a demo email, opens it and clicks a link, and sees the open and the click counted', async ({
  page,
  context,
}, testInfo) => {
  // The seeded emails link to made-up sites: the browser is given a page for them instead of the network.
  await context.route(/^https:\/\/[^/]*\.(test|example)\//, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>Landed on the original link</h1>' }),
  );
  await signIn(page, DEMO_LOGIN);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Mailbox' }).click();
  await expect(page.getByRole('heading', { name: 'Demo mailbox' })).toBeVisible();
  await expect(page.getByText(/No SMTP server is configured/)).toBeVisible();

  // A Subscribed contact other specs leave alone (the last one offered; see subscribedContactFromEnd).
  const { value, address } = await subscribedContactFromEnd(page, 1, testInfo.retry);
  await page.getByLabel('Contact', { exact: true }).selectOption(value);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByText(/Queued: it shows in the list below/)).toBeVisible();
  // Only this contact's emails (other specs fill the same mailbox meanwhile, past its first page).
  await searchMailbox(page, address);

  const row = page.getByRole('row').filter({ hasText: address });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('Delivered')).toBeVisible();
  await expect(row.getByTestId('mailbox-opens')).toHaveText('0');

  // Open it: the email is rendered in the sandboxed frame and its pixel loads.
  await row.getByRole('button').click();
  // It opens under the list: brought into view, with focus on it.
  const viewer = page.getByRole('region', { name: 'Opened email' });
  await expect(viewer).toBeFocused();
  // The email's card title (a reload of the email may show its loading panel's heading below it).
  await expect(viewer.getByRole('heading', { level: 2 }).first()).toBeInViewport();
  const frame = page.frameLocator('iframe[title^="Email: "]');
  await expect(frame.getByRole('link', { name: 'Read the article' })).toBeVisible();
  await expect(frame.locator('img[src*="/t/o/"]')).toHaveCount(1);

  // Click a link: a new tab, through the click endpoint, to the original address.
  const href = await frame.getByRole('link', { name: 'Read the article' }).getAttribute('href');
  expect(href).toMatch(/\/t\/c\/[A-Za-z0-9_-]{22}\/0$/);
  const popupPromise = context.waitForEvent('page');
  await frame.getByRole('link', { name: 'Read the article' }).click();
  const popup = await popupPromise;
  await popup.waitForLoadState();
  await expect(popup.getByRole('heading', { name: 'Landed on the original link' })).toBeVisible();
  expect(popup.url()).toMatch(/^https:\/\/[^/]+\/articles\//);
  await popup.close();

  // The open and the click were recorded (the list is read again until it shows them).
  await expect(async () => {
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(row.getByTestId('mailbox-clicks')).toHaveText('1', { timeout: 1000 });
    await expect(row.getByTestId('mailbox-opens')).not.toHaveText('0', { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
});

test('a forged click link answers a plain page and goes nowhere', async ({ page }) => {
  const response = await page.goto('/t/c/AAAAAAAAAAAAAAAAAAAAAA/0?url=https://evil.example/');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'This link is not valid or has expired' })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/t/c/AAAAAAAAAAAAAAAAAAAAAA/0');
});
