import { expect, type Page } from '@playwright/test';

export type MailboxContact = { value: string; label: string; address: string };

/**
 * A Subscribed contact of the demo mailbox's send form, counted from the end of the offered list, so
 * specs sharing one server keep to their own contact: 1 is e2e/mailbox.spec.ts's, 2 e2e/sendingLoop.spec.ts's,
 * 3 e2e/newcomerPath.spec.ts's (other specs unsubscribe the first few).
 */
export async function subscribedContactFromEnd(page: Page, fromEnd: number): Promise<MailboxContact> {
  const options = await page
    .getByLabel('Contact', { exact: true })
    .locator('option')
    .evaluateAll((nodes) =>
      nodes.map((node) => ({ value: (node as HTMLOptionElement).value, label: node.textContent ?? '' })),
    );
  const chosen = options.filter((option) => !option.label.includes(' · ')).at(-fromEnd);
  if (!chosen) throw new Error(`no Subscribed contact ${fromEnd} from the end`);
  return { ...chosen, address: chosen.label.match(/<([^>]+)>/)?.[1] ?? '' };
}

/** The option of the send form's email select whose label starts with the email's name ("Name: Subject"). */
export async function mailboxEmailOption(
  page: Page,
  name: string,
): Promise<{ label: string; subject: string }> {
  const labels = await page.getByLabel('Email', { exact: true }).locator('option').allInnerTexts();
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
