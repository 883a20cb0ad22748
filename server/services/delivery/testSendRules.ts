import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { badRequest, tooManyRequests } from '../../lib/AppError.ts';

/** Test sends a person may make in a window, and all the people of one organisation together. */
export const TEST_SENDS_PER_USER = 10;
export const TEST_SENDS_PER_ORGANISATION = 30;
export const TEST_SEND_WINDOW_MS = 10 * 60 * 1000;

/** The addresses an organisation controls: its users' own and the ones it has verified. */
async function isOrganisationAddress(db: Kysely<Database>, orgId: number, address: string): Promise<boolean> {
  const lower = address.trim().toLowerCase();
  const user = await db
    .selectFrom('users')
    .select('id')
    .where('org_id', '=', orgId)
    .where((eb) => eb(eb.fn('lower', ['email']), '=', lower))
    .executeTakeFirst();
  if (user) return true;
  const verified = await db
    .selectFrom('verified_addresses')
    .select('id')
    .where('org_id', '=', orgId)
    .where((eb) => eb(eb.fn('lower', ['address']), '=', lower))
    .executeTakeFirst();
  return verified !== undefined;
}

/**
 * Test sends go only to the organisation's own users or its verified addresses, from one of those
 * addresses: a test send must never become a relay that mails anything to anyone under the product's name.
 */
export async function checkTestSendAddresses(
  db: Kysely<Database>,
  orgId: number,
  addresses: { to: string; from: string },
): Promise<void> {
  if (!(await isOrganisationAddress(db, orgId, addresses.to))) {
    throw badRequest(
      `Test emails go only to people of your organisation or its verified addresses; ${addresses.to} is neither.`,
    );
  }
  if (!(await isOrganisationAddress(db, orgId, addresses.from))) {
    throw badRequest(
      `Test emails are sent only from your organisation's verified senders; ${addresses.from} is not one.`,
    );
  }
}

/**
 * Counts test sends per person and per organisation in a sliding window (in memory, per process: each
 * server process holds its own count, which bounds a relay attempt all the same). Beyond either limit the
 * send is refused with 429 and when to try again.
 */
export class TestSendLimiter {
  private readonly sent = new Map<string, number[]>();

  constructor(private readonly clock: () => Date) {}

  take(userId: number, orgId: number): void {
    const now = this.clock().getTime();
    const keys: Array<[string, number]> = [
      [`user:${userId}`, TEST_SENDS_PER_USER],
      [`org:${orgId}`, TEST_SENDS_PER_ORGANISATION],
    ];
    for (const [key, limit] of keys) {
      const recent = (this.sent.get(key) ?? []).filter((at) => at > now - TEST_SEND_WINDOW_MS);
      this.sent.set(key, recent);
      if (recent.length >= limit) {
        const retryAfterSeconds = ((recent[0] ?? now) + TEST_SEND_WINDOW_MS - now) / 1000;
        throw tooManyRequests(
          key.startsWith('user')
            ? `You have sent ${limit} test emails in the last 10 minutes. Try again in a few minutes.`
            : `Your organisation has sent ${limit} test emails in the last 10 minutes. Try again in a few minutes.`,
          retryAfterSeconds,
        );
      }
    }
    for (const [key] of keys) this.sent.get(key)?.push(now);
  }
}
