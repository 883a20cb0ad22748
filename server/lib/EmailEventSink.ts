import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

/** The kinds stored in email_event (m0005). */
export type EmailEventKind = 'sent' | 'delivered' | 'opened' | 'clicked' | 'bounced' | 'unsubscribed';

/** One email_event row as recorded by delivery and tracking, handed to every sink in the same transaction. */
export type RecordedEmailEvent = {
  id: number;
  orgId: number;
  kind: EmailEventKind;
  contactId: number;
  emailId: number | null;
  campaignId: number | null;
  workflowId: number | null;
  nodeId: string | null;
  link: string | null;
  userAgent: string | null;
  occurredAt: Date;
  /** The send the event is about, when there is one. */
  sendId: number | null;
};

/**
 * Reacts to a recorded email event inside the transaction that stored it (the workflow runtime
 * enrols contacts on triggers 7, 8 and 9 this way), so an event and its consequences commit together.
 */
export type EmailEventSink = ((trx: Transaction<Database>, event: RecordedEmailEvent) => Promise<void>) & {
  /**
   * Called once with a whole batch before its events are handed over one by one (the tracking endpoints
   * record hundreds per transaction): a sink reads what it needs for all of them at once.
   */
  prepare?: (trx: Transaction<Database>, events: readonly RecordedEmailEvent[]) => Promise<void>;
};
