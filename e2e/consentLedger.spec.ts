import { readFileSync } from 'node:fs';
import { DEMO_LOGIN } from '../server/seed/demoAccounts.ts';
import { signIn } from './support/authSteps.ts';
import { expectNoAxeViolations } from './support/axeChecks.ts';
import { expect, test } from './support/cspTest.ts';
import { preferenceUuid } from './support/e2eFixtures.ts';

/** The consent proof in the workbench: a recipient's ledger after a one-click unsubscribe, shown and downloaded. */
const UUID = preferenceUuid(8);

test('a signed-in user finds a recipient’s consent ledger from a pasted link and downloads it', async ({
  page,
  playwright,
  baseURL,
}) => {
  const provider = await playwright.request.newContext({ baseURL });
  const oneClick = await provider.post(`/api/preference/one_click/${UUID}/`, {
    form: { 'List-Unsubscribe': 'One-Click' },
    headers: { 'user-agent': 'Mail provider test/1.0' },
  });
  expect(oneClick.status()).toBe(200);
  await provider.dispose();

  await signIn(page, DEMO_LOGIN, '/audiences');
  await page.getByRole('link', { name: 'Consent proof' }).click();
  await expect(page.getByRole('heading', { name: 'Consent proof' })).toBeVisible();
  await page.getByLabel(/Unsubscribe id or link/).fill(`${baseURL}/unsub/i2c/${UUID}`);
  await page.getByRole('button', { name: 'Show the ledger' }).click();
  const row = page.getByRole('row').filter({ hasText: 'One-click (mail provider)' });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Unsubscribe All on');
  await expect(row).toContainText('Mail provider test/1.0');
  await expectNoAxeViolations(page, 'the consent proof');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download JSON' }).click();
  const file = JSON.parse(readFileSync((await (await download).path()) as string, 'utf8'));
  expect(file.unsub_uuid).toBe(UUID);
  expect(file.entries.at(-1)).toMatchObject({ source: 'one_click', user_agent: 'Mail provider test/1.0' });

  await page.getByLabel(/Unsubscribe id or link/).fill('2b1f3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d');
  await page.getByRole('button', { name: 'Show the ledger' }).click();
  await expect(page.getByText('No recipient found')).toBeVisible();
});
