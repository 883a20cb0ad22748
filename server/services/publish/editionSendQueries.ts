import { type Kysely, sql } from 'kysely';
import type { EditionSendInfo } from '../../../domain/editionSend.ts';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database>;

/** The edition's send that holds it (scheduled, going out, paused or sent): cancelled and failed ones do not. */
export function activeSendOf(db: Db, versionId: number) {
  return db
    .selectFrom('edition_sends')
    .selectAll()
    .where('version_id', '=', versionId)
    .where('kind', '=', 'send')
    .where('status', 'not in', ['cancelled', 'failed'])
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/**
 * What became of the edition's emails so far (tests left out): delivered, failed (bounced or refused by
 * the receiving server) and still on their way.
 */
async function deliveriesOf(db: Db, versionId: number) {
  const row = await db
    .selectFrom('email_send')
    .select([
      sql<string>`count(*) filter (where status = 'delivered')`.as('delivered'),
      sql<string>`count(*) filter (where status in ('failed', 'bounced'))`.as('failed'),
      sql<string>`count(*) filter (where status in ('queued', 'sending'))`.as('pending'),
    ])
    .where('version_id', '=', versionId)
    .where('is_test', '=', false)
    .executeTakeFirstOrThrow();
  return { delivered: Number(row.delivered), failed: Number(row.failed), pending: Number(row.pending) };
}

/** The edition's latest send or resend (tests left out) with how its emails are doing, or null. */
export async function latestSendOf(db: Db, versionId: number): Promise<EditionSendInfo | null> {
  const send = await db
    .selectFrom('edition_sends')
    .selectAll()
    .where('version_id', '=', versionId)
    .where('kind', '!=', 'test')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!send || send.kind === 'test') return null;
  const started = send.status !== 'scheduled' && send.status !== 'cancelled';
  const deliveries = started ? await deliveriesOf(db, versionId) : { delivered: 0, failed: 0, pending: 0 };
  return {
    send_id: send.id,
    kind: send.kind,
    status: send.status,
    scheduled_for: send.scheduled_for?.toISOString() ?? null,
    time_zone: send.time_zone,
    queued_count: send.queued_count,
    started_at: send.started_at?.toISOString() ?? null,
    finished_at: send.finished_at?.toISOString() ?? null,
    delivered_count: deliveries.delivered,
    failed_count: deliveries.failed,
    pending_count: deliveries.pending,
    error: send.status === 'failed' ? send.error : null,
  };
}
