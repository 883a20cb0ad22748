import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { DEMO_LOGIN } from '../server/seed/demoAccounts.ts';
import { signIn } from './support/authSteps.ts';
import { expectNoAxeViolations } from './support/axeChecks.ts';
import { expect, test } from './support/cspTest.ts';

/**
 * A form from the builder to a phone with JavaScript off and back: the marketer builds a form (a taken
 * name refused on the field), a visitor fills in the hosted form on a 375 px phone with JavaScript off
 * (errors first, then the thanks), and the submission, with its opt-in, shows in the workbench and in
 * the consent proof. AUDIENCE_SHOTS_DIR=dir also writes screenshots.
 */
const shots = process.env.AUDIENCE_SHOTS_DIR;
const shot = async (page: Page, name: string) => {
  if (shots) await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
};

test('build a form, fill it in on a phone with JavaScript off, see the submission and its consent', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const name = `Spring sign-up ${randomBytes(3).toString('hex')}`;
  const email = `visitor-${randomBytes(4).toString('hex')}@example.com`;
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, DEMO_LOGIN, '/audiences/forms');
  await expect(page.getByRole('heading', { level: 1, name: 'Forms' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Newsletter sign-up', exact: true })).toBeVisible();
  await expectNoAxeViolations(page, 'the forms list');
  await shot(page, 'forms-1280');

  await page.getByRole('link', { name: 'New form' }).click();
  await page.getByLabel('Form name').fill('newsletter SIGN-UP');
  await page.getByLabel('Adds people to the list').selectOption({ label: 'Newsletter Readers' });
  await page.getByRole('button', { name: 'Save form' }).click();
  await expect(page.getByText('Form with that name already exists')).toBeVisible();
  await page.getByLabel('Form name').fill(name);
  await page.getByLabel('Add a field').selectOption({ label: 'Job title' });
  await expect(page.getByLabel('Label of job title')).toHaveValue('Job title');
  await page.getByRole('checkbox', { name: 'Required' }).last().check();
  await expectNoAxeViolations(page, 'the form builder');
  await shot(page, 'form-builder-1280');
  await page.getByRole('button', { name: 'Save form' }).click();
  await expect(page).toHaveURL(/\/audiences\/forms\/edit\?form_id=\d+/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const formUrl = (await page
    .getByRole('link', { name: /\/f\/[a-f0-9]{32}$/ })
    .getAttribute('href')) as string;
  await page.setViewportSize({ width: 375, height: 740 });
  await shot(page, 'form-builder-375');

  // The hosted form's accessibility (axe runs in the page, so with JavaScript on; the page is the same HTML).
  const path = new URL(formUrl).pathname;
  const checker = await browser.newContext({ viewport: { width: 375, height: 740 } });
  try {
    const phone = await checker.newPage();
    await phone.goto(path);
    await expect(phone.getByRole('heading', { level: 1, name })).toBeVisible();
    await expectNoAxeViolations(phone, 'the hosted form');
    await phone.getByRole('button', { name: 'Submit' }).click();
    await expect(phone.getByRole('alert')).toContainText('Email is required.');
    await expectNoAxeViolations(phone, 'the hosted form with errors');
    await phone.goto(`${path}?submitted=1`);
    await expect(phone.getByRole('heading', { name: 'Thank you' })).toBeVisible();
    await expectNoAxeViolations(phone, 'the hosted form thanks');
  } finally {
    await checker.close();
  }

  // A visitor on a phone, JavaScript off.
  const visitor = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 375, height: 740 },
  });
  try {
    const phone = await visitor.newPage();
    await phone.goto(path);
    await expect(phone.getByRole('heading', { level: 1, name })).toBeVisible();
    await shot(phone, 'hosted-form-375');
    await phone.getByRole('button', { name: 'Submit' }).click();
    await expect(phone.getByRole('alert')).toContainText('Email is required.');
    await expect(phone.getByRole('alert')).toContainText('Job title is required.');
    await shot(phone, 'hosted-form-375-errors');
    await phone.getByLabel(/^Email/).fill(email);
    await phone.getByLabel(/^First name/).fill('Vera');
    await phone.getByLabel(/^Job title/).fill('Head of growth');
    await phone.getByLabel(/send me news and offers/).check();
    await phone.getByRole('button', { name: 'Submit' }).click();
    await expect(phone.getByRole('heading', { name: 'Thank you' })).toBeVisible();
    await shot(phone, 'hosted-form-375-thanks');
  } finally {
    await visitor.close();
  }

  // Back in the workbench: the submission with its opt-in, and the consent proof.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('link', { name: 'Back to forms' }).click();
  const row = page.getByRole('row').filter({ hasText: name });
  await row.getByRole('link', { name: /submissions of/ }).click();
  const submission = page.getByRole('row').filter({ hasText: email });
  await expect(submission).toContainText('Vera');
  await expect(submission).toContainText('Yes');
  await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
    'href',
    /export_form_submissions/,
  );
  await page.getByLabel('From').fill('2020-01-01');
  await page.getByLabel('To').fill('2020-01-31');
  await expect(page.getByText('Nobody filled in the form in these days.')).toBeVisible();
  await page.getByRole('button', { name: 'All time' }).click();
  await expect(submission).toBeVisible();
  await expectNoAxeViolations(page, 'the submissions');
  await shot(page, 'form-submissions-1280');

  await submission.getByRole('link', { name: /Consent proof/ }).click();
  await expect(page.getByRole('heading', { name: 'Consent proof' })).toBeVisible();
  const entry = page.getByRole('row').filter({ hasText: 'Sign-up form (opt-in)' });
  await expect(entry).toBeVisible();
  await expect(entry).toContainText('Marketing on');
  await shot(page, 'consent-from-form-1280');
});
