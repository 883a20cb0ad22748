import { expect, type Page, test } from '@playwright/test';
import { DEMO_LOGIN } from '../server/seed/demoAccounts.ts';
import { signIn } from './support/authSteps.ts';
import { createWorkflow, TRIGGERS, tag } from './support/automationSteps.ts';

/**
 * The sending loop (issue 7) in Chromium against the real server: a published workflow is triggered from
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

test('publish, trigger it by opening the email in the demo mailbox, watch the contact go through', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await context.route(/^https:\/\/[^/]*\.(test|example)\//, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>Landed</h1>' }),
  );
  await signIn(page, DEMO_LOGIN);

  // A workflow started by opening a design-ready email: send another email, then end.
  const workflowId = await createWorkflow(page, EMAIL_OPEN, `Loop ${tag()}`, /Design ready/);
  const triggerEmail = (
    await page
      .locator('.builder-facts div')
      .filter({ hasText: /^Email/ })
      .locator('dd')
      .innerText()
  ).trim();
  await addStep(page, 'Add the first step', 'Send email');
  const stepEmail = page
    .getByRole('radiogroup', { name: 'Emails' })
    .locator('label')
    .filter({ hasText: 'Design ready' })
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

  // The mailbox: send the trigger email to a subscribed contact nobody else uses, and open it.
  await page.goto('/mailbox');
  const emailSelect = page.getByLabel('Email', { exact: true });
  const emailLabels = await emailSelect.locator('option').allInnerTexts();
  const triggerOption = emailLabels.find((label) => label.startsWith(`${triggerEmail}:`));
  if (!triggerOption)
    throw new Error(`the mailbox does not offer "${triggerEmail}": ${emailLabels.join(' | ')}`);
  // The subject of the workflow's own email, to tell its send apart (other published workflows may react
  // to the same trigger email and write to the same contact).
  const stepSubject = emailLabels
    .find((label) => label.startsWith(`${stepEmailName}:`))
    ?.split(': ')
    .slice(1)
    .join(': ');
  if (!stepSubject) throw new Error(`the mailbox does not offer "${stepEmailName}"`);
  await emailSelect.selectOption({ label: triggerOption });
  const contact = page.getByLabel('Contact', { exact: true });
  const contacts = await contact
    .locator('option')
    .evaluateAll((nodes) =>
      nodes.map((node) => ({ value: (node as HTMLOptionElement).value, label: node.textContent ?? '' })),
    );
  // The one before the last offered Subscribed contact (e2e/mailbox.spec.ts takes the last; other specs
  // unsubscribe the first few).
  const chosen = contacts.filter((option) => !option.label.includes(' · ')).at(-2);
  if (!chosen) throw new Error('no Subscribed contact offered');
  await contact.selectOption(chosen.value);
  const address = chosen.label.match(/<([^>]+)>/)?.[1] ?? '';
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  const rows = page.getByRole('row').filter({ hasText: address });
  await expect(rows.first().getByText('Delivered')).toBeVisible();
  await rows.first().getByRole('button').click();
  await expect(page.frameLocator('iframe[title^="Email: "]').locator('img[src*="/t/o/"]')).toHaveCount(1);

  // The open enrolled the contact: the workflow's own email arrives in the mailbox.
  const workflowSends = rows.filter({ hasText: stepSubject });
  await expect(async () => {
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(workflowSends).toHaveCount(1, { timeout: 1000 });
  }).toPass({ timeout: 30_000 });

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
  await expect(
    page.getByRole('row').filter({ hasText: address }).filter({ hasText: stepSubject }),
  ).toHaveCount(1);
});
