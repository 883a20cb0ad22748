import type { Page } from '@playwright/test';
import { DEMO_LOGIN } from '../server/seed/demoAccounts.ts';
import { signIn } from './support/authSteps.ts';
import { expect, test } from './support/cspTest.ts';

/** Every protected route of spec 01 and spec 02 section 2 (optional params filled in or not) and its heading. */
const AREA_ROUTES: readonly (readonly [path: string, heading: string])[] = [
  ['/welcome', 'Welcome'],
  ['/content/explorer', 'Content'],
  ['/content/search', 'Content'],
  ['/campaigns', 'Campaigns'],
  // The edition editor (its Design and Publish links) and the designer, here without an edition named.
  ['/campaigns/editionedit', 'Edit this edition'],
  ['/campaigns/editionedit/design', 'Email designer'],
  // The campaign content steps of an edition, headed by the campaign's name.
  ['/campaigns/editionedit/source?campaign_id=2', 'Quarterly Insights Digest'],
  ['/campaigns/editionedit/favorites?campaign_id=2', 'Quarterly Insights Digest'],
  ['/campaigns/editionedit/sent?campaign_id=2', 'Quarterly Insights Digest'],
  ['/campaigns/editionedit/previous?campaign_id=2', 'Quarterly Insights Digest'],
  ['/createcampaign', 'Create a campaign'],
  ['/audiences', 'People'],
  ['/audiences/contacts', 'People'],
  ['/audiences/search', 'Find and add people'],
  ['/audiences/add?list_id=3', 'Add people to “Newsletter Readers”'],
  // A seeded campaign's audience (headed "Audience of “…”").
  ['/campaigns/editionedit/audience?campaign_id=4', 'Audience of'],
  ['/audiences/lists/view/all?list_id=3', 'Newsletter Readers'],
  ['/analytics', 'Analytics'],
  ['/analytics/contacts/dashboard?contact_id=12&show_back', 'Analytics'],
  ['/analytics/lists', 'Analytics'],
  ['/analytics/insights', 'Analytics'],
  ['/buyer-journey', 'Buyer journey'],
  ['/buyer-journey/accounts', 'Buyer journey'],
  ['/outlook_auth', 'Connect Outlook'],
  ['/automation', 'Automation'],
  ['/automation/create', 'Create a workflow'],
  // The details screen is headed by the workflow's name (seeded workflow 3 of the demo user).
  ['/automation/details?workflow_id=3', 'Click nurture'],
  ['/settings', 'Settings'],
  ['/settings/profile/security', 'Settings'],
];

async function expectSignInAt(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  const url = new URL(page.url());
  expect(url.pathname).toBe('/');
  expect(url.searchParams.get('redirect')?.split('?')[0]).toBe(path.split('?')[0]);
}

test.describe('routes', () => {
  test('signed out on a local host, every protected route goes to / with a redirect back', async ({
    page,
  }) => {
    for (const path of [...AREA_ROUTES.map(([p]) => p), '/import', '/permission_denied?error=403']) {
      await expectSignInAt(page, path);
    }
  });

  test('signed out on a non-local host, a protected route goes to the auth login with redirectURL', async ({
    playwright,
    launchOptions,
    baseURL,
  }) => {
    const port = new URL(baseURL!).port;
    const browser = await playwright.chromium.launch({
      ...launchOptions,
      args: [...(launchOptions.args ?? []), '--host-resolver-rules=MAP workbench.example 127.0.0.1'],
    });
    try {
      const page = await browser.newPage();
      const origin = `http://workbench.example:${port}`;
      await page.goto(`${origin}/automation/details?workflow_id=3`);
      await page.waitForURL(`${origin}/auth/login?redirectURL=${encodeURIComponent(origin)}`);
      await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();

      // Signing in there comes back through /sso/{csrfToken}/ and opens the workbench on that host.
      await page.getByLabel('Email').fill(DEMO_LOGIN.email);
      await page.getByLabel('Password', { exact: true }).fill(DEMO_LOGIN.password);
      const ssoLanding = page.waitForURL(/\/sso\/[^/]+\/$/);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await ssoLanding;
      await page.waitForURL(`${origin}/campaigns`);
      await expect(page.getByTestId('user-name')).toHaveText('Dana Demo');
    } finally {
      await browser.close();
    }
  });

  test('signed in, every area route opens its page', async ({ page }) => {
    await signIn(page, DEMO_LOGIN);
    for (const [path, heading] of AREA_ROUTES) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: heading, level: 1 }), path).toBeVisible();
      expect(new URL(page.url()).pathname, path).toBe(path.split('?')[0]);
    }
    // Every analytics report is built: lists and insights show their report, not a later-release page.
    for (const [path, report] of [
      ['/analytics/lists', 'Lists'],
      ['/analytics/insights', 'Weekly account insight'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: report, level: 2 }), path).toBeVisible();
      await expect(page.getByText('arrives in a later release'), path).toHaveCount(0);
    }
    // The import screen (its own issue part) opens too.
    await page.goto('/import');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/import');
    // Automation is built: an unknown address under it is a real not-found, with the way back.
    await page.goto('/automation/reports/weekly');
    await expect(page.getByRole('heading', { name: 'This page does not exist' })).toBeVisible();
    await expect(page.getByText('arrives in a later release')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Go to Automation' })).toHaveAttribute('href', '/automation');
    // So is campaigns: an unknown edition step is a not-found, naming the address.
    await page.goto('/campaigns/editionedit/nothing');
    await expect(page.getByRole('heading', { name: 'This page does not exist' })).toBeVisible();
    await expect(page.getByText('/campaigns/editionedit/nothing')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to Campaigns' })).toHaveAttribute('href', '/campaigns');
    await expect(page.getByText('being built')).toHaveCount(0);
    // The publish step, whatever its subTab (sent, test, scheduled): the edition's own state decides what
    // it shows, so each opens the same step as /publish (the draft edition of seeded email 7, campaign 2).
    await page.goto('/campaigns/editionedit/publish?campaign_id=2&email_id=7');
    const publish = page.getByRole('heading', { level: 1 });
    await expect(page.getByText('Publish', { exact: true })).toBeVisible();
    const title = await publish.textContent();
    for (const subTab of ['sent', 'test', 'scheduled']) {
      await page.goto(`/campaigns/editionedit/publish/${subTab}?campaign_id=2&email_id=7&allCampaigns=true`);
      await expect(page.getByText('Publish', { exact: true }), subTab).toBeVisible();
      await expect(publish, subTab).toHaveText(title ?? '');
    }
    // /signup for a signed-in user is the first-run setup: /welcome takes its place in the history.
    await page.goto('/automation');
    await page.goto('/signup');
    await expect(page.getByRole('heading', { name: 'Welcome', level: 1 })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/welcome');
    await page.goBack();
    await expect(page).toHaveURL(/\/automation$/);
  });

  test('query parameters survive and defaults stay out of the address', async ({ page }) => {
    await signIn(page, DEMO_LOGIN, '/campaigns/editionedit?campaign_id=4&email_id=7,8');
    await expect(page.getByRole('heading', { name: 'Edit this edition', level: 1 })).toBeVisible();
    const url = new URL(page.url());
    expect(url.searchParams.get('campaign_id')).toBe('4');
    expect(url.searchParams.get('email_id')).toBe('7,8');
    expect(url.searchParams.has('allCampaigns')).toBe(false);
    expect(url.searchParams.has('exportPopup')).toBe(false);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Automation' }).click();
    await page.waitForURL((u) => u.pathname === '/automation');
    expect(new URL(page.url()).search).toBe('');
  });

  test('a repeated unsub is normalised to a single /unsub/{unsubid} by the server (301)', async ({
    page,
    request,
  }) => {
    const answer = await request.get('/unsub/unsub/unsub/abc-123/?x=1', { maxRedirects: 0 });
    expect(answer.status()).toBe(301);
    expect(answer.headers().location).toBe('/unsub/abc-123?x=1');
    // abc-123 is no unsubscribe id: the public pages answer it with their "not valid" page (404).
    const landing = await request.get('/unsub/abc-123', { maxRedirects: 0 });
    expect(landing.status()).toBe(404);
    expect(await landing.text()).toContain('This link is not valid');

    await page.goto('/unsub/unsub/abc-123');
    await page.waitForURL((u) => u.pathname === '/unsub/abc-123');
    // The public build answers there, not the workbench's sign-in page.
    await expect(page.locator('#root')).not.toBeEmpty();
    await expect(page.getByRole('heading', { name: 'Sign in' })).toHaveCount(0);
  });
});
