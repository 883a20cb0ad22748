import type { Kysely } from 'kysely';
import type { Database, OutboxStatus } from '../../db/schema.ts';
import { composeMime, newMessageId, parseMailbox } from './composeMime.ts';
import { type DeliveryLoop, deliveryLoop } from './deliveryLoop.ts';
import { backoffMs, claimDue, nextDueInMs, type QueueSettings } from './leasedQueue.ts';
import { SmtpPool } from './smtp/SmtpPool.ts';
import { smtpOptionsFromUrl } from './smtp/smtpOptionsFromUrl.ts';

type OutboxRow = {
  id: number;
  status: string;
  attempts: number;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  private_text_body: string | null;
  private_html_body: string | null;
};

export type OutboxDelivery = DeliveryLoop;

export type OutboxDeliveryOptions = QueueSettings & {
  db: Kysely<Database>;
  smtpUrl: string;
  /** The sender (SMTP_FROM): "Name <address>" or an address. */
  from: string;
};

/** Account email is a trickle: two connections, each closed by the server or its time-out when idle. */
const OUTBOX_CONNECTIONS = 2;

/**
 * Delivers account email (password resets, sign-up links) from the outbox over SMTP, through the same SMTP
 * client and MIME composer as marketing email (SmtpPool, composeMime), on the delivery queue's rules (leasedQueue.ts, deliveryLoop.ts): rows are claimed with a lease, so a process that died
 * mid-send leaves them due again when the lease runs out, and several processes never send one twice; a
 * failure waits with back-off until maxAttempts, then is failed. Every outcome is written only while the
 * claim is still this process's. The full message with its secret is dropped once delivered or failed.
 */
export function startOutboxDelivery(options: OutboxDeliveryOptions): OutboxDelivery {
  const { db, log } = options;
  const now = options.now ?? (() => new Date());
  const leaseMs = options.leaseMs ?? 60_000;
  const maxAttempts = options.maxAttempts ?? 6;
  const baseMs = options.backoffBaseMs ?? 30_000;
  const batchSize = options.batchSize ?? 20;
  const smtpTimeoutMs = Math.max(1000, Math.min(30_000, Math.floor(leaseMs / 3)));
  const from = parseMailbox(options.from);
  const transport = new SmtpPool({
    ...smtpOptionsFromUrl(options.smtpUrl, smtpTimeoutMs),
    maxConnections: OUTBOX_CONNECTIONS,
    maxMessages: 100,
  });

  const settle = async (row: OutboxRow, set: Partial<SettleFields>) => {
    const updated = await db
      .updateTable('outbox')
      .set({ ...set, lease_until: null })
      .where('id', '=', row.id)
      .where('status', '=', 'sending')
      .where('attempts', '=', row.attempts)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) {
      log.warn({ outboxId: row.id }, 'outbox email was taken over by another process before it was settled');
    }
  };

  async function deliverOne(row: OutboxRow): Promise<void> {
    try {
      const message = composeMime({
        from,
        to: row.to_address,
        subject: row.subject,
        messageId: newMessageId(from.address),
        date: now(),
        headers: {},
        text: row.private_text_body ?? row.text_body,
        html: row.private_html_body || row.html_body || undefined,
      });
      await transport.send({ from: from.address, to: [row.to_address] }, message);
    } catch (error) {
      const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
      log.warn({ outboxId: row.id, attempts: row.attempts }, `outbox delivery failed: ${message}`);
      if (row.attempts >= maxAttempts) {
        await settle(row, {
          status: 'failed',
          last_error: message,
          private_text_body: null,
          private_html_body: null,
        });
      } else {
        const at = new Date(
          now().getTime() + backoffMs(row.attempts, baseMs, options.backoffMaxMs ?? 6 * 60 * 60_000),
        );
        await settle(row, { status: 'queued', last_error: message, next_attempt_at: at });
      }
      return;
    }
    // Delivered: the full message with its secret is not kept any longer.
    await settle(row, {
      status: 'sent',
      sent_at: now(),
      last_error: null,
      private_text_body: null,
      private_html_body: null,
    });
  }

  const loop = deliveryLoop({
    claim: () => claimDue<OutboxRow>(db, 'outbox', { at: now(), leaseMs, batchSize }),
    batchSize,
    deliverOne,
    nextDueInMs: () => nextDueInMs(db, 'outbox', now()),
    pollMs: options.pollMs ?? 30_000,
    wakeOnQueue: true,
    // A row that could not be settled keeps its claim and is due again when its lease runs out.
    onError: (error, rowId) =>
      log.error(error, rowId ? `outbox email ${rowId} could not be settled` : 'outbox email delivery failed'),
  });
  return {
    deliverDue: loop.deliverDue,
    stop: async () => {
      await loop.stop();
      await transport.close();
    },
  };
}

type SettleFields = {
  status: OutboxStatus;
  last_error: string | null;
  next_attempt_at: Date;
  sent_at: Date;
  private_text_body: null;
  private_html_body: null;
};
