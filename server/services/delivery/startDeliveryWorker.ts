import { type Kysely, type Selectable, sql } from 'kysely';
import type { Database, EmailSendTable } from '../../db/schema.ts';
import type { EmailEventKind, EmailEventSink } from '../../lib/EmailEventSink.ts';
import { listUnsubscribeHeaders } from '../../lib/listUnsubscribeHeaders.ts';
import { classifySmtpFailure } from './classifySmtpFailure.ts';
import { composeMime } from './composeMime.ts';
import { deliveryLoop } from './deliveryLoop.ts';
import { backoffMs, claimDue, nextDueInMs, type QueueSettings } from './leasedQueue.ts';
import type { OutlookOutcome, OutlookTransport } from './OutlookTransport.ts';
import { type EmailEventInput, recordEmailEvents } from './recordEmailEvent.ts';
import { SendBodies } from './SendBodies.ts';
import { SmtpPool } from './smtp/SmtpPool.ts';
import { smtpOptionsFromUrl } from './smtp/smtpOptionsFromUrl.ts';

type SendRow = Selectable<EmailSendTable>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The marketing email delivery worker of this process (null with DELIVERY_WORKER=false). */
    deliveryWorker: DeliveryWorker | null;
    /** The sinks every recorded email event is handed to (AppContext.emailEventSinks). */
    emailEventSinks: EmailEventSink[];
  }
}

export type DeliveryWorkerOptions = QueueSettings & {
  db: Kysely<Database>;
  /** Read at every event (the runtime adds its sink after start-up). */
  sinks: readonly EmailEventSink[];
  /** Delivers over SMTP when set; without it the demo mailbox is the transport (marked delivered). */
  smtpUrl?: string | undefined;
  trackingBaseUrl: string;
  publicOrigin: string;
  preferenceBase: string;
  /** Wake when a send is queued (notifyWork 'delivery', from any process; default true). */
  wakeOnQueue?: boolean;
  /** Rows with outlook_user_id go through the user's Outlook mailbox (Microsoft Graph) instead of SMTP. */
  outlook?: OutlookTransport | null;
};

export type DeliveryWorker = {
  /** Delivers everything due now (several batches); resolves with how many sends were handled. */
  deliverDue: () => Promise<number>;
  stop: () => Promise<void>;
};

export const DELIVERY_DEFAULTS = {
  pollMs: 30_000,
  leaseMs: 60_000,
  maxAttempts: 6,
  backoffBaseMs: 60_000,
  backoffMaxMs: 6 * 60 * 60_000,
  // A claimed batch is one claim, one suppression read and one settle: larger batches cost fewer statements
  // per email; 200 at several hundred a second still settles well inside the lease.
  batchSize: 200,
  /** SMTP connections kept open (a pool) and sends of a batch in flight at once. */
  concurrency: 8,
  /** Batches in flight at once: one settles in the database while the next is sent. */
  batchLanes: 2,
} as const;

/** Messages of one mailbox sent through Microsoft Graph at once. */
/** The email event a send row records: its organisation, contact, email, origin and whether it was a test. */
function sendEvent(row: SendRow, kind: EmailEventKind, occurredAt: Date): EmailEventInput {
  return {
    orgId: row.org_id,
    kind,
    contactId: row.contact_id,
    emailId: row.email_id,
    campaignId: row.campaign_id,
    workflowId: row.workflow_id,
    nodeId: row.node_id,
    occurredAt,
    sendId: row.id,
    versionId: row.version_id,
    isTest: row.is_test,
  };
}

const OUTLOOK_LANES = 4;

/**
 * The delivery worker. Claims due sends with `for update skip locked` (several processes on one PostgreSQL
 * share the queue; each claimed row is leased, and a row whose process died is claimed again once its
 * lease has run out, keeping its Message-ID). At send time a contact that is Unsubscribed or Hard
 * Bounce, or whose preference says unsubscribe-all, is not sent to: the send is suppressed. An accepted
 * send is delivered (events sent and delivered); a 5xx answer is a bounce (the contact becomes Hard
 * Bounce, event bounced); anything else is retried with exponential back-off until maxAttempts, then
 * failed. Every outcome is written only if this process still holds the claim (same attempt number).
 */
export function startDeliveryWorker(options: DeliveryWorkerOptions): DeliveryWorker {
  const { db, log } = options;
  const now = options.now ?? (() => new Date());
  const leaseMs = options.leaseMs ?? DELIVERY_DEFAULTS.leaseMs;
  const maxAttempts = options.maxAttempts ?? DELIVERY_DEFAULTS.maxAttempts;
  const baseMs = options.backoffBaseMs ?? DELIVERY_DEFAULTS.backoffBaseMs;
  const maxBackoffMs = options.backoffMaxMs ?? DELIVERY_DEFAULTS.backoffMaxMs;
  const batchSize = options.batchSize ?? DELIVERY_DEFAULTS.batchSize;
  const pollMs = options.pollMs ?? DELIVERY_DEFAULTS.pollMs;
  // Every SMTP wait is bounded well inside the lease, so a slow server cannot outlive a claim.
  const smtpTimeoutMs = Math.max(1000, Math.min(30_000, Math.floor(leaseMs / 3)));
  // Connections are kept and reused: a new connection per message costs more than the message.
  const transport: SmtpPool | null = options.smtpUrl
    ? new SmtpPool({
        ...smtpOptionsFromUrl(options.smtpUrl, smtpTimeoutMs),
        maxConnections: DELIVERY_DEFAULTS.concurrency,
        maxMessages: 1000,
      })
    : null;

  const bodies = new SendBodies(db, {
    trackingBaseUrl: options.trackingBaseUrl,
    publicOrigin: options.publicOrigin,
  });

  async function isSuppressed(row: SendRow): Promise<boolean> {
    // A test email goes to an address of the organisation (checked when it was asked for), contact or not.
    if (row.is_test || row.contact_id === null) return false;
    const contactId = row.contact_id;
    const found = await db
      .selectFrom('contacts')
      .select((eb) => [
        'contacts.status',
        eb
          .exists(
            eb
              .selectFrom('preferences')
              .select('uuid')
              .where('unsub_all', '=', true)
              .where((w) =>
                row.preference_uuid
                  ? w.or([w('contact_id', '=', contactId), w('uuid', '=', row.preference_uuid)])
                  : w('contact_id', '=', contactId),
              ),
          )
          .as('unsub_all'),
      ])
      .where('contacts.id', '=', contactId)
      .executeTakeFirst();
    if (!found) return true;
    return found.status !== 'Subscribed' || Boolean(found.unsub_all);
  }

  /** Writes an outcome if the claim is still ours; false when another process took the row over. */
  async function settle(
    row: SendRow,
    set: Partial<{
      status: SendRow['status'];
      next_attempt_at: Date;
      last_error: string | null;
      delivered_at: Date;
      via: string;
    }>,
    events: ('sent' | 'delivered' | 'bounced')[],
    bounce = false,
  ): Promise<boolean> {
    return db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable('email_send')
        .set({ ...set, lease_until: null })
        .where('id', '=', row.id)
        .where('status', '=', 'sending')
        .where('attempts', '=', row.attempts)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) return false;
      if (bounce && row.contact_id !== null) {
        await trx
          .updateTable('contacts')
          .set({ status: 'Hard Bounce' })
          .where('id', '=', row.contact_id)
          .execute();
      }
      const at = set.delivered_at ?? now();
      await recordEmailEvents(
        trx,
        options.sinks,
        events.map((kind) => sendEvent(row, kind, at)),
      );
      return true;
    });
  }

  /** The rows of a batch whose contact does not receive marketing email (one query for the batch). */
  async function suppressedOf(allRows: readonly SendRow[]): Promise<Set<number>> {
    // Test emails are never suppressed (see isSuppressed).
    const rows = allRows.filter(
      (row): row is SendRow & { contact_id: number } => !row.is_test && row.contact_id !== null,
    );
    if (rows.length === 0) return new Set();
    const contactIds = [...new Set(rows.map((row) => row.contact_id))];
    const uuids = rows.flatMap((row) => (row.preference_uuid ? [row.preference_uuid] : []));
    const [contacts, unsubscribed] = await Promise.all([
      db.selectFrom('contacts').select(['id', 'status']).where('id', 'in', contactIds).execute(),
      db
        .selectFrom('preferences')
        .select(['contact_id', 'uuid'])
        .where('unsub_all', '=', true)
        .where((w) =>
          uuids.length > 0
            ? w.or([w('contact_id', 'in', contactIds), w('uuid', 'in', uuids)])
            : w('contact_id', 'in', contactIds),
        )
        .execute(),
    ]);
    const subscribed = new Set(contacts.filter((c) => c.status === 'Subscribed').map((c) => c.id));
    const outContacts = new Set(unsubscribed.map((p) => p.contact_id));
    const outUuids = new Set(unsubscribed.map((p) => p.uuid));
    return new Set(
      rows
        .filter(
          (row) =>
            !subscribed.has(row.contact_id) ||
            outContacts.has(row.contact_id) ||
            (row.preference_uuid !== null && outUuids.has(row.preference_uuid)),
        )
        .map((row) => row.id),
    );
  }

  /** Settles delivered rows together (one transaction): those still claimed by this attempt get their events. */
  async function settleDelivered(
    rows: readonly SendRow[],
    via: 'smtp' | 'mailbox' | 'outlook',
  ): Promise<void> {
    if (rows.length === 0) return;
    const at = now();
    await db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable('email_send')
        .set({ status: 'delivered', delivered_at: at, via, last_error: null, lease_until: null })
        .where('status', '=', 'sending')
        .where(
          sql<boolean>`(id, attempts) in (select * from unnest(${rows.map((r) => r.id)}::int[], ${rows.map((r) => r.attempts)}::int[]))`,
        )
        .returning('id')
        .execute();
      const settled = new Set(updated.map((row) => row.id));
      await recordEmailEvents(
        trx,
        options.sinks,
        rows
          .filter((row) => settled.has(row.id))
          .flatMap((row) => (['sent', 'delivered'] as const).map((kind) => sendEvent(row, kind, at))),
      );
    });
  }

  /**
   * A claimed batch: the suppressed rows and those past their attempts settle one by one; the others are
   * sent over the pool, CONCURRENCY at a time, and the accepted ones settle together. A failed send settles
   * on its own (bounce, retry later, or give up).
   */
  async function deliverBatch(rows: SendRow[]): Promise<void> {
    const [suppressed] = await Promise.all([suppressedOf(rows), bodies.load(rows)]);
    const sendable: SendRow[] = [];
    const throughOutlook: SendRow[] = [];
    for (const row of rows) {
      if (row.attempts > maxAttempts || suppressed.has(row.id)) await deliverOne(row, suppressed.has(row.id));
      else if (row.outlook_user_id !== null) throughOutlook.push(row);
      else sendable.push(row);
    }
    if (throughOutlook.length > 0) await deliverThroughOutlook(throughOutlook);
    if (!transport) {
      await settleDelivered(sendable, 'mailbox');
      return;
    }
    const accepted: SendRow[] = [];
    let next = 0;
    const lane = async () => {
      while (next < sendable.length) {
        const row = sendable[next++] as SendRow;
        try {
          if (await sendOverSmtp(row)) accepted.push(row);
        } catch (error) {
          log.error(error, `marketing email ${row.id} could not be settled`);
        }
      }
    };
    await Promise.all(Array.from({ length: DELIVERY_DEFAULTS.concurrency }, lane));
    await settleDelivered(accepted, 'smtp');
  }

  /** Sends one row over SMTP: true when accepted (settled by the caller); a failure is settled here. */
  async function sendOverSmtp(row: SendRow): Promise<boolean> {
    if (!transport) return false;
    try {
      const content = await bodies.contentOf(row);
      const raw = composeMime({
        from: { name: row.from_name, address: row.from_address },
        to: row.to_address,
        subject: row.subject,
        messageId: row.message_id,
        date: now(),
        headers: row.preference_uuid
          ? listUnsubscribeHeaders(options.publicOrigin, row.preference_uuid, options.preferenceBase)
          : {},
        html: content.html,
        text: content.text,
      });
      await transport.send({ from: row.from_address, to: [row.to_address] }, raw);
      return true;
    } catch (error) {
      const failure = classifySmtpFailure(error);
      log.warn({ sendId: row.id, attempts: row.attempts }, `marketing email failed: ${failure.message}`);
      if (failure.permanent) {
        await settle(row, { status: 'bounced', last_error: failure.message }, ['bounced'], true);
      } else if (row.attempts >= maxAttempts) {
        await settle(row, { status: 'failed', last_error: failure.message }, []);
      } else {
        const wait = backoffMs(row.attempts, baseMs, maxBackoffMs);
        await settle(
          row,
          {
            status: 'queued',
            last_error: failure.message,
            next_attempt_at: new Date(now().getTime() + wait),
          },
          [],
        );
      }
      return false;
    }
  }

  /**
   * Rows of a user's Outlook send go through Microsoft Graph (publish/outlook/outlookDelivery.ts), with the
   * HTML and headers the SMTP path sends, OUTLOOK_LANES at once (Graph takes 4 requests at a time per
   * mailbox); the accepted ones settle together. A failure the mailbox may get over (a broken connection,
   * 429, 5xx) is retried after its back-off (or Retry-After); one Graph refuses (4xx) fails. Rows not
   * reached before half the lease has gone are handed back, due now, so a slow Graph never outlives a claim.
   */
  async function deliverThroughOutlook(rows: readonly SendRow[]): Promise<void> {
    const accepted: SendRow[] = [];
    const deadline = now().getTime() + leaseMs / 2;
    let next = 0;
    const lane = async () => {
      while (next < rows.length) {
        const row = rows[next++] as SendRow;
        if (now().getTime() > deadline) {
          await settle(row, { status: 'queued', next_attempt_at: now() }, []);
          continue;
        }
        const { html } = await bodies.contentOf(row);
        const headers = row.preference_uuid
          ? listUnsubscribeHeaders(options.publicOrigin, row.preference_uuid, options.preferenceBase)
          : {};
        const outcome: OutlookOutcome = options.outlook
          ? await options.outlook.send(row, html, headers)
          : { ok: false, permanent: false, message: 'Outlook sending is not set up in this process.' };
        if (outcome.ok) {
          accepted.push(row);
          continue;
        }
        log.warn({ sendId: row.id, attempts: row.attempts }, `marketing email failed: ${outcome.message}`);
        if (outcome.permanent || row.attempts >= maxAttempts) {
          await settle(row, { status: 'failed', last_error: outcome.message }, []);
        } else {
          const wait = Math.max(outcome.retryAfterMs ?? 0, backoffMs(row.attempts, baseMs, maxBackoffMs));
          const at = new Date(now().getTime() + wait);
          await settle(row, { status: 'queued', last_error: outcome.message, next_attempt_at: at }, []);
        }
      }
    };
    await Promise.all(Array.from({ length: OUTLOOK_LANES }, lane));
    await settleDelivered(accepted, 'outlook');
  }

  async function deliverOne(row: SendRow, knownSuppressed?: boolean): Promise<void> {
    // Only claims taken over after a crash go past maxAttempts: a send that keeps killing its sender stops.
    if (row.attempts > maxAttempts) {
      await settle(row, { status: 'failed', last_error: 'Gave up: every attempt was interrupted.' }, []);
      return;
    }
    if (knownSuppressed ?? (await isSuppressed(row))) {
      await settle(
        row,
        { status: 'suppressed', last_error: 'Not sent: the contact does not receive marketing email.' },
        [],
      );
      return;
    }
    if (row.outlook_user_id !== null) {
      await deliverThroughOutlook([row]);
      return;
    }
    if (!transport) {
      await settle(row, { status: 'delivered', delivered_at: now(), via: 'mailbox', last_error: null }, [
        'sent',
        'delivered',
      ]);
      return;
    }
    if (await sendOverSmtp(row)) await settleDelivered([row], 'smtp');
  }

  const loop = deliveryLoop({
    claim: () => claimDue<SendRow>(db, 'email_send', { at: now(), leaseMs, batchSize }),
    batchSize,
    deliverOne: (row) => deliverOne(row),
    deliverBatch,
    batchLanes: options.batchLanes ?? DELIVERY_DEFAULTS.batchLanes,
    nextDueInMs: () => nextDueInMs(db, 'email_send', now()),
    pollMs,
    wakeOnQueue: options.wakeOnQueue !== false,
    // A row that could not be settled keeps its claim and is due again when its lease runs out.
    onError: (error, rowId) =>
      log.error(
        error,
        rowId ? `marketing email ${rowId} could not be settled` : 'marketing email delivery failed',
      ),
  });

  return {
    deliverDue: loop.deliverDue,
    stop: async () => {
      await loop.stop();
      await transport?.close();
    },
  };
}
