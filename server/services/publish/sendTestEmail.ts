import type { Kysely } from 'kysely';
import type { MergeValues } from '../../../domain/mergeFields.ts';
import type { Database } from '../../db/schema.ts';
import { badRequest } from '../../lib/AppError.ts';
import { notifyWork } from '../../lib/workSignals.ts';
import { bodyIdsOf } from '../delivery/emailBodies.ts';
import { type SendContent, sendRow } from '../delivery/queueMarketingEmail.ts';
import { checkTestSendAddresses } from '../delivery/testSendRules.ts';
import { insertEditionSend } from './insertEditionSend.ts';

export type TestEmailInput = {
  orgId: number;
  userId: number;
  edition: {
    id: number;
    email_id: number;
    campaign_id: number | null;
    html: string | null;
    subject: string;
    sender_address: string | null;
    sender_name: string;
  };
  addresses: readonly string[];
};

/** The preference record (unsubscribe id) of each test address: the one it has, else a new one. */
async function preferenceOf(
  db: Kysely<Database>,
  orgId: number,
  address: string,
  contactId: number | null,
): Promise<string> {
  const found = await db
    .selectFrom('preferences')
    .select('uuid')
    .where('org_id', '=', orgId)
    .where((eb) => eb(eb.fn('lower', ['email']), '=', address.toLowerCase()))
    .orderBy('created_at')
    .executeTakeFirst();
  if (found) return found.uuid;
  const made = await db
    .insertInto('preferences')
    .values({
      uuid: crypto.randomUUID(),
      org_id: orgId,
      contact_id: contactId,
      email: address,
      marketing: true,
      webinars: true,
      unsub_all: false,
    })
    .returning('uuid')
    .executeTakeFirstOrThrow();
  return made.uuid;
}

/**
 * Sends a test of an edition to a few of the organisation's own addresses (its users, its verified
 * senders): the email exactly as its recipients will get it (tracked links, preference link,
 * List-Unsubscribe), the subject marked "[Test]", the send marked as a test (edition_sends kind test,
 * email_send.is_test, its events is_test: left out of analytics unless asked). Merge fields take the
 * address's contact, else the user of that address. Answers the test send's id.
 */
export async function sendTestEmail(
  db: Kysely<Database>,
  input: TestEmailInput,
): Promise<{ sendId: number }> {
  const { edition } = input;
  if (!edition.html) throw badRequest('Design this edition before sending a test.');
  if (!edition.sender_address) throw badRequest('Choose who the test is from (a verified sender) first.');
  const addresses = [...new Map(input.addresses.map((a) => [a.trim().toLowerCase(), a.trim()])).values()];
  for (const address of addresses) {
    await checkTestSendAddresses(db, input.orgId, { to: address, from: edition.sender_address });
  }
  const lower = addresses.map((a) => a.toLowerCase());
  const [contacts, users] = await Promise.all([
    db
      .selectFrom('contacts')
      .select(['id', 'email', 'first_name', 'last_name'])
      .where('org_id', '=', input.orgId)
      .where((eb) => eb(eb.fn('lower', ['email']), 'in', lower))
      .execute(),
    db
      .selectFrom('users')
      .select(['email', 'first_name', 'last_name'])
      .where('org_id', '=', input.orgId)
      .where((eb) => eb(eb.fn('lower', ['email']), 'in', lower))
      .execute(),
  ]);
  const content: SendContent = {
    emailId: edition.email_id,
    campaignId: edition.campaign_id,
    html: edition.html,
    subject: edition.subject,
    fromAddress: edition.sender_address,
    fromName: edition.sender_name,
  };
  return db.transaction().execute(async (trx) => {
    const sendId = await insertEditionSend(trx, {
      kind: 'test',
      orgId: input.orgId,
      versionId: edition.id,
      userId: input.userId,
      outlookUserId: null,
      testAddresses: addresses,
    });
    const bodyId = (await bodyIdsOf(trx, input.orgId, [content.html])).get(content.html) as number;
    const rows = [];
    for (const address of addresses) {
      const contact = contacts.find((c) => c.email.toLowerCase() === address.toLowerCase());
      const user = users.find((u) => u.email.toLowerCase() === address.toLowerCase());
      const person = contact ?? user;
      const merge: MergeValues = {
        email: address,
        first_name: person?.first_name ?? '',
        last_name: person?.last_name ?? '',
      };
      rows.push(
        sendRow({
          orgId: input.orgId,
          content,
          bodyId,
          to: address,
          contactId: contact?.id ?? null,
          merge,
          preferenceUuid: await preferenceOf(trx, input.orgId, address, contact?.id ?? null),
          campaignId: edition.campaign_id,
          dedupeKey: `test:${sendId}:${address.toLowerCase()}`,
          versionId: edition.id,
          isTest: true,
        }),
      );
    }
    await trx.insertInto('email_send').values(rows).execute();
    await notifyWork(trx, 'delivery');
    return { sendId };
  });
}
