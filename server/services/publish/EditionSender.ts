import { type Kysely, sql } from 'kysely';
import type PgBoss from 'pg-boss';
import type { Database } from '../../db/schema.ts';
import { queueMarketingEmails } from '../delivery/queueMarketingEmail.ts';
import { nextRecipients } from './editionAudience.ts';
import { nameSentEdition } from './nameSentEdition.ts';

/** The pg-boss queue of edition sends: one job walks one send's audience batch by batch. */
export const EDITION_SEND_QUEUE = 'edition-send';
export const SEND_BATCH_SIZE = 500;

export type EditionSendJob = { sendId: number };
export type BatchOutcome = 'more' | 'done' | 'stopped' | 'not_due';

/** The send key of an edition to a contact: one email per contact per edition, whoever runs the batch. */
export const editionSendKey = (versionId: number, contactId: number, resendOf?: number) =>
  resendOf ? `ed:${versionId}:${contactId}:r${resendOf}` : `ed:${versionId}:${contactId}`;

/**
 * Queues the next batch of one send in one transaction: locks the send's row (two runners of one send take
 * turns), takes the next contacts after its cursor, queues their emails under their send keys (a contact
 * queued before, by this or an earlier run that died after committing, is not queued again), and moves the
 * cursor. A scheduled send starts once due; a paused, cancelled or finished one is left alone.
 */
export async function runSendBatch(
  db: Kysely<Database>,
  sendId: number,
  now: Date,
  batchSize = SEND_BATCH_SIZE,
): Promise<BatchOutcome> {
  return db.transaction().execute(async (trx) => {
    const send = await trx
      .selectFrom('edition_sends as s')
      .innerJoin('email_versions as v', 'v.id', 's.version_id')
      .innerJoin('emails as e', 'e.id', 'v.email_id')
      .select([
        's.id',
        's.org_id',
        's.status',
        's.kind',
        's.scheduled_for',
        's.time_zone',
        's.list_ids',
        's.contact_ids',
        's.cursor_contact_id',
        's.version_id',
        's.outlook_user_id',
        'v.email_id',
        'e.campaign_id',
      ])
      .where('s.id', '=', sendId)
      .forUpdate('s')
      .executeTakeFirst();
    if (!send) return 'stopped';
    if (send.status === 'scheduled') {
      if (send.scheduled_for && send.scheduled_for.getTime() > now.getTime()) return 'not_due';
      await trx
        .updateTable('edition_sends')
        .set({ status: 'sending', started_at: now, updated_at: now })
        .where('id', '=', sendId)
        .execute();
      await trx
        .updateTable('email_versions')
        .set({ status: 'sent', sent_at: now, updated_at: now })
        .where('id', '=', send.version_id)
        .execute();
      await nameSentEdition(trx, send.version_id, now, send.time_zone ?? 'UTC');
    } else if (send.status !== 'sending') {
      return 'stopped';
    }
    const audience = { orgId: send.org_id, listIds: send.list_ids, contactIds: send.contact_ids };
    const ids = await nextRecipients(trx, audience, send.cursor_contact_id, batchSize);
    if (ids.length === 0) {
      await trx
        .updateTable('edition_sends')
        .set({ status: 'sent', finished_at: now, updated_at: now })
        .where('id', '=', sendId)
        .execute();
      return 'done';
    }
    const answers = await queueMarketingEmails(
      trx,
      ids.map((contactId) => ({
        orgId: send.org_id,
        contactId,
        emailId: send.email_id,
        versionId: send.version_id,
        campaignId: send.campaign_id,
        dedupeKey: editionSendKey(send.version_id, contactId, send.kind === 'resend' ? send.id : undefined),
      })),
    );
    const failed = answers.find((answer) => answer instanceof Error);
    if (failed instanceof Error) throw failed;
    const createdIds = answers.flatMap((answer) =>
      !(answer instanceof Error) && answer.created ? [answer.sendId] : [],
    );
    const created = createdIds.length;
    if (send.outlook_user_id !== null && createdIds.length > 0) {
      // An Outlook send: its messages go through the sender's mailbox (the delivery worker reads this column).
      await trx
        .updateTable('email_send')
        .set({ outlook_user_id: send.outlook_user_id })
        .where('id', 'in', createdIds)
        .execute();
    }
    await trx
      .updateTable('edition_sends')
      .set((eb) => ({
        cursor_contact_id: ids[ids.length - 1] as number,
        queued_count: eb('queued_count', '+', created),
        updated_at: now,
      }))
      .where('id', '=', sendId)
      .execute();
    return 'more';
  });
}

/**
 * Records why a send's walk failed: the send reads failed with its error (the publish step shows it and
 * offers to resume, which walks on from the last committed batch). A send paused, cancelled or done
 * meanwhile keeps its status.
 */
export async function recordSendFailure(db: Kysely<Database>, sendId: number, error: unknown): Promise<void> {
  const message = error instanceof Error && error.message ? error.message : String(error);
  const now = new Date();
  await db
    .updateTable('edition_sends')
    .set({ status: 'failed', error: message.slice(0, 1000), finished_at: now, updated_at: now })
    .where('id', '=', sendId)
    .where('status', 'in', ['sending', 'scheduled'])
    .execute();
}

/** Runs a send's batches until it is done, paused, cancelled or not due yet. */
export async function runSend(
  db: Kysely<Database>,
  sendId: number,
  clock: () => Date = () => new Date(),
  batchSize = SEND_BATCH_SIZE,
): Promise<BatchOutcome> {
  for (;;) {
    const outcome = await runSendBatch(db, sendId, clock(), batchSize);
    if (outcome !== 'more') return outcome;
  }
}

export type EditionSenderOptions = {
  db: Kysely<Database>;
  boss: PgBoss;
  log: (message: string, error?: unknown) => void;
  /** Retries of a walk that failed before the send reads failed (default 5; 5 s, doubling). */
  retryLimit?: number;
  /** Sends walked at once in this process (default 2). */
  concurrency?: number;
  /**
   * How often the worker looks for jobs it was not told about (default 30 s: a send queued by another
   * process, a retry after a failed walk); a send queued here, now or for later, wakes it when due.
   */
  pollingIntervalSeconds?: number;
};

/** The longest wait a timer can hold (setTimeout's limit); a send due later is found by the polling. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * Edition sends on pg-boss: start() takes jobs of EDITION_SEND_QUEUE; queue() adds one for a send (now, or
 * at its scheduled time). A worker that dies mid-batch rolls that batch back; pg-boss gives the job to
 * another worker after its expiry, and the walk goes on from the last committed cursor.
 */
export class EditionSender {
  private workerId = '';
  private stopped = false;
  /** Timers that wake the worker when a scheduled send is due, by due time (ms since the epoch). */
  private readonly dueTimers = new Map<number, NodeJS.Timeout>();

  private constructor(private readonly options: EditionSenderOptions) {}

  static async start(options: EditionSenderOptions): Promise<EditionSender> {
    const { boss } = options;
    const queue = {
      name: EDITION_SEND_QUEUE,
      retryLimit: options.retryLimit ?? 5,
      retryDelay: 5,
      retryBackoff: true,
      expireInSeconds: 600,
    };
    await boss.createQueue(EDITION_SEND_QUEUE, queue);
    // A queue made by an earlier start keeps its settings: this start's apply (EDITION_SEND_RETRIES).
    await boss.updateQueue(EDITION_SEND_QUEUE, queue);
    const sender = new EditionSender(options);
    sender.workerId = await boss.work<EditionSendJob>(
      EDITION_SEND_QUEUE,
      {
        batchSize: options.concurrency ?? 2,
        pollingIntervalSeconds: options.pollingIntervalSeconds ?? 30,
        includeMetadata: true,
      },
      async (jobs) => {
        const outcomes = await Promise.allSettled(jobs.map((job) => runSend(options.db, job.data.sendId)));
        let failure: unknown = null;
        for (const [i, outcome] of outcomes.entries()) {
          const job = jobs[i];
          if (outcome.status === 'fulfilled' || !job) continue;
          failure = outcome.reason;
          const { sendId } = job.data;
          const last = job.retryCount >= job.retryLimit;
          options.log(
            `edition send ${sendId} failed (attempt ${job.retryCount + 1} of ${job.retryLimit + 1}${last ? ', the last' : ''})`,
            outcome.reason,
          );
          // Retried by pg-boss from the last committed batch; after the last attempt the send says so.
          if (last) await recordSendFailure(options.db, sendId, outcome.reason);
        }
        if (failure !== null) throw failure;
      },
    );
    // Sends scheduled before this process started wake it when due, like those it schedules itself.
    const { rows } = await sql<{ at: Date | string }>`
      select distinct start_after as at from pgboss.job
      where name = ${EDITION_SEND_QUEUE} and state in ('created', 'retry') and start_after > now()`.execute(
      options.db,
    );
    for (const row of rows) sender.wakeAt(new Date(row.at));
    return sender;
  }

  /** Wakes the worker at `at` (the polling is the safety net). */
  private wakeAt(at: Date): void {
    const due = at.getTime();
    const wait = due - Date.now();
    if (this.stopped || this.dueTimers.has(due) || wait > MAX_TIMER_MS) return;
    const timer = setTimeout(
      () => {
        this.dueTimers.delete(due);
        if (this.workerId && !this.stopped) this.options.boss.notifyWorker(this.workerId);
      },
      // A moment after the due time, so pg-boss's own clock has it due too.
      Math.max(0, wait) + 50,
    );
    timer.unref();
    this.dueTimers.set(due, timer);
  }

  /** Queues the walk of a send: now, or when it is due. */
  async queue(sendId: number, startAfter?: Date): Promise<void> {
    await this.options.boss.send(EDITION_SEND_QUEUE, { sendId } satisfies EditionSendJob, {
      ...(startAfter ? { startAfter } : {}),
    });
    if (startAfter) this.wakeAt(startAfter);
    else if (this.workerId && !this.stopped) this.options.boss.notifyWorker(this.workerId);
  }

  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    for (const timer of this.dueTimers.values()) clearTimeout(timer);
    this.dueTimers.clear();
    await this.options.boss.offWork(EDITION_SEND_QUEUE);
  }
}
