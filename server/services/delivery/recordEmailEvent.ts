import { type Selectable, sql, type Transaction } from 'kysely';
import type { Database, EmailEventTable } from '../../db/schema.ts';
import type { EmailEventKind, EmailEventSink, RecordedEmailEvent } from '../../lib/EmailEventSink.ts';
import { holdEventWriteLock } from '../../lib/eventWriteLock.ts';
import { restoreRowForeignKeyChecks, skipRowForeignKeyChecks } from '../../lib/skipRowForeignKeyChecks.ts';

export type EmailEventInput = {
  orgId: number;
  kind: EmailEventKind;
  /** Null only for a test email to an address that is no contact. */
  contactId: number | null;
  emailId: number | null;
  campaignId?: number | null;
  workflowId?: number | null;
  nodeId?: string | null;
  link?: string | null;
  userAgent?: string | null;
  occurredAt?: Date;
  /** The send the event is about (tracking and delivery know it). */
  sendId?: number | null;
  /** The edition the send sent. */
  versionId?: number | null;
  /** A click: the curated article its link is. */
  articleId?: number | null;
  /** An event of a test email: stored (marked), never handed to the sinks (no workflow reacts to it). */
  isTest?: boolean;
};

const MAX_USER_AGENT = 500;

/**
 * email_event's foreign keys (m0005), with what each does when its target is deleted. A test compares this
 * list with the database's own, so a new foreign key on email_event cannot be missed here.
 */
export const EMAIL_EVENT_PARENTS = [
  { column: 'org_id', table: 'organisations', onDelete: 'cascade' },
  { column: 'contact_id', table: 'contacts', onDelete: 'set null' },
  { column: 'email_id', table: 'emails', onDelete: 'set null' },
  { column: 'campaign_id', table: 'campaigns', onDelete: 'set null' },
  { column: 'workflow_id', table: 'workflow', onDelete: 'set null' },
] as const;

/**
 * From this many events on, their references are checked set-wise (one statement locks every parent row
 * the batch names) instead of by the foreign keys' per-row triggers: five look-ups and row locks per event
 * were most of the cost of a tracking batch on PGlite. Below it, the extra statements cost more than they save.
 */
export const SET_WISE_EVENTS = 20;

/** An email_event row as written (its id comes back from the insert; the account is read by it). */
type EventRow = Omit<Selectable<EmailEventTable>, 'id' | 'account_id'>;

/**
 * What the foreign keys would have made of the rows, done once for the batch: every parent row named is
 * locked FOR KEY SHARE (the lock a foreign-key check takes, so a parent cannot be deleted before this
 * transaction ends, and one being deleted is waited for); a row whose organisation is gone is dropped (its
 * ON DELETE CASCADE), a reference to another parent that is gone becomes null (ON DELETE SET NULL), as it
 * would have had the parent been deleted a moment later.
 */
async function checkParents(trx: Transaction<Database>, rows: EventRow[]): Promise<EventRow[]> {
  const parts = EMAIL_EVENT_PARENTS.flatMap((parent) => {
    const ids = [...new Set(rows.map((row) => row[parent.column]).filter((id): id is number => id !== null))];
    return ids.length === 0 ? [] : [{ parent, ids }];
  });
  if (parts.length === 0) return rows;
  const ctes = parts.map(
    ({ parent, ids }, i) =>
      sql`${sql.raw(`p${i}`)} as (select id from ${sql.table(parent.table)} where id = any(${ids}::int[]) for key share)`,
  );
  const selects = parts.map(
    ({ parent }, i) => sql`select ${parent.column}::text as col, id from ${sql.raw(`p${i}`)}`,
  );
  const { rows: found } = await sql<{ col: string; id: number }>`
    with ${sql.join(ctes)} ${sql.join(selects, sql` union all `)}`.execute(trx);
  const present = new Map<string, Set<number>>(parts.map(({ parent }) => [parent.column, new Set()]));
  for (const row of found) present.get(row.col)?.add(Number(row.id));
  const kept: EventRow[] = [];
  for (const row of rows) {
    const fixed = { ...row };
    let orgGone = false;
    for (const { parent } of parts) {
      const id = fixed[parent.column];
      if (id === null || present.get(parent.column)?.has(id)) continue;
      if (parent.onDelete === 'cascade') orgGone = true;
      else fixed[parent.column] = null;
    }
    if (!orgGone) kept.push(fixed);
  }
  return kept;
}

/**
 * Stores email events (one insert for all of them) and hands each, in order, to every sink in the same
 * transaction: an event and what the sinks do about it (the workflow runtime's enrolments) commit together
 * or not at all. Events of test emails are stored only. Answers the events handed to the sinks. A batch of
 * SET_WISE_EVENTS or more has its references checked set-wise where the connection may (checkParents).
 * Every write of email_event goes through here: it holds the event writers' lock until the transaction
 * ends (lib/eventWriteLock.ts), so the analytics rollups, which read the events in id order, never pass
 * over one, and are woken when it commits.
 */
export async function recordEmailEvents(
  trx: Transaction<Database>,
  sinks: readonly EmailEventSink[],
  inputs: readonly EmailEventInput[],
): Promise<RecordedEmailEvent[]> {
  if (inputs.length === 0) return [];
  const now = new Date();
  let rows: EventRow[] = inputs.map((input) => ({
    org_id: input.orgId,
    kind: input.kind,
    contact_id: input.contactId,
    email_id: input.emailId,
    campaign_id: input.campaignId ?? null,
    workflow_id: input.workflowId ?? null,
    node_id: input.nodeId ?? null,
    link: input.link ?? null,
    user_agent: input.userAgent ? input.userAgent.slice(0, MAX_USER_AGENT) : null,
    occurred_at: input.occurredAt ?? now,
    send_id: input.sendId ?? null,
    is_test: input.isTest ?? false,
    version_id: input.versionId ?? null,
    article_id: input.articleId ?? null,
  }));
  await holdEventWriteLock(trx);
  const setWise = rows.length >= SET_WISE_EVENTS && (await skipRowForeignKeyChecks(trx));
  if (setWise) rows = await checkParents(trx, rows);
  // One statement over column arrays (unnest): cheaper to parse and plan than a VALUES list of many rows.
  // RETURNING gives the ids in insertion order, the order of the arrays. The contact's account is read as
  // each row is written (the account at the time of the event).
  const column = <T>(pick: (row: (typeof rows)[number]) => T) => rows.map(pick);
  const { rows: inserted } = await sql<{ id: string | number }>`
    insert into email_event
      (org_id, kind, contact_id, email_id, campaign_id, workflow_id, node_id, link, user_agent, occurred_at,
       send_id, is_test, version_id, article_id, account_id)
    select u.*, (select c.account_id from contacts c where c.id = u.contact_id) from unnest(
      ${column((r) => r.org_id)}::int[], ${column((r) => r.kind)}::text[], ${column((r) => r.contact_id)}::int[],
      ${column((r) => r.email_id)}::int[], ${column((r) => r.campaign_id)}::int[],
      ${column((r) => r.workflow_id)}::int[], ${column((r) => r.node_id)}::text[], ${column((r) => r.link)}::text[],
      ${column((r) => r.user_agent)}::text[], ${column((r) => r.occurred_at.toISOString())}::timestamptz[],
      ${column((r) => r.send_id)}::int[], ${column((r) => r.is_test)}::boolean[],
      ${column((r) => r.version_id)}::int[], ${column((r) => r.article_id)}::int[]
    ) as u(org_id, kind, contact_id, email_id, campaign_id, workflow_id, node_id, link, user_agent, occurred_at,
       send_id, is_test, version_id, article_id)
    returning id`.execute(trx);
  if (setWise) await restoreRowForeignKeyChecks(trx);
  const events: RecordedEmailEvent[] = rows.flatMap((row, i) =>
    row.is_test || row.contact_id === null
      ? []
      : [
          {
            id: Number(inserted[i]?.id),
            orgId: row.org_id,
            kind: row.kind,
            contactId: row.contact_id,
            emailId: row.email_id,
            campaignId: row.campaign_id,
            workflowId: row.workflow_id,
            nodeId: row.node_id,
            link: row.link,
            userAgent: row.user_agent,
            occurredAt: row.occurred_at,
            sendId: row.send_id,
          },
        ],
  );
  for (const sink of sinks) await sink.prepare?.(trx, events);
  for (const event of events) for (const sink of sinks) await sink(trx, event);
  return events;
}
