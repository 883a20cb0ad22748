import type { Page } from '@playwright/test';
import { DEMO_LOGIN } from '../server/seed/demoAccounts.ts';
import { signIn } from './support/authSteps.ts';
import { createWorkflow, pausedAfterEachTest, TRIGGERS, tag } from './support/automationSteps.ts';
import { expect, test } from './support/cspTest.ts';
import {
  mailboxEmailOption,
  refreshMailboxUntil,
  searchMailbox,
  subscribedContactFromEnd,
} from './support/mailboxSteps.ts';

/**
 * The sending loop in Chromium against the real server: a published workflow is triggered from
 * the demo mailbox by opening its trigger email, the contact moves through it (its own email arrives in
 * the mailbox), the canvas and the contacts view show where the contact went, and the simulator shows the
 * same path for the same contact.
 */
const EMAIL_OPEN = TRIGGERS[0];
const canvas = (page: Page) => page.getByRole('region', { name: 'Workflow steps' });

async function addStep(page: Page, slot: string, kind: string) {
  await canvas(page).getByRole('button', { name: slot }).first().click();
  await page
    .getByRole('menu', { name: 'Add a step' })
    .getByRole('menuitem', { name: kind, exact: true })
    .click();
}

/** The workflow an attempt published: paused when it ends, so it enrols nobody else (nor its retry's contact). */
const published = pausedAfterEachTest();

/** A design-ready email that is no AI variant (the demo mailbox sends those only through their AI email). */
const DESIGNED_NOT_AI = /^(?![\s\S]*· (Dominant|Influencer|Steady|Conscientious|Others))[\s\S]*Design ready/;

test('publish, trigger it by opening the email in the demo mailbox, watch the contact go through', async ({
  page,
  context,
}, testInfo) => {
  test.setTimeout(120_000);
  await context.route(/^https:\/\/[^/]*\.(test|example)\//, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>Landed</h1>' }),
  );
  await signIn(page, DEMO_LOGIN);

  // A workflow started by opening a design-ready email: send another email, then end.
  // Seeded design-ready emails, found by name: the specs running alongside add emails of their own (not
  // designed yet) at the top of the picker's first page.
  const workflowId = await createWorkflow(page, EMAIL_OPEN, `Loop ${tag()}`, DESIGNED_NOT_AI, 'Launch');
  const triggerEmail = (
    await page
      .locator('.builder-facts div')
      .filter({ hasText: /^Email/ })
      .locator('dd')
      .innerText()
  ).trim();
  await addStep(page, 'Add the first step', 'Send email');
  // Seeded design-ready emails, found by name: the specs running alongside add emails of their own (not
  // designed yet) at the top of the picker's first page.
  await page.getByLabel('Search emails').fill('Launch');
  await expect(
    page
      .getByRole('radiogroup', { name: 'Emails' })
      .locator('label')
      .filter({ hasText: /Launch/ })
      .first(),
  ).toBeVisible();
  const stepEmail = page
    .getByRole('radiogroup', { name: 'Emails' })
    .locator('label')
    .filter({ hasText: DESIGNED_NOT_AI })
    .nth(1);
  const stepEmailName = (await stepEmail.innerText()).split('\n')[0]?.trim() ?? '';
  await stepEmail.getByRole('radio').click();
  await expect(page.getByRole('button', { name: 'Change email' })).toBeVisible();
  await page.getByRole('button', { name: /^Close the .* editor$/ }).click();
  await addStep(page, 'Add a step after Send email', 'End');
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await page
    .getByRole('dialog', { name: 'Publish this workflow?' })
    .getByRole('button', { name: 'Publish workflow' })
    .click();
  await expect(page.getByText('Your workflow has been published successfully!')).toBeVisible();
  published.push(workflowId);

  // The mailbox: send the trigger email to a subscribed contact nobody else uses, and open it.
  await page.goto('/mailbox');
  const trigger = await mailboxEmailOption(page, triggerEmail);
  // The subject of the workflow's own email, to tell its send apart (other published workflows may react
  // to the same trigger email and write to the same contact).
  const stepSubject = (await mailboxEmailOption(page, stepEmailName)).subject;
  await page.getByLabel('Email', { exact: true }).selectOption({ label: trigger.label });
  const { value, address } = await subscribedContactFromEnd(page, 2, testInfo.retry);
  await page.getByLabel('Contact', { exact: true }).selectOption(value);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  // Only this contact's emails: the organisation's mailbox fills up with other specs' sends meanwhile.
  await searchMailbox(page, address);
  const triggerRow = page.getByRole('row').filter({ hasText: trigger.subject });
  await expect(triggerRow.first().getByText('Delivered')).toBeVisible();
  await triggerRow.first().getByRole('button').click();
  await expect(page.frameLocator('iframe[title^="Email: "]').locator('img[src*="/t/o/"]')).toHaveCount(1);

  // The open enrolled the contact: the workflow's own email arrives in the mailbox.
  const workflowSends = page.getByRole('row').filter({ hasText: stepSubject });
  await refreshMailboxUntil(page, () => expect(workflowSends).toHaveCount(1, { timeout: 1000 }));

  // The canvas and the contacts view show where the contact went.
  await page.goto(`/automation/details?workflow_id=${workflowId}`);
  await expect(canvas(page).getByText('1 contact enrolled')).toBeVisible({ timeout: 15_000 });
  await expect(
    canvas(page)
      .getByRole('img', { name: /^1 passed, 0 waiting here/ })
      .first(),
  ).toBeVisible();
  const contactRow = page
    .getByRole('region', { name: 'Contacts in this workflow' })
    .getByRole('row')
    .filter({ hasText: address });
  await expect(contactRow.getByText('Completed')).toBeVisible();
  await contactRow.getByRole('button', { name: /steps$/ }).click();
  await expect(page.getByRole('list').filter({ hasText: 'sent' }).first()).toBeVisible();

  // The simulator shows the same path for the same contact, and sends nothing.
  await page.getByRole('button', { name: 'Simulate' }).click();
  const dialog = page.getByRole('dialog', { name: 'Simulate this workflow' });
  await dialog.getByLabel('Find a contact').fill(address);
  await expect(dialog.getByLabel('Contact', { exact: true }).locator('option')).toHaveCount(2);
  await dialog.getByLabel('Contact', { exact: true }).selectOption({ index: 1 });
  await dialog.getByLabel('Pretend events').check();
  await dialog.getByRole('button', { name: 'Add an event' }).click();
  await dialog.getByRole('button', { name: 'Run simulation' }).click();
  const path = dialog.getByRole('list', { name: `Path of ${address}` });
  await expect(path).toContainText('sent');
  await expect(path).toContainText('ended');
  await expect(dialog.getByText('Would send')).toHaveCount(1);
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await page.goto('/mailbox');
  await searchMailbox(page, address);
  await expect(page.getByRole('row').filter({ hasText: stepSubject })).toHaveCount(1);
});
