import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { notifyWork } from './workSignals.ts';

export type OutgoingEmail = {
  orgId: number | null;
  kind: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  /**
   * One-time secrets the message carries (a reset or sign-up key): only the recipient may ever read them.
   * The outbox keeps the message with each of them replaced by REDACTED.
   */
  secrets?: readonly string[];
};

export const REDACTED = '[redacted]';

/** The text with every one-time secret replaced by REDACTED. */
export function redactSecrets(text: string, secrets: readonly string[] = []): string {
  return secrets.reduce((out, secret) => (secret ? out.split(secret).join(REDACTED) : out), text);
}

/**
 * Writes an email to the outbox, one-time secrets redacted in what the outbox shows. With SMTP configured
 * it is queued for delivery (server/services/delivery/startOutboxDelivery.ts), the full message held apart (private_*) until it is delivered or has failed;
 * without, only the redacted copy is kept and the caller hands the full message to the operator's log.
 */
export async function enqueueEmail(db: Kysely<Database>, email: OutgoingEmail, smtpConfigured: boolean) {
  const secret = (email.secrets ?? []).length > 0;
  const row = await db
    .insertInto('outbox')
    .values({
      org_id: email.orgId,
      kind: email.kind,
      to_address: email.to,
      subject: email.subject,
      text_body: redactSecrets(email.text, email.secrets),
      html_body: email.html === undefined ? null : redactSecrets(email.html, email.secrets),
      private_text_body: secret && smtpConfigured ? email.text : null,
      private_html_body: secret && smtpConfigured ? (email.html ?? null) : null,
      status: smtpConfigured ? 'queued' : 'kept',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  // The delivery loops of every process wake (the outbox is one of the delivery queues).
  if (smtpConfigured) await notifyWork(db, 'delivery');
  return row;
}
