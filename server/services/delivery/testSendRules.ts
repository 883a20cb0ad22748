import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { badRequest, tooManyRequests } from '../../lib/AppError.ts';
import type { RateLimiter } from '../../lib/RateLimiter.ts';

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
 * Counts test sends per person and per organisation in windows of TEST_SEND_WINDOW_MS, with the one
 * rate-limit mechanism (RateLimiter: shared by every server process, so a relay attempt spread over
 * processes is bounded all the same). Beyond either limit the send is refused with 429 and when to try
 * again. Every kind of test send (an edition's, a share profile's) counts against the same limits.
 */
export class TestSendLimiter {
  constructor(private readonly limiter: RateLimiter) {}

  async take(userId: number, orgId: number): Promise<void> {
    const scopes = [
      { key: `test-send:user:${userId}`, max: TEST_SENDS_PER_USER, who: 'You have' },
      { key: `test-send:org:${orgId}`, max: TEST_SENDS_PER_ORGANISATION, who: 'Your organisation has' },
    ];
    for (const { key, max, who } of scopes) {
      const decision = await this.limiter.take(key, { max, windowMs: TEST_SEND_WINDOW_MS });
      if (!decision.ok) {
        throw tooManyRequests(
          `${who} sent ${max} test emails in the last 10 minutes. Try again in a few minutes.`,
          decision.retryAfterSeconds,
        );
      }
    }
  }
}
