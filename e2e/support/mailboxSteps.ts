import { expect, type Page } from '@playwright/test';

export type MailboxContact = { value: string; label: string; address: string };

/** How many specs keep to a contact of their own (see subscribedContactFromEnd). */
const CONTACT_SLOTS = 5;

/**
 * A Subscribed contact of the demo mailbox's send form, counted from the end of the offered list, so
 * specs sharing one server keep to their own contact: slot 1 is e2e/mailbox.spec.ts's, 2
 * e2e/sendingLoop.spec.ts's, 3 e2e/newcomerPath.spec.ts's, 4 e2e/analyticsWalk.spec.ts's, 5 e2e/journeyTracking.spec.ts's (other specs unsubscribe the first few). A retry
 * (Playwright's retry number) takes a contact of its own further up, since the sends and enrolments of the
 * failed attempt stay on the server.
 */
export async function subscribedContactFromEnd(page: Page, slot: number, retry = 0): Promise<MailboxContact> {
  const fromEnd = slot + CONTACT_SLOTS * retry;
  const subscribed = async () =>
    (
      await page
        .getByLabel('Contact', { exact: true })
        .locator('option')
        .evaluateAll((nodes) =>
          nodes.map((node) => ({ value: (node as HTMLOptionElement).value, label: node.textContent ?? '' })),
        )
    ).filter((option) => !option.label.includes(' · '));
  // The form's options arrive after the page.
  await expect.poll(async () => (await subscribed()).length).toBeGreaterThanOrEqual(fromEnd);
  const chosen = (await subscribed()).at(-fromEnd);
  if (!chosen) throw new Error(`no Subscribed contact ${fromEnd} from the end`);
  return { ...chosen, address: chosen.label.match(/<([^>]+)>/)?.[1] ?? '' };
}

/** The option of the send form's email select whose label starts with the email's name ("Name: Subject"). */
export async function mailboxEmailOption(
  page: Page,
  name: string,
): Promise<{ label: string; subject: string }> {
  const options = page.getByLabel('Email', { exact: true }).locator('option');
  // The form's options arrive after the page: wait for this one.
  await expect(options.filter({ hasText: `${name}: ` }).first()).toBeAttached();
  const labels = await options.allInnerTexts();
  const label = labels.find((text) => text.startsWith(`${name}: `));
  if (!label) throw new Error(`the mailbox does not offer "${name}": ${labels.join(' | ')}`);
  return { label, subject: label.slice(name.length + 2) };
}

/** Reads the mailbox again (its Refresh button) until the check passes. */
export async function refreshMailboxUntil(page: Page, check: () => Promise<void>, timeout = 30_000) {
  await expect(async () => {
    await page.getByRole('button', { name: 'Refresh' }).click();
    await check();
  }).toPass({ timeout });
}

/**
 * Narrows the mailbox to the sends whose recipient or subject contains the text, and waits for that list:
 * other specs fill the same organisation's mailbox at the same time, past its first page.
 */
export async function searchMailbox(page: Page, text: string) {
  const answered = page.waitForResponse((response) => {
    const url = new URL(response.url());
    return url.pathname.endsWith('/mailbox/') && url.searchParams.get('q') === text;
  });
  await page.getByLabel('Search the mailbox').fill(text);
  await answered;
}
