import { nodeTitleOf } from '../../../domain/workflowGraphRules.ts';
import {
  SIMULATION_SHOWN_ITEMS,
  type SimulateAnswer,
  type SimulatedContact,
  type SimulatedEmail,
  type SimulatedStep,
} from '../../../domain/workflowRuntimeTypes.ts';
import type { WorkflowFlow } from '../../../domain/workflowTypes.ts';
import { advanceEnrolment, type EnrolmentState } from './advanceEnrolment.ts';
import { chainAllows } from './enrolContacts.ts';
import { type RecordedEvent, recordedEventSource } from './recordedEventSource.ts';
import type { StepPorts } from './runtimePorts.ts';

const MAX_JOBS_PER_CONTACT = 500;

/** Everything a simulation reads, gathered from the database beforehand: plain data a thread can take. */
export type SimulationInput = {
  workflow: { id: number; orgId: number };
  flow: WorkflowFlow;
  /** Virtual start and horizon (ms since the epoch). */
  start: number;
  horizon: number;
  contacts: { id: number; email: string; status: string; lists: number[]; events: RecordedEvent[] }[];
  emailNames: [number, string][];
  /** Active "subscribes to a list" workflows by list id. */
  listWorkflows: [number, number[]][];
};

/**
 * Runs contacts through a (draft) flow on a virtual clock with the runtime's own step code
 * (advanceEnrolment): a delay moves the clock to its due time, conditions read the recorded events, a send
 * is recorded, an add to list changes an in-memory copy of the contact's lists and names the "subscribes to
 * a list" workflows it would enrol the contact in. Pure: it reads only its input, so it can run in a thread.
 * Each contact shows its first SIMULATION_SHOWN_ITEMS steps and emails and counts the rest.
 */
export async function runSimulation(input: SimulationInput): Promise<SimulateAnswer> {
  const { flow, workflow } = input;
  const emailNames = new Map(input.emailNames);
  const listWorkflows = new Map(input.listWorkflows);
  const results: SimulatedContact[] = [];
  for (const contact of input.contacts) {
    let now = input.start;
    const steps: SimulatedStep[] = [];
    const emails: SimulatedEmail[] = [];
    let stepsOmitted = 0;
    let emailsOmitted = 0;
    const lists = new Set(contact.lists);
    const suppressed = contact.status !== 'Subscribed';
    const ports: StepPorts = {
      clock: { now: () => new Date(now) },
      events: recordedEventSource(contact.events),
      mail: {
        send: async (send) => {
          if (emails.length >= SIMULATION_SHOWN_ITEMS) emailsOmitted += 1;
          else
            emails.push({
              node_id: send.nodeId,
              email_id: send.emailId,
              email_name: emailNames.get(send.emailId) ?? null,
              at: new Date(now).toISOString(),
              suppressed,
            });
          return { sendId: null, created: true };
        },
      },
      lists: {
        isMember: async (listId) => lists.has(listId),
        add: async ({ listId, chain }) => {
          const added = !lists.has(listId);
          lists.add(listId);
          const enrolledIn = added
            ? (listWorkflows.get(listId) ?? []).filter((id) => chainAllows(chain, id))
            : [];
          return { added, enrolledIn };
        },
      },
    };
    const state: EnrolmentState = {
      id: 0,
      orgId: workflow.orgId,
      workflowId: workflow.id,
      contactId: contact.id,
      currentNode: '0',
      status: 'running',
      enrolledAt: new Date(input.start),
      chain: [],
    };
    let finalStatus: SimulatedContact['final_status'] = 'completed';
    let finalNode = '0';
    if (flow['0']) {
      for (let job = 0; job < MAX_JOBS_PER_CONTACT; job += 1) {
        const advance = await advanceEnrolment(flow, state, ports);
        for (const item of advance.history) {
          if (steps.length >= SIMULATION_SHOWN_ITEMS) {
            stepsOmitted += 1;
            continue;
          }
          const node = flow[item.nodeId];
          steps.push({
            node_id: item.nodeId,
            node_title: node ? nodeTitleOf(node) : item.nodeId,
            outcome: item.outcome,
            at: item.at.toISOString(),
            detail: item.detail,
          });
        }
        finalNode = advance.node;
        finalStatus = advance.status;
        if (advance.status === 'completed' || advance.status === 'exited') break;
        state.currentNode = advance.node;
        state.status = advance.status;
        const due = advance.dueAt?.getTime() ?? now;
        if (due > input.horizon) break;
        now = Math.max(now, due);
      }
    }
    results.push({
      contact_id: contact.id,
      contact_email: contact.email,
      steps,
      emails,
      steps_omitted: stepsOmitted,
      emails_omitted: emailsOmitted,
      final_status: finalStatus,
      final_node: finalNode,
    });
  }
  return { workflow_id: workflow.id, start_at: new Date(input.start).toISOString(), contacts: results };
}
