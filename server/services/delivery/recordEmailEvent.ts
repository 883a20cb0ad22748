import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { EmailEventKind, EmailEventSink, RecordedEmailEvent } from '../../lib/EmailEventSink.ts';

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
  /** An event of a test email: stored (marked), never handed to the sinks (no workflow reacts to it). */
  isTest?: boolean;
};

const MAX_USER_AGENT = 500;

/**
 * Stores email events (one insert for all of them) and hands each, in order, to every sink in the same
 * transaction: an event and what the sinks do about it (the workflow runtime's enrolments) commit together
 * or not at all. Events of test emails are stored only. Answers the events handed to the sinks.
 */
export async function recordEmailEvents(
  trx: Transaction<Database>,
  sinks: readonly EmailEventSink[],
  inputs: readonly EmailEventInput[],
): Promise<RecordedEmailEvent[]> {
  if (inputs.length === 0) return [];
  const now = new Date();
  const rows = inputs.map((input) => ({
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
  }));
  // One statement over column arrays (unnest): cheaper to parse and plan than a VALUES list of many rows.
  // RETURNING gives the ids in insertion order, the order of the arrays.
  const column = <T>(pick: (row: (typeof rows)[number]) => T) => rows.map(pick);
  const { rows: inserted } = await sql<{ id: string | number }>`
    insert into email_event
      (org_id, kind, contact_id, email_id, campaign_id, workflow_id, node_id, link, user_agent, occurred_at,
       send_id, is_test)
    select * from unnest(
      ${column((r) => r.org_id)}::int[], ${column((r) => r.kind)}::text[], ${column((r) => r.contact_id)}::int[],
      ${column((r) => r.email_id)}::int[], ${column((r) => r.campaign_id)}::int[],
      ${column((r) => r.workflow_id)}::int[], ${column((r) => r.node_id)}::text[], ${column((r) => r.link)}::text[],
      ${column((r) => r.user_agent)}::text[], ${column((r) => r.occurred_at.toISOString())}::timestamptz[],
      ${column((r) => r.send_id)}::int[], ${column((r) => r.is_test)}::boolean[]
    )
    returning id`.execute(trx);
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
