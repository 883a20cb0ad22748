import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { DEMO_LOGIN } from '../server/seed/demoAccounts.ts';
import { signIn } from './support/authSteps.ts';
import { expectNoAxeViolations } from './support/axeChecks.ts';
import { expect, test } from './support/cspTest.ts';
import { designedEdition, listOfPeople } from './support/publishSteps.ts';

/**
 * The publish screen: an edition made and designed through the API, then on screen: a list chosen and
 * counted, the preflight passing, a schedule made and cancelled, a send now, the send seen with its
 * progress. Axe at 1280 and 375 px; PUBLISH_SHOTS_DIR=/tmp/shots also writes screenshots.
 */
const shotsDir = process.env.PUBLISH_SHOTS_DIR;
const tag = () => Math.random().toString(36).slice(2, 8);

async function shotBothWidths(page: Page, name: string): Promise<void> {
  await expectNoAxeViolations(page, `publish ${name} at 1280 px`);
  if (shotsDir) {
    mkdirSync(shotsDir, { recursive: true });
    await page.screenshot({ path: path.join(shotsDir, `publish-1280-${name}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 375, height: 812 });
  await expectNoAxeViolations(page, `publish ${name} at 375 px`);
  if (shotsDir)
    await page.screenshot({ path: path.join(shotsDir, `publish-375-${name}.png`), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('publish: choose a list, see the count, preflight passes, schedule and cancel, send now, see progress', async ({
  page,
}) => {
  const name = `E2E publish ${tag()}`;
  await signIn(page, DEMO_LOGIN, '/api/');

  // A small list of a few subscribed people, and a designed edition.
  await listOfPeople(page, name, 4);
  const edition = await designedEdition(page, name, { editionName: `${name} edition` });
  await page.goto(edition.publishAddress);
  const subject = page.getByLabel('Subject');
  await expect(subject).toBeVisible();
  await subject.fill('E2E weekly 🚀 news');
  await expect(page.getByTestId('subject-length')).toHaveText('17 characters');
  await expect(page.getByLabel('From address')).not.toHaveValue('');

  await page.getByRole('searchbox', { name: 'Search lists' }).fill(name);
  await page.getByRole('checkbox', { name: new RegExp(`^${name} \\(`) }).check();
  await expect(page.getByTestId('recipients-count')).toContainText(/\d+ (people|person) will receive it/);
  await page.getByRole('button', { name: 'Check again' }).click();
  await expect(page.getByText('Ready to send: nothing to fix.')).toBeVisible();
  await shotBothWidths(page, 'ready');

  // Schedule for tomorrow at 09:00 (the form's proposal), then cancel it.
  await page.getByRole('button', { name: 'Schedule', exact: true }).click();
  const confirmSchedule = page.getByRole('dialog', { name: /Schedule it for \d+ (people|person)\?/ });
  await expect(confirmSchedule).toBeVisible();
  await shotBothWidths(page, 'confirm');
  await confirmSchedule.getByRole('button', { name: 'Schedule' }).click();
  await expect(page.getByTestId('scheduled-for')).toContainText('Goes out');
  await shotBothWidths(page, 'scheduled');
  await page.getByRole('button', { name: 'Cancel the schedule' }).click();

  // Send now: the confirmation names the count; then the send and its progress.
  await page.getByRole('button', { name: 'Send now' }).click();
  const confirmSend = page.getByRole('dialog', { name: /Send it to \d+ (people|person) now\?/ });
  await confirmSend.getByRole('button', { name: 'Send now' }).click();
  // Followed until every email has arrived (the local mailbox delivers them): not left at "queued".
  await expect(page.getByTestId('send-progress')).toContainText(/^(\d+) of \1 emails? delivered\.$/, {
    timeout: 30_000,
  });
  await expect(page.getByRole('button', { name: 'Resend to who did not open' })).toBeEnabled();
  await shotBothWidths(page, 'sent');

  // The campaign lists the edition as sent, with its Progress link.
  await page.getByRole('link', { name: '← Back to the campaign' }).click();
  await page.getByRole('tab', { name: /^Sent/ }).click();
  await expect(
    page.getByRole('link', { name: `Progress edition ${name} edition of ${name} email` }),
  ).toBeVisible();
});

test('publish keeps every field as typed: saved while typing, through leaving, reloading and checking', async ({
  page,
}) => {
  const name = `E2E saving ${tag()}`;
  await signIn(page, DEMO_LOGIN, '/api/');
  const edition = await designedEdition(page, name, { editionName: `${name} edition` });
  await page.goto(edition.publishAddress);
  const subject = page.getByLabel('Subject');
  const status = page.getByTestId('publish-save-status');
  const typed = 'Weekly 👋🏽 שלום <b>“news”</b> & more';

  // An empty subject and no audience: saved as they are, and the preflight says both, as a send would.
  await subject.fill('');
  await expect(status).toHaveText(/Saved/);
  const preflight = page.getByTestId('preflight');
  await expect(preflight).toContainText('Enter a subject.');
  await expect(preflight).toContainText('Nobody in this audience can receive it');
  await expect(page.getByText('Ready to send: nothing to fix.')).toBeHidden();

  // "Check again" right after typing: the check sees (and keeps) what was typed.
  await subject.fill(typed);
  await page.getByRole('button', { name: 'Check again' }).click();
  await expect(status).toHaveText(/Saved/);
  await expect(preflight).not.toContainText('Enter a subject.');
  await expect(subject).toHaveValue(typed);

  // Leaving at once and coming back, then reloading: the subject is the one typed, exactly.
  await subject.fill(`${typed}!`);
  await page.getByRole('link', { name: '← Back to the campaign' }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await page.goBack();
  await expect(page.getByLabel('Subject')).toHaveValue(`${typed}!`);
  await page.reload();
  await expect(page.getByLabel('Subject')).toHaveValue(`${typed}!`);
  await shotBothWidths(page, 'saved');
});
