import { randomBytes, randomUUID } from 'node:crypto';
import type { MergeValues } from '../../../domain/mergeFields.ts';
import type { Db } from '../../db/Db.ts';
import { AppError } from '../../lib/AppError.ts';
import { notifyWork } from '../../lib/workSignals.ts';
import { newMessageId } from './composeMime.ts';
import { bodyIdsOf } from './emailBodies.ts';

export type QueueMarketingEmailInput = {
  orgId: number;
  contactId: number;
  emailId: number;
  campaignId?: number | null;
  workflowId?: number | null;
  nodeId?: string | null;
  /**
   * The edition sent (a campaign send): its rendered design, subject and sender replace the email's, and
   * the send records it (email_send.version_id). The edition must be of this email.
   */
  versionId?: number | null;
  /** Names the send: a second call with the same key returns the first row (e.g. wf:<enrolment>:<node>:<visit>). */
  dedupeKey: string;
};

export type QueuedSend = { sendId: number; created: boolean };

/** A public tracking token: 128 random bits, base64url (22 characters). */
export function newTrackingToken(): string {
  return randomBytes(16).toString('base64url');
}

type ContactRow = {
  id: number;
  org_id: number;
  email: string;
  first_name: string;
  last_name: string;
  status: string;
};

/**
 * The unsubscribe id (preference record) of each contact, created for those that have none yet: one read
 * and at most one insert for all of them.
 */
async function preferenceUuidsOf(db: Db, contacts: readonly ContactRow[]): Promise<Map<number, string>> {
  const uuids = new Map<number, string>();
  if (contacts.length === 0) return uuids;
  const existing = await db
    .selectFrom('preferences')
    .select(['contact_id', 'uuid'])
    .distinctOn('contact_id')
    .where(
      'contact_id',
      'in',
      contacts.map((c) => c.id),
    )
    .orderBy('contact_id')
    .orderBy('created_at')
    .execute();
  for (const row of existing) if (row.contact_id !== null) uuids.set(row.contact_id, row.uuid);
  const missing = contacts.filter((c) => !uuids.has(c.id));
  if (missing.length === 0) return uuids;
  const rows = missing.map((contact) => {
    const unsubAll = contact.status === 'Unsubscribed';
    return {
      uuid: randomUUID(),
      org_id: contact.org_id,
      contact_id: contact.id,
      email: contact.email,
      marketing: !unsubAll,
      webinars: !unsubAll,
      unsub_all: unsubAll,
    };
  });
  await db.insertInto('preferences').values(rows).execute();
  for (const row of rows) uuids.set(row.contact_id, row.uuid);
  return uuids;
}

/**
 * Queues one marketing email to one contact: renders it (merge fields, links rewritten to the click
 * endpoint, preference link, open pixel), makes sure the contact has a preference record (the
 * List-Unsubscribe target), and inserts the send for the delivery worker. Runs in the caller's
 * transaction when given one (the workflow runtime's step transaction), so the send exists exactly when
 * the step's advance commits. A dedupeKey already used returns that send with created false and changes
 * nothing. Whether the contact may receive it is checked when it is sent, not here.
 */
export async function queueMarketingEmail(db: Db, input: QueueMarketingEmailInput): Promise<QueuedSend> {
  const [answer] = await queueMarketingEmails(db, [input]);
  if (!answer) throw new Error('queueMarketingEmails gave no answer.');
  if (answer instanceof Error) throw answer;
  return answer;
}

type EmailRow = {
  id: number;
  org_id: number;
  subject: string;
  html: string | null;
  sent_from: string;
  sender_name: string;
  campaign_id: number | null;
};

type EditionRow = {
  id: number;
  email_id: number;
  html: string | null;
  subject: string;
  sender_name: string | null;
  sender_address: string | null;
};

/** The editions the inputs send (campaign sends), with their sender's address. */
async function editionsOf(
  db: Db,
  inputs: readonly QueueMarketingEmailInput[],
): Promise<Map<number, EditionRow>> {
  const ids = [...new Set(inputs.flatMap((input) => (input.versionId != null ? [input.versionId] : [])))];
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('email_versions as v')
    .leftJoin('verified_addresses as a', 'a.id', 'v.sender_address_id')
    .select(['v.id', 'v.email_id', 'v.html', 'v.subject', 'v.sender_name', 'a.address as sender_address'])
    .where('v.id', 'in', ids)
    .execute();
  return new Map(rows.map((row) => [row.id, row]));
}

/** Adds to `into` the ids of the sends stored under these dedupe keys. */
async function readSendIds(db: Db, keys: readonly string[], into: Map<string, number>): Promise<void> {
  if (keys.length === 0) return;
  const rows = await db
    .selectFrom('email_send')
    .select(['id', 'dedupe_key'])
    .where('dedupe_key', 'in', [...keys])
    .execute();
  for (const row of rows) into.set(row.dedupe_key, row.id);
}

/** What a send sends: the email's content, or its edition's (design, subject and sender). */
export type SendContent = {
  emailId: number;
  campaignId: number | null;
  html: string;
  subject: string;
  fromAddress: string;
  fromName: string;
};

function contentOf(
  input: QueueMarketingEmailInput,
  emailById: Map<number, EmailRow>,
  editionById: Map<number, EditionRow>,
): SendContent {
  const email = emailById.get(input.emailId) as EmailRow;
  const edition = input.versionId != null ? editionById.get(input.versionId) : undefined;
  return {
    emailId: email.id,
    campaignId: email.campaign_id,
    html: (edition ? edition.html : email.html) as string,
    subject: (edition?.subject || email.subject) as string,
    fromAddress: edition?.sender_address ?? email.sent_from,
    fromName: edition?.sender_name || email.sender_name,
  };
}

/** The email_send row of one send (shared with test sends): its content is a stored body, filled when sent. */
export function sendRow(send: {
  orgId: number;
  content: SendContent;
  bodyId: number;
  to: string;
  contactId: number | null;
  merge: MergeValues;
  preferenceUuid: string;
  campaignId: number | null;
  workflowId?: number | null;
  nodeId?: string | null;
  dedupeKey: string;
  versionId: number | null;
  isTest?: boolean;
}) {
  return {
    token: newTrackingToken(),
    org_id: send.orgId,
    contact_id: send.contactId,
    email_id: send.content.emailId,
    campaign_id: send.campaignId,
    workflow_id: send.workflowId ?? null,
    node_id: send.nodeId ?? null,
    dedupe_key: send.dedupeKey,
    preference_uuid: send.preferenceUuid,
    to_address: send.to,
    from_address: send.content.fromAddress,
    from_name: send.content.fromName,
    subject: send.isTest ? `[Test] ${send.content.subject}` : send.content.subject,
    body_id: send.bodyId,
    merge_values: JSON.stringify(send.merge),
    message_id: newMessageId(send.content.fromAddress),
    version_id: send.versionId,
    is_test: send.isTest ?? false,
  };
}

/**
 * queueMarketingEmail for many sends with a fixed number of statements (the workflow runtime's batches):
 * one answer per input, in order, an AppError (400) for an input whose contact or email is not of its
 * organisation or whose email has no design yet. Two inputs with one dedupeKey make one send.
 */
export async function queueMarketingEmails(
  db: Db,
  inputs: readonly QueueMarketingEmailInput[],
): Promise<(QueuedSend | Error)[]> {
  const known = new Map<string, number>();
  await readSendIds(db, [...new Set(inputs.map((input) => input.dedupeKey))], known);
  const fresh = inputs.filter((input) => !known.has(input.dedupeKey));
  const [contacts, emails] = await Promise.all([
    fresh.length === 0
      ? []
      : db
          .selectFrom('contacts')
          .select(['id', 'org_id', 'email', 'first_name', 'last_name', 'status'])
          .where('id', 'in', [...new Set(fresh.map((input) => input.contactId))])
          .execute(),
    fresh.length === 0
      ? []
      : db
          .selectFrom('emails')
          .select(['id', 'org_id', 'subject', 'html', 'sent_from', 'sender_name', 'campaign_id'])
          .where('id', 'in', [...new Set(fresh.map((input) => input.emailId))])
          .execute(),
  ]);
  const contactById = new Map(contacts.map((row) => [row.id, row]));
  const emailById = new Map(emails.map((row) => [row.id, row]));
  const editionById = await editionsOf(db, fresh);

  const problems = new Map<QueueMarketingEmailInput, AppError>();
  const sendable: QueueMarketingEmailInput[] = [];
  const claimed = new Set<string>();
  for (const input of fresh) {
    const contact = contactById.get(input.contactId);
    const email = emailById.get(input.emailId);
    let problem: AppError | null = null;
    if (!contact || contact.org_id !== input.orgId) {
      problem = new AppError(400, `Contact ${input.contactId} is not a contact of this organisation.`);
    } else if (!email || email.org_id !== input.orgId) {
      problem = new AppError(400, `Email ${input.emailId} is not an email of this organisation.`);
    } else if (input.versionId != null) {
      const edition = editionById.get(input.versionId);
      if (!edition || edition.email_id !== email.id) {
        problem = new AppError(
          400,
          `Edition ${input.versionId} is not an edition of email ${input.emailId}.`,
        );
      } else if (!edition.html) {
        problem = new AppError(400, `Edition ${input.versionId} has no design yet.`);
      }
    } else if (!email.html) {
      problem = new AppError(400, `Email ${input.emailId} has no design yet.`);
    }
    if (problem) problems.set(input, problem);
    else if (!claimed.has(input.dedupeKey)) {
      claimed.add(input.dedupeKey);
      sendable.push(input);
    }
  }

  const recipients = [...new Set(sendable.map((input) => input.contactId))].flatMap((id) => {
    const contact = contactById.get(id);
    return contact ? [contact] : [];
  });
  const preferenceUuids = await preferenceUuidsOf(db, recipients);
  const contents = sendable.map((input) => contentOf(input, emailById, editionById));
  const bodyIds = new Map<number, Map<string, number>>();
  for (const orgId of new Set(sendable.map((input) => input.orgId))) {
    const htmls = contents.flatMap((content, i) => (sendable[i]?.orgId === orgId ? [content.html] : []));
    bodyIds.set(orgId, await bodyIdsOf(db, orgId, htmls));
  }
  const rows = sendable.map((input, i) => {
    const contact = contactById.get(input.contactId) as ContactRow;
    const content = contents[i] as SendContent;
    return sendRow({
      orgId: input.orgId,
      content,
      bodyId: bodyIds.get(input.orgId)?.get(content.html) as number,
      to: contact.email,
      contactId: contact.id,
      merge: { first_name: contact.first_name, last_name: contact.last_name, email: contact.email },
      preferenceUuid: preferenceUuids.get(contact.id) as string,
      campaignId: input.campaignId === undefined ? content.campaignId : input.campaignId,
      workflowId: input.workflowId ?? null,
      nodeId: input.nodeId ?? null,
      dedupeKey: input.dedupeKey,
      versionId: input.versionId ?? null,
    });
  });
  const created = new Set<string>();
  if (rows.length > 0) {
    const inserted = await db
      .insertInto('email_send')
      .values(rows)
      .onConflict((oc) => oc.column('dedupe_key').doNothing())
      .returning(['id', 'dedupe_key'])
      .execute();
    for (const row of inserted) {
      known.set(row.dedupe_key, row.id);
      created.add(row.dedupe_key);
    }
    // Delivered on the caller's commit: delivery workers wake then and find the rows.
    if (inserted.length > 0) await notifyWork(db, 'delivery');
    // Sent meanwhile by another transaction with the same key (it committed first): that send is the one.
    await readSendIds(
      db,
      rows.map((row) => row.dedupe_key).filter((key) => !known.has(key)),
      known,
    );
  }

  const answered = new Set<string>();
  return inputs.map((input) => {
    const problem = problems.get(input);
    if (problem) return problem;
    const sendId = known.get(input.dedupeKey);
    if (sendId === undefined) return new Error(`The send ${input.dedupeKey} was not stored.`);
    const first = created.has(input.dedupeKey) && !answered.has(input.dedupeKey);
    answered.add(input.dedupeKey);
    return { sendId, created: first };
  });
}
