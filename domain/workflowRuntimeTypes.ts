import type { TriggerId, WorkflowFlow } from './workflowTypes.ts';

/**
 * The workflow runtime's answers: where contacts are in a workflow, their history, and the
 * simulator. Served under the workflow base (see the README, "Workflow runtime"); dates are ISO texts.
 */

export type EnrolmentStatus = 'running' | 'waiting' | 'held' | 'completed' | 'exited' | 'failed';

/** What happened at a node. */
export type StepOutcome =
  | 'enrolled'
  | 'sent'
  | 'added'
  | 'already member'
  | 'delay started'
  | 'waited'
  | 'yes'
  | 'no'
  | 'ended'
  | 'completed'
  | 'held'
  | 'resumed'
  | 'exited'
  | 'error'
  | 'failed';

/** Per node: contacts that passed it, are waiting at it (running, waiting or held there), and left there. */
export type NodeCount = { node_id: string; passed: number; waiting: number; left: number };

/** workflow_node_counts/ data. */
export type WorkflowNodeCounts = {
  workflow_id: number;
  nodes: NodeCount[];
  totals: { enrolled: number; live: number; completed: number; exited: number; failed: number };
};

export type StepHistoryEntry = {
  node_id: string;
  outcome: StepOutcome;
  at: string;
  detail: Record<string, unknown> | null;
};

export type EnrolledContact = {
  enrolment_id: number;
  contact_id: number;
  contact_name: string;
  contact_email: string;
  status: EnrolmentStatus;
  current_node: string;
  next_due_at: string | null;
  trigger_id: number;
  enrolled_at: string;
  finished_at: string | null;
  history: StepHistoryEntry[];
};

/** workflow_contacts/ data: a page of enrolments, newest first. */
export type WorkflowContactsPage = { workflow_id: number; total_count: number; contacts: EnrolledContact[] };

/** An email event the simulator pretends has happened (its time relative to the enrolment start). */
export type SimulatedEvent = {
  kind: 'opened' | 'clicked' | 'sent' | 'delivered';
  email_id: number;
  link?: string | null;
  /** Minutes after the start of the simulation; 0 when absent. */
  after_minutes?: number;
};

/** simulate_workflow/ request (JSON body). */
export type SimulateRequest = {
  workflow_id: number;
  /** The draft flow to run; the saved flow when absent. */
  flow?: WorkflowFlow;
  trigger_id?: TriggerId;
  /** One contact, or a sample of the organisation's subscribed contacts. */
  contact_id?: number;
  sample_size?: number;
  /** ISO start time of the virtual clock; now when absent. */
  start_at?: string;
  /** Events to pretend; when absent the contact's real events (since start_at) are used. */
  events?: SimulatedEvent[];
  /** Stop after this many virtual days (default 60). */
  horizon_days?: number;
};

export type SimulatedStep = {
  node_id: string;
  node_title: string;
  outcome: StepOutcome;
  /** When the step runs on the virtual clock. */
  at: string;
  detail: Record<string, unknown> | null;
};

/** suppressed: the contact is unsubscribed or hard-bounced, so delivery would not send it. */
export type SimulatedEmail = {
  node_id: string;
  email_id: number;
  email_name: string | null;
  at: string;
  suppressed: boolean;
};

/** A simulated contact shows at most this many steps and as many emails; the rest are counted. */
export const SIMULATION_SHOWN_ITEMS = 200;

export type SimulatedContact = {
  contact_id: number;
  contact_email: string;
  steps: SimulatedStep[];
  emails: SimulatedEmail[];
  /** Steps and emails past the first SIMULATION_SHOWN_ITEMS: counted, not listed. */
  steps_omitted: number;
  emails_omitted: number;
  /** Where it ended: completed, exited, or still waiting at the horizon. */
  final_status: EnrolmentStatus;
  final_node: string;
};

/** simulate_workflow/ data. Nothing is written and nothing is sent. */
export type SimulateAnswer = {
  workflow_id: number;
  start_at: string;
  contacts: SimulatedContact[];
};

/** The runtime's answers under the workflow base, by call (each also carries success: true). */
export type WorkflowRuntimeAnswers = {
  workflow_node_counts: { data: WorkflowNodeCounts };
  workflow_contacts: { data: WorkflowContactsPage };
  simulate_workflow: { data: SimulateAnswer };
};
