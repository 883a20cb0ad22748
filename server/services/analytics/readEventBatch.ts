import { sql, type Transaction } from 'kysely';
import type { Database, EmailEventKind } from '../../db/schema.ts';
import { eventKey, isFirstOfItsKind } from '../../lib/eventIdentity.ts';

/** An email event as the rollups read it: its facts, its organisation day, and whether it counts. */
export type RollupEvent = {
  id: number;
  org_id: number;
  kind: EmailEventKind;
  contact_id: number | null;
  email_id: number | null;
  version_id: number | null;
  campaign_id: number | null;
  workflow_id: number | null;
  account_id: number | null;
  article_id: number | null;
  is_test: boolean;
  occurred_at: Date;
  /** The day in the organisation's time zone, YYYY-MM-DD. */
  day: string;
  /** False for a repeat of an earlier event (eventIdentity.ts): it counts in no total. */
  counts: boolean;
};

type Row = Omit<RollupEvent, 'id' | 'counts'> & {
  id: string | number;
  send_id: number | null;
  link: string | null;
  at_us: string;
};

/**
 * The events after id `after` up to `upTo` (at most `limit`, in id order), each marked whether it counts:
 * repeats inside the batch are found by their key, and the first of each key is tested against the
 * events stored before it (one statement for the batch).
 */
export async function readEventBatch(
  trx: Transaction<Database>,
  after: number,
  upTo: number,
  limit: number,
): Promise<RollupEvent[]> {
  const { rows } = await sql<Row>`
    select e.id, e.org_id, e.kind, e.contact_id, e.email_id, e.version_id, e.campaign_id, e.workflow_id,
      e.account_id, e.article_id, e.is_test, e.occurred_at, e.send_id, e.link,
      (extract(epoch from e.occurred_at) * 1000000)::bigint::text as at_us,
      to_char(e.occurred_at at time zone o.time_zone, 'YYYY-MM-DD') as day
    from email_event e join organisations o on o.id = e.org_id
    where e.id > ${after} and e.id <= ${upTo}
    order by e.id
    limit ${limit}`.execute(trx);
  const seen = new Set<string>();
  const firstOfKey: number[] = [];
  const events = rows.map((row): RollupEvent & { key: string | null } => {
    const id = Number(row.id);
    const key = eventKey({ ...row, id });
    const repeat = key !== null && seen.has(key);
    if (key !== null && !repeat) {
      seen.add(key);
      firstOfKey.push(id);
    }
    return {
      id,
      org_id: row.org_id,
      kind: row.kind,
      contact_id: row.contact_id,
      email_id: row.email_id,
      version_id: row.version_id,
      campaign_id: row.campaign_id,
      workflow_id: row.workflow_id,
      account_id: row.account_id,
      article_id: row.article_id,
      is_test: row.is_test,
      occurred_at: new Date(row.occurred_at),
      day: row.day,
      counts: !repeat,
      key,
    };
  });
  if (firstOfKey.length > 0) {
    const { rows: repeated } = await sql<{ id: string | number }>`
      select e.id from email_event e
      where e.id = any(${firstOfKey}::bigint[]) and not ${isFirstOfItsKind('e')}`.execute(trx);
    const earlier = new Set(repeated.map((row) => Number(row.id)));
    for (const event of events) if (earlier.has(event.id)) event.counts = false;
  }
  return events.map(({ key: _key, ...event }) => event);
}
