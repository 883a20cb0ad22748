import type { Page } from '@playwright/test';
import { DEMO_LOGIN } from '../server/seed/demoAccounts.ts';
import { signIn } from './support/authSteps.ts';
import { expectNoAxeViolations } from './support/axeChecks.ts';
import { expect, test } from './support/cspTest.ts';
import { refreshMailboxUntil, searchMailbox } from './support/mailboxSteps.ts';
import { apiPost } from './support/publishSteps.ts';

/**
 * AI emails end to end with the built-in composer (no model configured): an AI email for a list of three
 * people of three personalities, reviewed, one variant regenerated, one edited in the designer, sent; each
 * recipient finds their own variant in the demo mailbox. The form and the review are looked at with axe at
 * 1280 and 375 px.
 */
const tag = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const PEOPLE = [
  { type: 'Dominant', personality: 'Driver' },
  { type: 'Steady', personality: 'Coordinator' },
  { type: 'Conscientious', personality: 'Designer' },
] as const;

/** Three contacts, one of each personality, in a new list; answers their addresses by personality. */
async function listOfThree(page: Page, t: string) {
  const addresses: Record<string, string> = {};
  const ids: number[] = [];
  for (const person of PEOPLE) {
    const email = `ai-${person.type.toLowerCase()}-${t}@example.com`;
    const created = await apiPost<{ contact_id: number }>(page, '/api/audience/create_contact/', {
      first_name: person.type,
      last_name: `Reader ${t}`,
      email,
      personality_type: person.type,
      personality: person.personality,
      tab: 'all',
    });
    addresses[person.type] = email;
    ids.push(created.contact_id);
  }
  const name = `AI readers ${t}`;
  const list = await apiPost<{ list_id: number }>(page, '/api/audience/create_list/', { list_name: name });
  await apiPost(page, '/api/audience/add_to_list/', { list_id: list.list_id, contact_ids: ids.join(',') });
  return { name, addresses };
}

const variantCard = (page: Page, type: string) =>
  page.locator(`[data-testid="ai-variant"][data-personality="${type}"]`);

async function subjectOf(page: Page, type: string): Promise<string> {
  const text = await variantCard(page, type).locator('.ai-variant__subject').textContent();
  return (text ?? '').replace(/^Subject\s*/, '').trim();
}

test('an AI email for a list of three personalities: review, regenerate, edit, send, each gets their variant', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const t = tag();
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, DEMO_LOGIN);
  const audience = await listOfThree(page, t);
  const campaign = await apiPost<{ campaign_id: number }>(page, '/api/campaign/create_campaign/', {
    campaign_name: `AI campaign ${t}`,
  });

  // The campaign's New AI email.
  await page.goto(`/campaigns/campaign?campaign_id=${campaign.campaign_id}`);
  await page.getByRole('link', { name: 'New AI email' }).click();
  await expect(page.getByRole('heading', { name: 'New AI email' })).toBeVisible();
  await page.getByLabel('Email name').fill(`Spring news ${t}`);
  await page.getByLabel('Prompt').fill('Announce the spring release of our analytics suite on 4 April.');
  await page.getByRole('searchbox', { name: 'Search lists' }).fill(audience.name);
  await page.getByRole('checkbox', { name: `${audience.name} (3)` }).check();
  const personalities = page.getByRole('group', { name: 'Personalities' });
  await personalities.getByRole('checkbox', { name: /Influencer/ }).uncheck();
  await personalities.getByRole('checkbox', { name: /Others/ }).uncheck();
  await page.getByLabel(/Addressed to/).fill('Customers');
  await expectNoAxeViolations(page, 'New AI email form at 1280 px');
  await page.getByRole('button', { name: 'Write the variants' }).click();

  // The review: one variant per personality, from the built-in composer, said plainly.
  await expect(page.getByRole('heading', { name: `Spring news ${t}` })).toBeVisible({ timeout: 120_000 });
  await expect(page.getByText('Built-in composer, no language model configured')).toBeVisible();
  await expect(page.getByTestId('ai-variant')).toHaveCount(3);
  for (const person of PEOPLE) {
    await expect(variantCard(page, person.type)).toContainText('1 recipient');
  }
  await expectNoAxeViolations(page, 'AI email review at 1280 px');

  // Regenerate one from a new prompt.
  await page.getByRole('checkbox', { name: 'Select the Steady variant' }).check();
  await page.getByRole('button', { name: 'Regenerate 1 variant' }).click();
  const regenerate = page.getByRole('dialog', { name: 'Regenerate the chosen variants' });
  await regenerate
    .getByLabel('New prompt')
    .fill('A calm, step-by-step note about the spring release on 4 April.');
  await regenerate.getByRole('button', { name: 'Regenerate' }).click();
  await expect(page.getByText('1 variant written again.')).toBeVisible({ timeout: 60_000 });

  // Open one in the designer, edit it and save: it is an ordinary designer document.
  const reviewAddress = page.url();
  await page.getByRole('link', { name: 'Open the Dominant variant in the designer' }).click();
  const text = page.getByRole('textbox', { name: 'Text', exact: true }).first();
  await text.click();
  await page.keyboard.press('End');
  await page.keyboard.type(' Edited for the decisive.');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByTestId('draft-status')).toHaveText(/Design saved|All changes saved/);
  await page.goto(reviewAddress);
  await expect(
    page
      .frameLocator('iframe[title="Preview of the Dominant variant"]')
      .getByText(/Edited for the decisive\./),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Mark the Dominant variant reviewed' }).click();
  await expect(variantCard(page, 'Dominant').getByText('Reviewed', { exact: true })).toBeVisible();

  // At 375 px: the review and its variants fit, and pass axe.
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(page.getByTestId('ai-variant').first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectNoAxeViolations(page, 'AI email review at 375 px');
  await page.setViewportSize({ width: 1280, height: 900 });

  // Send: every variant's checks, then each segment its own variant.
  const subjects: Record<string, string> = {};
  for (const person of PEOPLE) subjects[person.type] = await subjectOf(page, person.type);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  const send = page.getByRole('dialog', { name: 'Send this AI email' });
  await expect(send.getByText(/Every variant is ready to send|Check these/)).toBeVisible({ timeout: 30_000 });
  const confirm = send.getByRole('checkbox', { name: 'Send despite these warnings' });
  if (await confirm.isVisible()) await confirm.check();
  await send.getByRole('button', { name: 'Send now' }).click();
  await expect(page.getByText('Sent: each recipient gets the variant of their personality.')).toBeVisible();

  // The demo mailbox: each recipient got their own personality's variant.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Mailbox' }).click();
  for (const person of PEOPLE) {
    const address = audience.addresses[person.type] as string;
    await searchMailbox(page, address);
    const row = page.getByRole('row').filter({ hasText: address });
    await refreshMailboxUntil(page, () =>
      expect(row).toContainText(subjects[person.type] as string, { timeout: 1000 }),
    );
  }
});

test('the New AI email form at 375 px: every field reachable, the empty audience refused with the spec text', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signIn(page, DEMO_LOGIN);
  const campaign = await apiPost<{ campaign_id: number }>(page, '/api/campaign/create_campaign/', {
    campaign_name: `AI form ${tag()}`,
  });
  await page.goto(`/campaigns/campaign?campaign_id=${campaign.campaign_id}&ai_email=1`);
  await page.getByLabel('Email name').fill('Phone check');
  await page.getByLabel('Prompt').fill('A short note.');
  await page.getByRole('button', { name: 'Write the variants' }).click();
  await expect(page.getByText('Provide valid Audience for AI Email creation')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectNoAxeViolations(page, 'New AI email form at 375 px');
});
