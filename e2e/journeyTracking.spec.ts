import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO_LOGIN } from '../server/seed/demoAccounts.ts';
import { signIn } from './support/authSteps.ts';
import { expectNoAxeViolations } from './support/axeChecks.ts';
import { expect, test } from './support/cspTest.ts';
import { searchMailbox, subscribedContactFromEnd } from './support/mailboxSteps.ts';

/**
 * The buyer journey's website tracking, end to end: an organisation's website (a static site on another
 * local origin, 127.0.0.2, served by a tiny server of this spec) carries the snippet; a contact clicks a link
 * of a demo email, lands on the site (the click endpoint added the one-time click-through token) and browses
 * two pages; both views are stored as the contact's visit from email, its score and stage move, and its
 * dashboard explains the points. A visitor whose browser asks not to be tracked is not recorded.
 */

// The two tests count the organisation's page views before and after: one after the other.
test.describe.configure({ mode: 'serial' });

const SITE_HOST = '127.0.0.2';
let site: Server;
let siteOrigin = '';
let snippet = '';

const sitePage = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>${snippet}</head>` +
  `<body><main><h1>${title}</h1>${body}</main></body></html>`;

test.beforeAll(async () => {
  site = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://site').pathname;
    const pages: Record<string, string> = {
      '/landing': sitePage('Acme landing', '<a href="/pricing">See the pricing</a>'),
      '/pricing': sitePage('Acme pricing', '<p>Plans for every team.</p>'),
    };
    const html = pages[path];
    response.writeHead(html ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
    response.end(html ?? 'Not found');
  });
  await new Promise<void>((resolve) => site.listen(0, SITE_HOST, resolve));
  siteOrigin = `http://${SITE_HOST}:${(site.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await new Promise<void>((resolve) => site.close(() => resolve()));
});

type Sources = { total_views: number; total_visitors: number; sources: { source: string; views: number }[] };

async function sources(request: APIRequestContext): Promise<Sources> {
  const answer = await request.get('/api/journey/sources/');
  expect(answer.status()).toBe(200);
  return (await answer.json()) as Sources;
}
/** The contact's score and stage as the buyer journey's overview answers them (found by its address). */
async function scoredContact(request: APIRequestContext, address: string) {
  const answer = await request.get(
    `/api/journey/overview/?search=${encodeURIComponent(address)}&page=1&page_size=20`,
  );
  expect(answer.status()).toBe(200);
  const rows = (await answer.json()).result as {
    contact_email: string;
    engagement_score: number;
    buyer_stage: string;
  }[];
  const row = rows.find((r) => r.contact_email === address);
  if (!row) throw new Error(`${address} is not in the overview`);
  return row;
}
const emailViews = (report: Sources) => report.sources.find((row) => row.source === 'email')?.views ?? 0;

async function clickReadTheArticle(page: Page) {
  const frame = page.frameLocator('iframe[title^="Email: "]');
  const popupPromise = page.context().waitForEvent('page');
  await frame.getByRole('link', { name: 'Read the article' }).click();
  const popup = await popupPromise;
  await popup.waitForLoadState();
  return popup;
}

test('a contact clicks through from a demo email and browses two pages: the visit is theirs, from email', async ({
  page,
  context,
}, testInfo) => {
  await signIn(page, DEMO_LOGIN, '/mailbox');
  const csrf = await page.evaluate(() => localStorage.getItem('csrf_token') ?? '');
  const tracking = (await (await page.request.get('/api/journey/tracking/')).json()) as {
    tracking_id: string;
    snippet: string;
  };
  expect(tracking.snippet).toContain(`data-tid="${tracking.tracking_id}"`);
  snippet = tracking.snippet;

  // The seeded emails link to made-up sites. The organisation's site there forwards (with the address's
  // query) to its copy on this spec's server; without a token it shows a plain page.
  await context.route(/^https:\/\/[^/]*\.(test|example)\//, (route) => {
    const url = new URL(route.request().url());
    if (url.searchParams.has('wb_jt'))
      return route.fulfill({ status: 302, headers: { location: `${siteOrigin}/landing${url.search}` } });
    return route.fulfill({
      status: 200,
      contentType: 'text/html',
      body: '<h1>Landed on the original link</h1>',
    });
  });

  const { value, address } = await subscribedContactFromEnd(page, 5, testInfo.retry);
  const scoreBefore = (await scoredContact(page.request, address)).engagement_score;
  await page.getByLabel('Contact', { exact: true }).selectOption(value);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByText(/Queued: it shows in the list below/)).toBeVisible();
  await searchMailbox(page, address);
  // The newest row of the address (a retry's contact may have had an email from another spec's retry).
  const row = page.getByRole('row').filter({ hasText: address }).first();
  await expect(row.getByText('Delivered')).toBeVisible();
  await row.getByRole('button').click();

  // A first click, before the site's domains are declared: the link is left as it was (no token).
  const plain = await clickReadTheArticle(page);
  await expect(plain.getByRole('heading', { name: 'Landed on the original link' })).toBeVisible();
  const linkHost = new URL(plain.url()).hostname;
  expect(new URL(plain.url()).searchParams.has('wb_jt')).toBe(false);
  await plain.close();

  const declared = await page.request.post('/api/journey/tracking/', {
    headers: { 'x-csrftoken': csrf },
    data: { domains: [linkHost, SITE_HOST] },
  });
  expect(declared.status(), await declared.text()).toBe(200);
  const before = await sources(page.request);

  const journeyAnswers: { call: string; status: number }[] = [];
  context.on('response', (response) => {
    const call = /\/api\/journey\/(collect|identify)\/$/.exec(response.url())?.[1];
    if (call && response.request().method() === 'POST')
      journeyAnswers.push({ call, status: response.status() });
  });
  const visit = await clickReadTheArticle(page);
  await expect(visit.getByRole('heading', { name: 'Acme landing' })).toBeVisible();
  // The token was exchanged once for the contact, then left the address.
  await expect
    .poll(() => journeyAnswers.filter((a) => a.call === 'identify'))
    .toEqual([{ call: 'identify', status: 200 }]);
  await expect(visit).not.toHaveURL(/wb_jt/);
  await visit.getByRole('link', { name: 'See the pricing' }).click();
  await expect(visit.getByRole('heading', { name: 'Acme pricing' })).toBeVisible();
  await expect
    .poll(() => journeyAnswers.filter((a) => a.call === 'collect'))
    .toEqual([
      { call: 'collect', status: 204 },
      { call: 'collect', status: 204 },
    ]);

  // Both pages are stored, as one visitor's visit from email.
  await expect.poll(async () => emailViews(await sources(page.request))).toBe(emailViews(before) + 2);
  const after = await sources(page.request);
  expect(after.total_views).toBe(before.total_views + 2);
  expect(after.total_visitors).toBe(before.total_visitors + 1);
  await visit.close();

  // The contact's score moves within seconds by at least the two pages' points (the landing page's 1, the
  // pricing page's 1 and its /pricing* pattern's 10: page weights no other spec changes; the open and
  // clicks add theirs), and its stage follows. Its dashboard explains each point.
  await expect
    .poll(async () => (await scoredContact(page.request, address)).engagement_score)
    .toBeGreaterThanOrEqual(scoreBefore + 12);
  await page.goto(`/analytics/contacts/dashboard/?contact_id=${value}`);
  const fact = (label: string) =>
    page.locator('.contact-dashboard__fact').filter({ hasText: label }).locator('dd');
  // The dashboard shows the score and stage the journey service has (read again until they agree: a
  // recompute of another spec's criteria change may move them in between).
  const shown = async () => {
    await expect(fact('Engagement score')).toBeVisible();
    return `${await fact('Engagement score').textContent()} ${await fact('Buyer stage').textContent()}`;
  };
  await expect
    .poll(async () => {
      const scored = await scoredContact(page.request, address);
      const onScreen = await shown();
      if (onScreen !== `${scored.engagement_score} ${scored.buyer_stage}`) await page.reload();
      return onScreen === `${scored.engagement_score} ${scored.buyer_stage}`;
    })
    .toBe(true);
  const rows = page.getByTestId('contact-score-row');
  await expect(rows.filter({ hasText: 'Viewed Acme pricing (a page matching /pricing*)' })).toContainText(
    '+11',
  );
  await expect(rows.filter({ hasText: 'Viewed Acme landing' })).toContainText('+1');
  // The click's points: whatever the click weight is now (e2e/buyerJourney.spec.ts raises it meanwhile).
  await expect(rows.filter({ hasText: /Clicked .* in / }).first()).toContainText(/\+\d+$/);
  await expectNoAxeViolations(page, 'the contact dashboard with its score explained at 1280 px');
  // The same at a phone's width.
  await page.setViewportSize({ width: 375, height: 740 });
  await page.reload();
  await expect(fact('Engagement score')).toHaveText(/^-?\d+$/);
  const pricing = rows.filter({ hasText: 'Viewed Acme pricing (a page matching /pricing*)' });
  await pricing.scrollIntoViewIfNeeded();
  await expect(pricing).toBeInViewport();
  await expect(pricing).toContainText('+11');
  await expectNoAxeViolations(page, 'the contact dashboard with its score explained at 375 px');
});

test('a visitor whose browser asks not to be tracked is not recorded', async ({ browser, page }) => {
  await signIn(page, DEMO_LOGIN, '/mailbox');
  const csrf = await page.evaluate(() => localStorage.getItem('csrf_token') ?? '');
  const tracking = (await (await page.request.get('/api/journey/tracking/')).json()) as {
    snippet: string;
    domains: string[];
  };
  snippet = tracking.snippet;
  const declared = await page.request.post('/api/journey/tracking/', {
    headers: { 'x-csrftoken': csrf },
    data: { domains: [...tracking.domains, SITE_HOST] },
  });
  expect(declared.status()).toBe(200);
  const before = await sources(page.request);

  // Do Not Track on: the header and navigator.doNotTrack, as a browser with the setting sends them.
  const private_ = await browser.newContext({ extraHTTPHeaders: { DNT: '1' } });
  await private_.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'doNotTrack', { get: () => '1' });
  });
  const collected: string[] = [];
  private_.on('request', (request) => {
    if (request.url().includes('/api/journey/')) collected.push(request.url());
  });
  const dnt = await private_.newPage();
  await dnt.goto(`${siteOrigin}/pricing`);
  await expect.poll(() => dnt.evaluate(() => 'wbJourney' in window)).toBe(true);
  expect(await dnt.evaluate(() => localStorage.length)).toBe(0);
  await private_.close();

  // A visitor without it, after: once their view is counted, the one before was not.
  const ordinary = await browser.newContext();
  const visitor = await ordinary.newPage();
  await visitor.goto(`${siteOrigin}/pricing`);
  await expect.poll(async () => (await sources(page.request)).total_views).toBe(before.total_views + 1);
  await ordinary.close();
  expect(collected).toEqual([]);
});
