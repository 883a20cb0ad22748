import { type Kysely, sql, type Transaction } from 'kysely';
import type PgBoss from 'pg-boss';
import type { Database } from '../../db/schema.ts';
import { type JobRunner, startJob } from '../../lib/jobs/startJob.ts';
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
        's.user_id',
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
    await recordListSends(trx, send, createdIds, now);
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

/**
 * What was sent to a list: each email just queued is recorded for every list of the send's audience its
 * contact is a member of now (list_sends), and those lists were last used by the send's user, now. A
 * contact chosen by name, or in none of the chosen lists, counts for no list.
 */
async function recordListSends(
  trx: Transaction<Database>,
  send: { org_id: number; list_ids: number[]; user_id: number | null },
  sendIds: readonly number[],
  now: Date,
): Promise<void> {
  if (send.list_ids.length === 0 || sendIds.length === 0) return;
  const recorded = await sql<{ list_id: number }>`
    insert into list_sends (list_id, send_id)
    select lc.list_id, es.id
    from email_send es
    join list_contacts lc on lc.contact_id = es.contact_id
    join contact_lists l on l.id = lc.list_id and l.org_id = ${send.org_id}
    where es.id = any(${[...sendIds]}::int[]) and lc.list_id = any(${send.list_ids}::int[])
    on conflict do nothing
    returning list_id`.execute(trx);
  const used = [...new Set(recorded.rows.map((row) => row.list_id))];
  if (used.length === 0) return;
  await trx
    .updateTable('contact_lists')
    .set({ last_used_by: send.user_id, last_used_at: now })
    .where('id', 'in', used)
    .execute();
}

/**
 * How long one walk job runs before it hands the rest of its send to a new job, and how long pg-boss waits
 * before it gives a job of a process that died to another worker: a walk killed mid-send goes on from its
 * last committed batch within about a minute, and a long send never outlives its job's expiry.
 */
export const WALK_SLICE_MS = 20_000;
const WALK_EXPIRY_SECONDS = 60;

/**
 * Runs a send's batches until it is done, paused, cancelled or not due yet, or until `until` (a time in ms)
 * has passed ('more': batches are left for the next walk).
 */
export async function runSend(
  db: Kysely<Database>,
  sendId: number,
  clock: () => Date = () => new Date(),
  batchSize = SEND_BATCH_SIZE,
  until = Number.POSITIVE_INFINITY,
): Promise<BatchOutcome> {
  for (;;) {
    const outcome = await runSendBatch(db, sendId, clock(), batchSize);
    if (outcome !== 'more' || Date.now() >= until) return outcome;
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
   * How often the worker looks for jobs it was not told about (default 30 s: a retry after a failed walk);
   * a send queued by any process, now or for later, wakes it when due.
   */
  pollingIntervalSeconds?: number;
};

/**
 * Edition sends on pg-boss (a job of server/lib/jobs): start() runs the walks of EDITION_SEND_QUEUE in this
 * process; queue() adds one for a send, now or at its scheduled time (the worker wakes then). A worker that
 * dies mid-batch rolls that batch back; pg-boss gives the job to another worker after its expiry (a minute:
 * a walk runs WALK_SLICE_MS, then queues the rest of its send), and the walk goes on from the last
 * committed cursor. A walk that fails is tried again (retryLimit); after the
 * last attempt the send reads failed.
 */
export class EditionSender {
  private constructor(private readonly job: JobRunner<EditionSendJob>) {}

  static async start(options: EditionSenderOptions): Promise<EditionSender> {
    // A walk that runs out of its slice queues the rest of its send as a new job, on this runner.
    let giveRunner: (runner: JobRunner<EditionSendJob>) => void = () => {};
    const runner = new Promise<JobRunner<EditionSendJob>>((resolve) => {
      giveRunner = resolve;
    });
    const job = await startJob<EditionSendJob>(options.boss, options.db, {
      name: EDITION_SEND_QUEUE,
      queue: {
        retryLimit: options.retryLimit ?? 5,
        retryDelay: 5,
        retryBackoff: true,
        expireInSeconds: WALK_EXPIRY_SECONDS,
      },
      concurrency: options.concurrency ?? 2,
      pollingIntervalSeconds: options.pollingIntervalSeconds,
      log: options.log,
      describe: ({ sendId }) => `edition send ${sendId}`,
      run: async (job) => {
        try {
          const { sendId } = job.data;
          const outcome = await runSend(options.db, sendId, undefined, undefined, Date.now() + WALK_SLICE_MS);
          if (outcome === 'more') await (await runner).queue({ sendId });
        } catch (error) {
          // Tried again from the last committed batch; after the last attempt the send says so.
          if (job.retryCount >= job.retryLimit) await recordSendFailure(options.db, job.data.sendId, error);
          throw error;
        }
      },
    });
    giveRunner(job);
    return new EditionSender(job);
  }

  /** Queues the walk of a send: now, or when it is due. */
  async queue(sendId: number, startAfter?: Date): Promise<void> {
    await this.job.queue({ sendId }, startAfter ? { startAfter } : {});
  }

  async stop(): Promise<void> {
    await this.job.stop();
  }
}
