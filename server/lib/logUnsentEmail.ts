import type { FastifyBaseLogger } from 'fastify';
import type { OutgoingEmail } from './outbox.ts';

/**
 * Writes a message the product could not send (no SMTP_URL) to the server's log, in full, one-time link
 * included: the operator is the only one who reads the log, and passes the link on to its recipient (on a
 * laptop, the newcomer is both). One line, field `mail`, so a script can find it by its recipient.
 */
export function logUnsentEmail(log: FastifyBaseLogger, outboxId: number, email: OutgoingEmail): void {
  log.info(
    { outbox_id: outboxId, mail: { to: email.to, subject: email.subject, text: email.text } },
    `Email to ${email.to} not sent (no SMTP_URL): "${email.subject}". The outbox shows it redacted; its full text is here, for the operator only.`,
  );
}
