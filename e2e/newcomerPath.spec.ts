import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { DEMO_LOGIN } from '../server/seed/demoAccounts.ts';
import { NEWCOMER_WORKFLOW_NAME } from '../server/seed/demoWorkflows.ts';
import { signIn } from './support/authSteps.ts';
import { pausedAfterEachTest } from './support/automationSteps.ts';
import { expect, test } from './support/cspTest.ts';
import {
  mailboxEmailOption,
  refreshMailboxUntil,
  searchMailbox,
  subscribedContactFromEnd,
} from './support/mailboxSteps.ts';

/**
 * README "Try the sending loop", step by step as a newcomer does it after `npm start`: publish the seeded draft
 * "Welcome journey (try me)", send its trigger email "Welcome to
 * Northwind" from the demo mailbox and open it, receive "Getting started guide", open it and click a link,
 * then see in the builder the contact enrolled, past the send and waiting at the one-minute delay, their
 * history, and the workflow's send, open and click in its email graph. The minute is not waited for.
 * With NEWCOMER_SHOTS_DIR set it also saves the builder and the mailbox at 1440x900 and at phone width.
 */
const shotsDir = process.env.NEWCOMER_SHOTS_DIR;
const canvas = (page: Page) => page.getByRole('region', { name: 'Workflow steps' });
const node = (page: Page, name: string) => canvas(page).getByRole('group', { name });

async function openWorkflowFromList(page: Page, name: string): Promise<number> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Automation' }).click();
  await page.getByLabel('Search workflows').fill('Welcome journey');
  await page.getByRole('link', { name, exact: true }).click();
  await page.waitForURL(/\/automation\/details\?workflow_id=\d+$/);
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  return Number(new URL(page.url()).searchParams.get('workflow_id'));
}

/**
 * A retry's own draft: the first attempt published the seeded workflow (paused when it ended), so a retry
 * clones it (the list's Clone: a draft "<name> (copy)" with the same steps) and goes on with the copy.
 */
async function cloneSeededWorkflow(page: Page): Promise<string> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Automation' }).click();
  await page.getByLabel('Search workflows').fill('Welcome journey');
  await page.getByRole('button', { name: `Clone ${NEWCOMER_WORKFLOW_NAME}`, exact: true }).click();
  await page
    .getByRole('dialog', { name: 'Cloning this workflow' })
    .getByRole('button', { name: 'Clone' })
    .click();
  await page.getByRole('dialog', { name: 'Workflow Cloned' }).getByRole('button', { name: 'Done' }).click();
  return `${NEWCOMER_WORKFLOW_NAME} (copy)`;
}

/** The workflow an attempt published: paused when it ends, so a retry's contact is not enrolled in it. */
const published = pausedAfterEachTest();

const SIZES = [
  ['desktop', { width: 1440, height: 900 }],
  ['phone', { width: 375, height: 812 }],
] as const;

/**
 * Screenshots of a page at each size, loaded afresh at that size (as a person on that screen sees it):
 * the top of the page, then each section scrolled under the header. Only with NEWCOMER_SHOTS_DIR.
 */
async function shots(page: Page, name: string, ready: () => Promise<void>, sections: [string, Locator][]) {
  if (!shotsDir) return;
  mkdirSync(shotsDir, { recursive: true });
  const file = (part: string, size: string) => path.join(shotsDir, `${name}-${part}-${size}.png`);
  for (const [size, viewport] of SIZES) {
    await page.setViewportSize(viewport);
    await page.reload();
    await ready();
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: file('top', size) });
    for (const [part, section] of sections) {
      await section.evaluate((element) => {
        element.scrollIntoView({ block: 'start' });
        window.scrollBy(0, -72);
      });
      await page.screenshot({ path: file(part, size) });
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('a newcomer publishes "Welcome journey (try me)", opens and clicks its emails, and watches the contact move', async ({
  page,
  context,
}, testInfo) => {
  test.setTimeout(120_000);
  // The demo emails link to made-up sites: the browser is given a page for them instead of the network.
  await context.route(/^https:\/\/[^/]*\.(test|example)\//, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>Landed on the guide</h1>' }),
  );
  await signIn(page, DEMO_LOGIN);

  // Automation: open the seeded draft and publish it as it is.
  const workflowName = testInfo.retry === 0 ? NEWCOMER_WORKFLOW_NAME : await cloneSeededWorkflow(page);
  const workflowId = await openWorkflowFromList(page, workflowName);
  await expect(page.getByText('Draft', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  const publish = page.getByRole('dialog', { name: 'Publish this workflow?' });
  await expect(publish.getByText('Every step is ready to publish.')).toBeVisible();
  await publish.getByRole('button', { name: 'Publish workflow' }).click();
  await expect(page.getByText('Your workflow has been published successfully!')).toBeVisible();
  published.push(workflowId);
  await expect(page.getByText('Active', { exact: true })).toBeVisible();

  // Mailbox: send "Welcome to Northwind" to a Subscribed contact no other spec uses, and open it.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Mailbox' }).click();
  await expect(page.getByRole('heading', { name: 'Demo mailbox' })).toBeVisible();
  const welcome = await mailboxEmailOption(page, 'Welcome to Northwind');
  const guide = await mailboxEmailOption(page, 'Getting started guide');
  await page.getByLabel('Email', { exact: true }).selectOption({ label: welcome.label });
  const contact = await subscribedContactFromEnd(page, 3, testInfo.retry);
  await page.getByLabel('Contact', { exact: true }).selectOption(contact.value);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  // Only this contact's emails (other specs fill the same mailbox meanwhile, past its first page).
  await searchMailbox(page, contact.address);
  const rows = page.getByRole('row').filter({ hasText: contact.address });
  const welcomeRow = rows.filter({ hasText: welcome.subject });
  await expect(welcomeRow.getByText('Delivered')).toBeVisible();
  await welcomeRow.getByRole('button', { name: welcome.subject }).click();
  await expect(
    page.frameLocator(`iframe[title="Email: ${welcome.subject}"]`).locator('img[src*="/t/o/"]'),
  ).toHaveCount(1);

  // The open started the workflow: "Getting started guide" arrives for the same contact.
  const guideRow = rows.filter({ hasText: guide.subject });
  await refreshMailboxUntil(page, () =>
    expect(guideRow.getByText('Delivered')).toBeVisible({ timeout: 1000 }),
  );
  await expect(guideRow).toHaveCount(1);

  // Open it and click a link in it: a new tab, through the click endpoint, to the guide.
  await guideRow.getByRole('button', { name: guide.subject }).click();
  const frame = page.frameLocator(`iframe[title="Email: ${guide.subject}"]`);
  const link = frame.getByRole('link', { name: 'Build your first dashboard' });
  await expect(link).toHaveAttribute('href', /\/t\/c\/[A-Za-z0-9_-]{22}\/\d+$/);
  const popupPromise = context.waitForEvent('page');
  await link.click();
  const popup = await popupPromise;
  await popup.waitForLoadState();
  await expect(popup.getByRole('heading', { name: 'Landed on the guide' })).toBeVisible();
  await popup.close();
  await refreshMailboxUntil(page, async () => {
    await expect(guideRow.getByTestId('mailbox-opens')).toHaveText('1', { timeout: 1000 });
    await expect(guideRow.getByTestId('mailbox-clicks')).toHaveText('1', { timeout: 1000 });
  });

  // Back in the builder: enrolled on the trigger, past the send, waiting at the one-minute delay.
  await openWorkflowFromList(page, workflowName);
  await expect(
    node(page, 'Trigger: Email open').getByRole('img', { name: '1 enrolled, 1 in the workflow now' }),
  ).toBeVisible({ timeout: 15_000 });
  await expect(
    node(page, 'Send the guide (Send email step)').getByRole('img', {
      name: '1 passed, 0 waiting here, 0 left here',
    }),
  ).toBeVisible();
  await expect(
    node(page, 'Wait 1 minute (Delay step)').getByRole('img', {
      name: '0 passed, 1 waiting here, 0 left here',
    }),
  ).toBeVisible();

  // "Contacts in this workflow": the contact, waiting at the delay, with their history.
  const contactRow = page
    .getByRole('region', { name: 'Contacts in this workflow' })
    .getByRole('row')
    .filter({ hasText: contact.address });
  await expect(contactRow.getByText('Waiting', { exact: true })).toBeVisible();
  await expect(contactRow.getByRole('cell', { name: 'Wait 1 minute' })).toBeVisible();
  await contactRow.getByRole('button', { name: /steps$/ }).click();
  // Enrolled by the trigger, sent the guide, started the delay (in that order).
  await expect(page.getByRole('region', { name: /^History of / }).getByRole('listitem')).toHaveText([
    /Trigger\s*enrolled$/,
    /Send the guide\s*sent$/,
    /Wait 1 minute\s*delay started$/,
  ]);

  // The email graph: this workflow's one send, one open and one click of "Getting started guide".
  const totals = page.getByRole('table', { name: 'Totals per email in the period' });
  const guideTotals = totals.getByRole('row', { name: /^Getting started guide / });
  await expect(guideTotals.getByRole('cell')).toHaveText(['1', '1', '1']);
  await expect(page.getByRole('img', { name: /: 1 send, 1 open, 1 click\.$/ })).toBeVisible();

  // Screenshots (NEWCOMER_SHOTS_DIR): the builder as it is now, then the mailbox with the two emails.
  const contactsCard = page.getByRole('region', { name: 'Contacts in this workflow' });
  await shots(
    page,
    'builder',
    async () => {
      await expect(node(page, 'Trigger: Email open').getByRole('img')).toBeVisible({ timeout: 15_000 });
      await contactsCard.getByRole('button', { name: /steps$/ }).click();
      await expect(totals).toBeVisible();
    },
    [
      ['contacts', contactsCard],
      ['graph', page.getByRole('region', { name: 'Email performance' })],
    ],
  );
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Mailbox' }).click();
  await shots(
    page,
    'mailbox',
    async () => {
      await guideRow.getByRole('button', { name: guide.subject }).click();
      await expect(frame.getByRole('link', { name: 'Build your first dashboard' })).toBeVisible();
    },
    [
      ['list', page.getByRole('table', { name: 'Marketing emails, newest first' })],
      ['email', page.getByRole('heading', { name: guide.subject, level: 2 })],
    ],
  );
});
