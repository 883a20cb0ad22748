import { randomBytes, randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../lib/AppError.ts';
import { wakeDelivery } from './deliveryWakeups.ts';
import { renderMarketingEmail } from './renderMarketingEmail.ts';

export type QueueMarketingEmailInput = {
  orgId: number;
  contactId: number;
  emailId: number;
  campaignId?: number | null;
  workflowId?: number | null;
  nodeId?: string | null;
  /** Names the send: a second call with the same key returns the first row (e.g. wf:<enrolment>:<node>:<visit>). */
  dedupeKey: string;
};

export type QueuedSend = { sendId: number; created: boolean };

/** A public tracking token: 128 random bits, base64url (22 characters). */
export function newTrackingToken(): string {
  return randomBytes(16).toString('base64url');
}

/** The contact's unsubscribe id (its preference record), created when the contact has none yet. */
async function preferenceUuidOf(
  db: Kysely<Database> | Transaction<Database>,
  orgId: number,
  contact: { id: number; email: string; status: string },
): Promise<string> {
  const existing = await db
    .selectFrom('preferences')
    .select('uuid')
    .where('contact_id', '=', contact.id)
    .orderBy('created_at')
    .limit(1)
    .executeTakeFirst();
  if (existing) return existing.uuid;
  const uuid = randomUUID();
  const unsubAll = contact.status === 'Unsubscribed';
  await db
    .insertInto('preferences')
    .values({
      uuid,
      org_id: orgId,
      contact_id: contact.id,
      email: contact.email,
      marketing: !unsubAll,
      webinars: !unsubAll,
      unsub_all: unsubAll,
    })
    .execute();
  return uuid;
}

/**
 * Queues one marketing email to one contact: renders it (merge fields, links rewritten to the click
 * endpoint, preference link, open pixel), makes sure the contact has a preference record (the
 * List-Unsubscribe target), and inserts the send for the delivery worker. Runs in the caller's
 * transaction when given one (the workflow runtime's step transaction), so the send exists exactly when
 * the step's advance commits. A dedupeKey already used returns that send with created false and changes
 * nothing. Whether the contact may receive it is checked when it is sent, not here.
 */
export async function queueMarketingEmail(
  db: Kysely<Database> | Transaction<Database>,
  input: QueueMarketingEmailInput,
): Promise<QueuedSend> {
  const existing = await db
    .selectFrom('email_send')
    .select('id')
    .where('dedupe_key', '=', input.dedupeKey)
    .executeTakeFirst();
  if (existing) return { sendId: existing.id, created: false };

  const [contact, email] = await Promise.all([
    db
      .selectFrom('contacts')
      .select(['id', 'email', 'first_name', 'last_name', 'status'])
      .where('id', '=', input.contactId)
      .where('org_id', '=', input.orgId)
      .executeTakeFirst(),
    db
      .selectFrom('emails')
      .select(['id', 'subject', 'html', 'sent_from', 'sender_name', 'campaign_id'])
      .where('id', '=', input.emailId)
      .where('org_id', '=', input.orgId)
      .executeTakeFirst(),
  ]);
  if (!contact) throw new AppError(400, `Contact ${input.contactId} is not a contact of this organisation.`);
  if (!email) throw new AppError(400, `Email ${input.emailId} is not an email of this organisation.`);
  if (!email.html) throw new AppError(400, `Email ${input.emailId} has no design yet.`);

  const preferenceUuid = await preferenceUuidOf(db, input.orgId, contact);
  const token = newTrackingToken();
  const rendered = renderMarketingEmail({ html: email.html, token, contact, preferenceUuid });
  const domain = email.sent_from.split('@')[1]?.replace(/[^A-Za-z0-9.-]/g, '') || 'workbench.local';

  const inserted = await db
    .insertInto('email_send')
    .values({
      token,
      org_id: input.orgId,
      contact_id: contact.id,
      email_id: email.id,
      campaign_id: input.campaignId === undefined ? email.campaign_id : input.campaignId,
      workflow_id: input.workflowId ?? null,
      node_id: input.nodeId ?? null,
      dedupe_key: input.dedupeKey,
      preference_uuid: preferenceUuid,
      to_address: contact.email,
      from_address: email.sent_from,
      from_name: email.sender_name,
      subject: email.subject,
      html: rendered.html,
      links: JSON.stringify(rendered.links),
      message_id: `<${randomBytes(12).toString('hex')}@${domain}>`,
    })
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted) {
    // The row is visible once the caller commits; the worker retries shortly after a wake-up that found nothing.
    wakeDelivery();
    return { sendId: inserted.id, created: true };
  }
  const raced = await db
    .selectFrom('email_send')
    .select('id')
    .where('dedupe_key', '=', input.dedupeKey)
    .executeTakeFirstOrThrow();
  return { sendId: raced.id, created: false };
}
