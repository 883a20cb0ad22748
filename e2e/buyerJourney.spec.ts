import type { Page } from '@playwright/test';
import { DEMO_LOGIN } from '../server/seed/demoAccounts.ts';
import { signIn } from './support/authSteps.ts';
import { expectNoAxeViolations } from './support/axeChecks.ts';
import { expect, test } from './support/cspTest.ts';

/**
 * The buyer journey screen against the real server (the journey service's calls) and the demo data, at
 * 1280 and 375 px, checked with axe: the sources show what the service counts, the stage cards the
 * overview's counts and lead to a stage's contacts, the criteria editor previews and saves with the
 * recompute's progress, and the tracking tab shows the snippet and saves a website domain.
 */
test.describe.configure({ timeout: 120_000 });

const formatted = (n: number) => n.toLocaleString('en-US');

/** The journey service's own answer to a signed-in GET. */
async function journeyAnswer(page: Page, path: string) {
  const response = await page.request.get(`/api/journey/${path}`);
  expect(response.status(), await response.text()).toBe(200);
  return response.json();
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 375, height: 740 },
]) {
  test(`the buyer journey at ${viewport.width} px: sources, contacts by stage, scoring and tracking`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    const sourcesCall = page.waitForResponse((r) => r.url().includes('/api/journey/sources/'));
    await signIn(page, DEMO_LOGIN, '/buyer-journey');
    await expect(page.getByRole('heading', { name: 'Buyer journey', level: 1 })).toBeVisible();
    await expect(page.getByText(/being built/i)).toHaveCount(0);

    // Sources: what the service counted for the quarter.
    const sources = await (await sourcesCall).json();
    if (sources.total_views > 0) {
      await expect(page.getByTestId('journey-sources-summary')).toHaveText(
        new RegExp(`^${formatted(sources.total_views)} views?`),
      );
      const plot = page.getByRole('group', { name: 'Chart: use the arrow keys to read each source' });
      await plot.focus();
      await page.keyboard.press('ArrowDown');
      const email = sources.sources.find((s: { source: string }) => s.source === 'email');
      await expect(page.getByTestId('journey-sources-readout')).toContainText(
        `Email: ${formatted(email?.views ?? 0)} view`,
      );
      await page.getByRole('button', { name: 'Table' }).click();
      await expect(page.getByTestId('journey-source-row')).toHaveCount(5);
    } else {
      await expect(page.getByText('No website visits in this period')).toBeVisible();
    }
    await expectNoAxeViolations(page, `the journey sources at ${viewport.width} px`);

    // Contacts: the stage cards count what the overview counts; a card shows its stage's contacts.
    const overview = await journeyAnswer(page, 'overview/?page=1&page_size=20');
    await page.getByRole('link', { name: 'Contacts', exact: true }).click();
    const cards = page.getByTestId('journey-stage-cards');
    await expect(cards).toBeVisible();
    for (const stage of overview.stages as { name: string; contacts: number }[])
      await expect(cards.locator(`[data-stage="${stage.name}"] .journey-stage__count`)).toHaveText(
        new RegExp(`^${formatted(stage.contacts)} contacts?$`),
      );
    const busiest = [...overview.stages].sort((a, b) => b.contacts - a.contacts)[0];
    const stageCall = page.waitForResponse(
      (r) => r.url().includes('/api/journey/overview/') && r.url().includes('buyer_stage_filter='),
    );
    await cards.locator(`[data-stage="${busiest.name}"]`).click();
    await expect(page).toHaveURL(new RegExp(`buyer_stage_filter=${encodeURIComponent(busiest.name)}`));
    const stageAnswer = await (await stageCall).json();
    expect(stageAnswer.total_records).toBe(busiest.contacts);
    if (busiest.contacts > 0) {
      const first = page.getByTestId('journey-contact-row').first();
      await expect(first).toContainText(stageAnswer.result[0].contact_email);
      await expectNoAxeViolations(page, `the journey contacts at ${viewport.width} px`);
      await first.getByRole('link').first().click();
      await expect(page).toHaveURL(/\/analytics\/contacts\/dashboard\?.*contact_id=/);
      await page.goBack();
      await expect(page).toHaveURL(/\/buyer-journey\/contacts/);
    }

    // Scoring: a change is previewed, then saved and recomputed.
    await page.getByRole('link', { name: 'Scoring', exact: true }).click();
    const click = page.getByLabel('Email click', { exact: true });
    await expect(click).toBeVisible();
    const before = Number(await click.inputValue());
    const preview = page.waitForRequest(
      (r) =>
        r.url().includes('/api/journey/criteria_preview/') && r.postDataJSON()?.email_click === before + 1,
    );
    await click.fill(String(before + 1));
    await preview;
    await expect(page.getByTestId('journey-preview-row').first()).toBeVisible();
    await page.getByLabel('Stage 2 from score').fill('0');
    await expect(page.getByText(/^Stage .* must start above .* \(0\)\.$/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save and recompute' })).toBeDisabled();
    await expectNoAxeViolations(page, `the journey scoring with a mistake at ${viewport.width} px`);
    await page.getByRole('button', { name: 'Discard changes' }).click();
    await click.fill(String(before + 1));
    await page.getByRole('button', { name: 'Save and recompute' }).click();
    await expect(page.getByText('Criteria saved', { exact: true })).toBeVisible({ timeout: 60_000 });
    expect((await journeyAnswer(page, 'criteria/')).email_click).toBe(before + 1);

    // Tracking: the organisation's id and snippet; a domain added and saved.
    await page.getByRole('link', { name: 'Tracking', exact: true }).click();
    const tracking = await journeyAnswer(page, 'tracking/');
    await expect(page.getByTestId('journey-tracking-id')).toHaveText(tracking.tracking_id);
    await expect(page.getByLabel('Snippet')).toHaveValue(tracking.snippet);
    const domain = `shop-${viewport.width}.journey-e2e.example`;
    await page.getByLabel('Website domain', { exact: true }).fill('not a domain!');
    await page.getByRole('button', { name: 'Add domain' }).click();
    await expect(page.getByText('Enter a website domain such as www.example.com.')).toBeVisible();
    await page.getByLabel('Website domain', { exact: true }).fill(domain.toUpperCase());
    await page.getByRole('button', { name: 'Add domain' }).click();
    await page.getByRole('button', { name: 'Save domains' }).click();
    await expect(page.getByText(/^Saved: \d+ domains?\.$/)).toBeVisible();
    expect((await journeyAnswer(page, 'tracking/')).domains).toContain(domain);
    await expectNoAxeViolations(page, `the journey tracking at ${viewport.width} px`);
  });
}
