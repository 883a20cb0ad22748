import type { StepOutcome } from '../../../domain/workflowRuntimeTypes.ts';
import type { FlowNode, WorkflowFlow } from '../../../domain/workflowTypes.ts';
import { evaluateConditions } from './evaluateConditions.ts';
import { nextWaitUntil } from './nextWaitUntil.ts';
import type { StepPorts } from './runtimePorts.ts';

/** Where an enrolment is when its step job runs. */
export type EnrolmentState = {
  id: number;
  orgId: number;
  workflowId: number;
  contactId: number;
  currentNode: string;
  /** waiting: its delay has run out (the job fired at the due time); running: the node is due now. */
  status: 'running' | 'waiting';
  enrolledAt: Date;
  chain: readonly number[];
};

export type HistoryItem = {
  nodeId: string;
  outcome: StepOutcome;
  at: Date;
  detail: Record<string, unknown> | null;
};

export type Advance = {
  /** running: more steps are due now (continued by another job); waiting: at a delay until dueAt. */
  status: 'running' | 'waiting' | 'completed' | 'exited';
  node: string;
  dueAt: Date | null;
  history: HistoryItem[];
  /** Steps executed (each send, add, delay passed, If / Else, end). */
  steps: number;
};

/** Steps run in one job (one transaction) before the rest is handed to a new job. */
export const MAX_STEPS_PER_JOB = 50;

const UNIT_MS = { minutes: 60_000, hours: 3_600_000, days: 86_400_000, weeks: 604_800_000 } as const;

/** When a delay that starts at `from` ends: a duration (elapsed time), or the next wait-until instant. */
export function delayDue(node: FlowNode, from: Date): Date {
  const detail = node.detail;
  if (detail.radioValue === 2 && detail.waitUntil) {
    return nextWaitUntil(from, detail.waitUntil) ?? from;
  }
  const duration = detail.duration;
  if (!duration || !(duration.value > 0)) return from;
  return new Date(from.getTime() + duration.value * UNIT_MS[duration.unit]);
}

/** The dedupe key of a send: one per enrolment and node (a flow has no cycles, so a node is visited once). */
export function sendDedupeKey(enrolmentId: number, nodeId: string): string {
  return `wf:${enrolmentId}:${nodeId}`;
}

/**
 * Runs an enrolment's due steps from its current node until it reaches a delay that is not over yet, an
 * end, an empty slot, or MAX_STEPS_PER_JOB steps. The same code runs in production (database ports,
 * inside the step transaction) and in the simulator (virtual clock, recorded events). It does not write
 * the enrolment itself: the caller persists the returned Advance in the same transaction as the effects.
 */
export async function advanceEnrolment(
  flow: WorkflowFlow,
  state: EnrolmentState,
  ports: StepPorts,
): Promise<Advance> {
  const history: HistoryItem[] = [];
  let nodeId = state.currentNode;
  let delayOver = state.status === 'waiting';
  let steps = 0;
  const record = (outcome: StepOutcome, detail: Record<string, unknown> | null = null) =>
    history.push({ nodeId, outcome, at: ports.clock.now(), detail });

  while (steps < MAX_STEPS_PER_JOB) {
    const node = flow[nodeId];
    if (!node) {
      record('exited', { reason: 'This step was removed from the workflow.' });
      return { status: 'exited', node: nodeId, dueAt: null, history, steps };
    }
    const now = ports.clock.now();
    let next = node.childNodes[0] ?? '';
    switch (node.type) {
      case 'send email': {
        const emailId = node.detail.emailId;
        if (!emailId || emailId <= 0) {
          record('error', { reason: 'No email is chosen in this step.' });
          break;
        }
        const sent = await ports.mail.send({
          orgId: state.orgId,
          contactId: state.contactId,
          emailId,
          workflowId: state.workflowId,
          nodeId,
          dedupeKey: sendDedupeKey(state.id, nodeId),
        });
        record('sent', { email_id: emailId, send_id: sent.sendId, created: sent.created });
        break;
      }
      case 'add to list': {
        const list = node.detail.list;
        if (!list || list.id <= 0) {
          record('error', { reason: 'No list is chosen in this step.' });
          break;
        }
        const result = await ports.lists.add({
          orgId: state.orgId,
          listId: list.id,
          contactId: state.contactId,
          chain: [...state.chain, state.workflowId],
        });
        record(result.added ? 'added' : 'already member', {
          list_id: list.id,
          enrolled_in: result.enrolledIn,
        });
        break;
      }
      case 'delay': {
        if (delayOver) {
          record('waited');
        } else {
          const due = delayDue(node, now);
          if (due.getTime() > now.getTime()) {
            record('delay started', { due_at: due.toISOString() });
            return { status: 'waiting', node: nodeId, dueAt: due, history, steps };
          }
          record('waited', { due_at: due.toISOString() });
        }
        break;
      }
      case 'If / Else': {
        const yes = await evaluateConditions(node.detail, {
          contactId: state.contactId,
          since: state.enrolledAt,
          now,
          events: ports.events,
          lists: ports.lists,
        });
        record(yes ? 'yes' : 'no');
        next = node.childNodes[yes ? 0 : 1] ?? '';
        break;
      }
      case 'end':
        record('ended');
        steps += 1;
        return { status: 'completed', node: nodeId, dueAt: null, history, steps };
    }
    steps += 1;
    delayOver = false;
    if (!next) {
      record('completed');
      return { status: 'completed', node: nodeId, dueAt: null, history, steps };
    }
    nodeId = next;
  }
  return { status: 'running', node: nodeId, dueAt: ports.clock.now(), history, steps };
}
