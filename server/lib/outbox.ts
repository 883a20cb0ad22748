import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import nodemailer from 'nodemailer';
import type { Database } from '../db/schema.ts';

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
 * it is queued for delivery, the full message held apart (private_*) until it is delivered or has failed;
 * without, only the redacted copy is kept and the caller hands the full message to the operator's log.
 */
export async function enqueueEmail(db: Kysely<Database>, email: OutgoingEmail, smtpConfigured: boolean) {
  const secret = (email.secrets ?? []).length > 0;
  return db
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
}

const MAX_ATTEMPTS = 5;

export type OutboxDelivery = { deliverPending: () => Promise<number>; stop: () => Promise<void> };

/**
 * Delivers queued outbox emails over SMTP. One batch at a time; a failed send goes back to the queue
 * until MAX_ATTEMPTS, then is marked failed with its error. The sender address is SMTP_FROM.
 */
export function startOutboxDelivery(options: {
  db: Kysely<Database>;
  smtpUrl: string;
  from: string;
  log: FastifyBaseLogger;
  intervalMs?: number;
}): OutboxDelivery {
  const { db, log } = options;
  const transport = nodemailer.createTransport(options.smtpUrl);
  let running: Promise<number> | null = null;
  let stopped = false;

  async function deliverBatch(): Promise<number> {
    const batch = await db
      .updateTable('outbox')
      .set({ status: 'sending' })
      .where('id', 'in', (qb) =>
        qb.selectFrom('outbox').select('id').where('status', '=', 'queued').orderBy('id').limit(20),
      )
      .returningAll()
      .execute();
    for (const email of batch) {
      try {
        await transport.sendMail({
          from: options.from,
          to: email.to_address,
          subject: email.subject,
          text: email.private_text_body ?? email.text_body,
          ...(email.private_html_body || email.html_body
            ? { html: email.private_html_body ?? email.html_body ?? '' }
            : {}),
        });
        // Delivered: the full message with its secret is not kept any longer.
        await db
          .updateTable('outbox')
          .set({
            status: 'sent',
            sent_at: new Date(),
            attempts: email.attempts + 1,
            last_error: null,
            private_text_body: null,
            private_html_body: null,
          })
          .where('id', '=', email.id)
          .execute();
      } catch (error) {
        const attempts = email.attempts + 1;
        const message = error instanceof Error ? error.message : String(error);
        log.warn({ outboxId: email.id, attempts }, `outbox delivery failed: ${message}`);
        await db
          .updateTable('outbox')
          .set({
            status: attempts >= MAX_ATTEMPTS ? 'failed' : 'queued',
            attempts,
            last_error: message.slice(0, 500),
            ...(attempts >= MAX_ATTEMPTS ? { private_text_body: null, private_html_body: null } : {}),
          })
          .where('id', '=', email.id)
          .execute();
      }
    }
    return batch.length;
  }

  const deliverPending = (): Promise<number> => {
    if (!running) running = deliverBatch().finally(() => (running = null));
    return running;
  };

  const timer = setInterval(() => {
    if (!stopped) deliverPending().catch((error) => log.error(error, 'outbox delivery loop failed'));
  }, options.intervalMs ?? 2000);
  timer.unref();

  return {
    deliverPending,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
      transport.close();
    },
  };
}
