import { countOf } from './countOf.ts';
import type { FlowNode, PublishProblem, WorkflowFlow } from './workflowTypes.ts';

/**
 * Rules of a saved workflow flow, free of React and of the server: used by the
 * server before it saves or publishes, and by the builder to show the same answers before it sends.
 *
 * Structure (validateFlowStructure):
 * - an empty flow ({}) is valid (a workflow with no step yet); otherwise the root "0" exists, with
 *   parentId null and direction null;
 * - every node is stored under its own nodeId, and detail.nodeId equals it;
 * - kind matches type: "If / Else" is a CONDITION (detail.controlType "condition"), every other type an
 *   ACTION (controlType "action"); detail.controlName equals type;
 * - an ACTION has at most one slot (childNodes [] or [id] or [""]); an "end" has no child; a CONDITION
 *   has exactly two slots [yes, no] (either may be "" = empty);
 * - every non-empty child id exists and that child's parentId is the node holding it; a child of a
 *   CONDITION has direction "left" in slot 0 and "right" in slot 1 (a child of an ACTION may have any
 *   direction, null recommended);
 * - every node is reached from "0" exactly once: no cycles, no node under two parents, no orphans.
 */

export type GraphProblem = { nodeId: string | null; message: string };

/** What the publish rules need to know about an email used by a send-email step. */
export type PublishEmail = { designReady: boolean; name?: string | null };
export type PublishEmails = ReadonlyMap<number, PublishEmail> | Readonly<Record<number, PublishEmail>>;

export const ROOT_NODE_ID = '0';

/** The name of a node as people see it: its title, else its node title, else its type. */
export function nodeTitleOf(node: FlowNode): string {
  return node.detail.title.trim() || node.detail.nodeTitle.trim() || node.type;
}

function label(node: FlowNode): string {
  return `"${nodeTitleOf(node)}" (${node.type}, node ${node.nodeId})`;
}

function filledChildren(node: FlowNode): string[] {
  return node.childNodes.filter((id) => id !== '');
}

/** Every structural problem of a flow, in a stable order; [] when the flow is well formed. */
export function validateFlowStructure(flow: WorkflowFlow): GraphProblem[] {
  const problems: GraphProblem[] = [];
  const ids = Object.keys(flow);
  if (ids.length === 0) return problems;
  const root = flow[ROOT_NODE_ID];
  if (!root) return [{ nodeId: null, message: 'The workflow has steps but no first step (node "0").' }];
  if (root.parentId !== null || root.direction !== null) {
    problems.push({ nodeId: ROOT_NODE_ID, message: `The first step ${label(root)} must have no parent.` });
  }

  for (const id of ids) {
    const node = flow[id] as FlowNode;
    if (node.nodeId !== id) {
      problems.push({ nodeId: id, message: `Node "${id}" is stored under another id ("${node.nodeId}").` });
    }
    if (node.detail.nodeId !== node.nodeId) {
      problems.push({ nodeId: id, message: `${label(node)} has detail.nodeId "${node.detail.nodeId}".` });
    }
    const isCondition = node.type === 'If / Else';
    if (node.kind !== (isCondition ? 'CONDITION' : 'ACTION')) {
      problems.push({
        nodeId: id,
        message: `${label(node)} must be of kind ${isCondition ? 'CONDITION' : 'ACTION'}.`,
      });
    }
    if (node.detail.controlName !== node.type) {
      problems.push({ nodeId: id, message: `${label(node)} has controlName "${node.detail.controlName}".` });
    }
    if (node.detail.controlType !== (isCondition ? 'condition' : 'action')) {
      problems.push({
        nodeId: id,
        message: `${label(node)} must have controlType "${isCondition ? 'condition' : 'action'}".`,
      });
    }
    if (isCondition && node.childNodes.length !== 2) {
      problems.push({ nodeId: id, message: `${label(node)} must have exactly two branches (yes and no).` });
    }
    if (!isCondition && filledChildren(node).length > 1) {
      problems.push({ nodeId: id, message: `${label(node)} can be followed by one step only.` });
    }
    if (node.type === 'end' && filledChildren(node).length > 0) {
      problems.push({ nodeId: id, message: `${label(node)} ends the workflow and cannot have a next step.` });
    }
    if (node.parentId !== null && !flow[node.parentId]) {
      problems.push({
        nodeId: id,
        message: `${label(node)} names a parent "${node.parentId}" that does not exist.`,
      });
    }
    node.childNodes.forEach((childId, slot) => {
      if (childId === '') return;
      const child = flow[childId];
      if (!child) {
        problems.push({
          nodeId: id,
          message: `${label(node)} points to a step "${childId}" that does not exist.`,
        });
        return;
      }
      if (child.parentId !== id) {
        problems.push({
          nodeId: childId,
          message: `${label(child)} hangs under ${label(node)} but names "${child.parentId}" as its parent.`,
        });
      }
      if (isCondition) {
        const expected = slot === 0 ? 'left' : 'right';
        if (child.direction !== expected) {
          problems.push({
            nodeId: childId,
            message: `${label(child)} is on the ${slot === 0 ? 'yes' : 'no'} branch and must have direction "${expected}".`,
          });
        }
      }
    });
  }

  // Reachability from the root: each node once, no cycles, no orphans.
  const seen = new Set<string>();
  const stack: string[] = [ROOT_NODE_ID];
  while (stack.length > 0) {
    const id = stack.pop() as string;
    const node = flow[id];
    if (!node) continue;
    if (seen.has(id)) {
      problems.push({
        nodeId: id,
        message: `${label(node)} is reached twice: the steps form a cycle or a join.`,
      });
      continue;
    }
    seen.add(id);
    for (const childId of [...filledChildren(node)].reverse()) stack.push(childId);
  }
  for (const id of ids) {
    if (!seen.has(id)) {
      const node = flow[id] as FlowNode;
      problems.push({ nodeId: id, message: `${label(node)} is not connected to the first step.` });
    }
  }
  return problems;
}

/** The node ids of a flow in tree order (root first, yes branch before no branch); orphans are left out. */
export function flowOrder(flow: WorkflowFlow): string[] {
  const order: string[] = [];
  const seen = new Set<string>();
  const stack: string[] = flow[ROOT_NODE_ID] ? [ROOT_NODE_ID] : [];
  while (stack.length > 0) {
    const id = stack.pop() as string;
    const node = flow[id];
    if (!node || seen.has(id)) continue;
    seen.add(id);
    order.push(id);
    for (const childId of [...filledChildren(node)].reverse()) stack.push(childId);
  }
  return order;
}

function emailOf(emails: PublishEmails, id: number): PublishEmail | undefined {
  return emails instanceof Map ? emails.get(id) : (emails as Readonly<Record<number, PublishEmail>>)[id];
}

/**
 * Why a flow cannot be published, one entry per failing rule per node, in tree order:
 * a node flagged with an error; an add-to-list step with no list; a send-email step with no email, or
 * whose email is unknown (not in emailsById) or not design-ready. emailsById holds the emails the
 * workflow's owner may use, by id.
 */
export function publishProblems(flow: WorkflowFlow, emailsById: PublishEmails): PublishProblem[] {
  const problems: PublishProblem[] = [];
  const ordered = flowOrder(flow);
  const reached = new Set(ordered);
  const ids = [...ordered, ...Object.keys(flow).filter((id) => !reached.has(id))];
  for (const id of ids) {
    const node = flow[id] as FlowNode;
    const title = nodeTitleOf(node);
    const add = (reason: string) =>
      problems.push({ nodeId: node.nodeId, nodeTitle: title, message: `"${title}": ${reason}` });
    if (node.detail.error) add('this step is marked as having an error; fix it before publishing.');
    if (node.type === 'add to list' && !(node.detail.list && node.detail.list.id > 0)) {
      add('no list is chosen to add contacts to.');
    }
    if (node.type === 'send email') {
      const emailId = node.detail.emailId;
      if (emailId === null || emailId === undefined || emailId <= 0) add('no email is chosen to send.');
      else {
        const email = emailOf(emailsById, emailId);
        const name = email?.name ?? node.detail.emailName ?? `#${emailId}`;
        if (!email) add(`the email "${name}" is not available to you.`);
        else if (!email.designReady) add(`the email "${name}" is not design-ready.`);
      }
    }
  }
  return problems;
}

/** The refusal message of a publish: the first problem, and how many more there are. */
export function publishRefusalMessage(problems: readonly PublishProblem[]): string {
  const first = problems[0];
  if (!first) return '';
  const more = problems.length - 1;
  return `Cannot publish: ${first.message}${more > 0 ? ` (and ${countOf(more, 'more problem', 'more problems')})` : ''}`;
}

/** True when some step of the flow is an end step (a workflow without one is detected). */
export function hasEndNode(flow: WorkflowFlow): boolean {
  return Object.values(flow).some((node) => node.type === 'end');
}

/** The ids of nodes flagged with an error. */
export function errorNodeIds(flow: WorkflowFlow): string[] {
  return Object.values(flow)
    .filter((node) => node.detail.error)
    .map((node) => node.nodeId);
}

/** Node ids of next that were not in previous (the newly added nodes of an inactive workflow). */
export function newlyAddedNodeIds(previous: WorkflowFlow, next: WorkflowFlow): string[] {
  return Object.keys(next).filter((id) => !(id in previous));
}

/** Every email the flow uses: send-email steps and email conditions, ascending, without duplicates. */
export function flowEmailIds(flow: WorkflowFlow): number[] {
  const ids = new Set<number>();
  for (const node of Object.values(flow)) {
    if (node.detail.emailId && node.detail.emailId > 0) ids.add(node.detail.emailId);
    for (const condition of node.detail.conditions ?? []) {
      if (condition.emailId && condition.emailId > 0) ids.add(condition.emailId);
    }
  }
  return [...ids].sort((a, b) => a - b);
}

/** Every list the flow uses (add-to-list steps and list conditions). */
export function flowListIds(flow: WorkflowFlow): number[] {
  const ids = new Set<number>();
  for (const node of Object.values(flow)) {
    if (node.detail.list && node.detail.list.id > 0) ids.add(node.detail.list.id);
    for (const condition of node.detail.conditions ?? []) {
      if (condition.listId && condition.listId > 0) ids.add(condition.listId);
    }
  }
  return [...ids].sort((a, b) => a - b);
}
