import { readFileSync } from 'node:fs';
import { expect } from '@playwright/test';

/**
 * What the e2e run made for itself (playwright.config.ts): the internal admin it created with a password
 * of its own, the unsubscribe ids read from its freshly seeded database (e2e/support/prepareE2eData.ts),
 * and the server's log, where mail that is not sent (no SMTP_URL) is written in full for the operator.
 */
function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the specs through playwright.config.ts`);
  return value;
}

/** The internal admin of the e2e server (ADMIN_EMAIL / ADMIN_PASSWORD chosen by the run). */
export function adminLogin(): { email: string; password: string } {
  return { email: required('E2E_ADMIN_EMAIL'), password: required('E2E_ADMIN_PASSWORD') };
}

let uuids: Record<string, string> | null = null;

/** The unsubscribe id of a demo contact (1 is the demo preference link, every section filled). */
export function preferenceUuid(contactId: number): string {
  uuids ??= (
    JSON.parse(readFileSync(required('E2E_FIXTURE_FILE'), 'utf8')) as {
      preferenceUuids: Record<string, string>;
    }
  ).preferenceUuids;
  const uuid = uuids[String(contactId)];
  if (!uuid) throw new Error(`no unsubscribe id for contact ${contactId} in the e2e fixture`);
  return uuid;
}

type LoggedMail = { mail?: { to?: string; text?: string } };

/** The newest link with `pathPart` in a mail to `to` that the server logged (waits for it to arrive). */
export async function mailedLink(to: string, pathPart: string): Promise<string> {
  let link: string | null = null;
  await expect
    .poll(
      () => {
        const lines = readFileSync(required('E2E_SERVER_LOG'), 'utf8').split('\n');
        for (const line of lines.reverse()) {
          if (!line.startsWith('{') || !line.includes(pathPart)) continue;
          const entry = JSON.parse(line) as LoggedMail;
          if (entry.mail?.to?.toLowerCase() !== to.toLowerCase()) continue;
          const found = new RegExp(`https?://\\S*${pathPart}\\S*`).exec(entry.mail.text ?? '');
          if (found) {
            link = found[0];
            return true;
          }
        }
        return false;
      },
      { message: `a mail to ${to} with a ${pathPart} link in the server log` },
    )
    .toBe(true);
  return link as unknown as string;
}
