/**
 * What the step code needs from the world, as ports: production (server/services/runtime/dbPorts.ts)
 * answers them from the database inside the step's transaction; the simulator from a virtual clock,
 * recorded events and in-memory lists. Both run the same step code (advanceEnrolment.ts).
 */

export type Clock = { now: () => Date };

export type EventKind = 'opened' | 'clicked' | 'sent' | 'delivered';

/** Did the contact have an event of this kind (for this email, and link) between since and until? */
export type EventQuery = {
  contactId: number;
  kind: EventKind;
  /** null: any email. */
  emailId: number | null;
  /** clicked only: the link (null or "" = any link). */
  link?: string | null;
  /** null: any time before until. */
  since: Date | null;
  until: Date;
};

export type EventSource = { hasEvent: (query: EventQuery) => Promise<boolean> };

export type SendInput = {
  orgId: number;
  contactId: number;
  emailId: number;
  workflowId: number;
  nodeId: string;
  /** Stable for one enrolment and node: a repeated step finds the first send. */
  dedupeKey: string;
};

export type MailPort = { send: (input: SendInput) => Promise<{ sendId: number | null; created: boolean }> };

export type ListPort = {
  isMember: (listId: number, contactId: number) => Promise<boolean>;
  /** Adds when absent; a real addition fires "subscribes to a list" (14) workflows with the chain. */
  add: (input: {
    orgId: number;
    listId: number;
    contactId: number;
    chain: readonly number[];
  }) => Promise<{ added: boolean; enrolledIn: number[] }>;
};

export type StepPorts = { clock: Clock; events: EventSource; mail: MailPort; lists: ListPort };

/** A step job to run at dueAt for an enrolment at step_seq seq. */
export type StepJob = { enrolmentId: number; seq: number; dueAt: Date };
