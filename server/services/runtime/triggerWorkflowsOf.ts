import { sql } from 'kysely';
import type { Db } from '../../db/Db.ts';

/** An organisation's active workflow that can enrol contacts, with what its trigger listens to. */
export type TriggerWorkflow = {
  id: number;
  trigger_id: number;
  email_id: number | null;
  /** The campaign of the trigger email (email sequence). */
  campaign_id: number | null;
  sp_uuid: string | null;
};

/** Per transaction: a batch of events (tracking group-commits hundreds) reads the workflows once. */
const perTransaction = new WeakMap<object, Map<number, Promise<TriggerWorkflow[]>>>();

/**
 * The organisation's active workflows that have a first step, read once per transaction: within a
 * transaction the answer cannot go stale, and the tracking endpoints' batches then cost one query for all
 * their events instead of one per event.
 */
export function triggerWorkflowsOf(db: Db, orgId: number): Promise<TriggerWorkflow[]> {
  const read = () =>
    db
      .selectFrom('workflow as w')
      .leftJoin('emails as e', 'e.id', 'w.email_id')
      .select(['w.id', 'w.trigger_id', 'w.email_id', 'e.campaign_id', 'w.sp_uuid'])
      .where('w.org_id', '=', orgId)
      .where('w.status', '=', 'active')
      .where(sql<boolean>`jsonb_exists(w.flow, '0')`)
      .orderBy('w.id')
      .execute();
  if (!db.isTransaction) return read();
  let byOrg = perTransaction.get(db);
  if (!byOrg) {
    byOrg = new Map();
    perTransaction.set(db, byOrg);
  }
  let rows = byOrg.get(orgId);
  if (!rows) {
    rows = read();
    byOrg.set(orgId, rows);
  }
  return rows;
}
