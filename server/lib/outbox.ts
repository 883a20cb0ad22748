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
};

/**
 * Writes an email to the outbox. With SMTP configured it is queued for delivery; without, it is kept
 * in the outbox only, where an internal admin can read it.
 */
export async function enqueueEmail(db: Kysely<Database>, email: OutgoingEmail, smtpConfigured: boolean) {
  return db
    .insertInto('outbox')
    .values({
      org_id: email.orgId,
      kind: email.kind,
      to_address: email.to,
      subject: email.subject,
      text_body: email.text,
      html_body: email.html ?? null,
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
          text: email.text_body,
          ...(email.html_body ? { html: email.html_body } : {}),
        });
        await db
          .updateTable('outbox')
          .set({ status: 'sent', sent_at: new Date(), attempts: email.attempts + 1, last_error: null })
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
