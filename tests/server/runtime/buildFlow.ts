import { MAX_FLOW_NODES } from '../../../domain/workflowSchemas.ts';
import type { Condition, WorkflowFlow } from '../../../domain/workflowTypes.ts';

type NodeSpec =
  | { type: 'send email'; emailId: number; spUuid?: string }
  | { type: 'add to list'; listId: number }
  | { type: 'delay'; duration?: { value: number; unit: 'minutes' | 'hours' | 'days' | 'weeks' } }
  | {
      type: 'delay';
      waitUntil: { dayOption: 'all' | 'business'; days: string[]; hour: number; timezone: string };
    }
  | { type: 'end' };

/**
 * A flow from a list of steps (ids "0", "1", ...), each the child of the previous; an If / Else at
 * position i given as { ifElse: conditions, connector, yes: steps, no: steps } builds both branches.
 */
export type Step =
  | NodeSpec
  | {
      type: 'If / Else';
      conditions: Condition[];
      connector?: 'AND' | 'OR';
      yes: Step[];
      no: Step[];
    };

export function buildFlow(steps: Step[]): WorkflowFlow {
  const flow: WorkflowFlow = {};
  let counter = 0;
  const add = (list: Step[], parentId: string | null, direction: 'left' | 'right' | null): string => {
    if (list.length === 0) return '';
    const [step, ...rest] = list as [Step, ...Step[]];
    const nodeId = String(counter++);
    const isCondition = step.type === 'If / Else';
    const detail: WorkflowFlow[string]['detail'] = {
      controlName: step.type,
      controlType: isCondition ? 'condition' : 'action',
      controlId: { 'send email': 1, 'add to list': 2, delay: 3, end: 4, 'If / Else': 5 }[step.type],
      nodeId,
      title: `${step.type} ${nodeId}`,
      nodeTitle: step.type,
      error: false,
    };
    if (step.type === 'send email') {
      detail.emailId = step.emailId;
      if (step.spUuid) detail.sp_uuid = step.spUuid;
    }
    if (step.type === 'add to list') detail.list = { id: step.listId, name: `List ${step.listId}` };
    if (step.type === 'delay') {
      if ('waitUntil' in step) {
        detail.radioValue = 2;
        detail.waitUntil = step.waitUntil;
      } else {
        detail.radioValue = 1;
        detail.duration = step.duration ?? null;
      }
    }
    if (step.type === 'If / Else') {
      detail.conditions = step.conditions;
      detail.connector = step.connector ?? 'AND';
    }
    flow[nodeId] = {
      nodeId,
      kind: isCondition ? 'CONDITION' : 'ACTION',
      type: step.type,
      parentId,
      direction,
      childNodes: [],
      detail,
    };
    const node = flow[nodeId];
    if (!node) throw new Error('unreachable');
    if (step.type === 'If / Else') {
      node.childNodes = [add(step.yes, nodeId, 'left'), add(step.no, nodeId, 'right')];
    } else if (step.type !== 'end') {
      const next = add(rest, nodeId, null);
      node.childNodes = next ? [next] : [];
    }
    return nodeId;
  };
  add(steps, null, null);
  return flow;
}

/**
 * The largest simulation the API accepts, as a flow: up to 2,000 steps (send, one-minute delay, If / Else
 * "has opened" whose no branch ends, repeated), so that with the email opened every condition is true and
 * each contact runs the simulator's step cap.
 */
export function largestFlow(emailId: number): WorkflowFlow {
  let chain: Step[] = [{ type: 'end' }];
  for (let n = 1; n + 4 <= MAX_FLOW_NODES; n += 4) {
    chain = [
      { type: 'send email', emailId },
      { type: 'delay', duration: { value: 1, unit: 'minutes' } },
      {
        type: 'If / Else',
        conditions: [{ conditionType: 'has opened', controlId: 1, controlName: 'has opened', emailId }],
        yes: chain,
        no: [{ type: 'end' }],
      },
    ];
  }
  return buildFlow(chain);
}

/** The body of the largest simulation: 50 contacts, 366 days, 200 "opened" events of emailId. */
export const largestSimulation = (workflowId: number, flow: WorkflowFlow, emailId = 1) => ({
  workflow_id: workflowId,
  flow,
  sample_size: 50,
  horizon_days: 366,
  start_at: '2026-01-05T09:00:00Z',
  events: Array.from({ length: 200 }, (_, i) => ({ kind: 'opened', email_id: emailId, after_minutes: i })),
});
