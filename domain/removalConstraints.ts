import { conditionSummary } from './conditionSummary.ts';
import { pluralNoun } from './countOf.ts';
import { nodeTitleOf } from './workflowGraphRules.ts';
import type { FlowNode, WorkflowFlow } from './workflowTypes.ts';

/**
 * The constraint rule: removing a send-email node, or the email of a send-email node
 * (changing its email), is refused when a condition that stays in the workflow references that email
 * and no other remaining send-email node still sends it. The refusal names the emails and the
 * conditions, for the constraint dialog. Used by the builder's commands (deleteNode, editNode) and
 * usable by the server. Conditions removed by the same change do not block it (deleting an If / Else
 * together with the step it tests is fine).
 */

export type ConstraintRefusal = {
  kind: 'constraint';
  message: string;
  /** The emails that would disappear while still referenced. */
  emails: { emailId: number; emailName: string | null }[];
  /**
   * The conditions (If / Else nodes) that reference them, in tree-independent id order, named as their
   * cards show them: the title and what the condition tests (`detail`). The id is for keys, never shown.
   */
  conditions: RefusedCondition[];
};

export type RefusedCondition = { nodeId: string; nodeTitle: string; detail: string };

/** A condition step as the constraint dialog names it. */
export function refusedCondition(node: FlowNode): RefusedCondition {
  return { nodeId: node.nodeId, nodeTitle: nodeTitleOf(node), detail: conditionSummary(node) };
}

/** "the condition "Engaged?" (has opened Welcome)", for the refusal's message. */
export function refusalMessage(emailText: string, conditions: RefusedCondition[]): string {
  const named = conditions.map((c) => `"${c.nodeTitle}" (${c.detail})`).join(', ');
  return (
    `The email ${emailText} is used by the ${pluralNoun(conditions.length, 'condition', 'conditions')} ${named}. ` +
    'Change or remove the condition first.'
  );
}

export type FlowChange = {
  /** Nodes whose content leaves the workflow. */
  removed?: Iterable<string>;
  /** New email of send-email nodes (null = no email). */
  emailChanges?: ReadonlyMap<string, number | null>;
};

function sentEmail(node: FlowNode, emailChanges: ReadonlyMap<string, number | null>): number | null {
  if (node.type !== 'send email') return null;
  const email = emailChanges.has(node.nodeId) ? emailChanges.get(node.nodeId) : node.detail.emailId;
  return email !== null && email !== undefined && email > 0 ? email : null;
}

/** Null when the change is allowed, else the refusal to show. */
export function constraintRefusal(flow: WorkflowFlow, change: FlowChange): ConstraintRefusal | null {
  const removed = new Set(change.removed ?? []);
  const emailChanges = change.emailChanges ?? new Map<string, number | null>();
  const before = new Map<number, string | null>();
  const after = new Set<number>();
  for (const node of Object.values(flow)) {
    const old = sentEmail(node, new Map());
    if (old !== null && !before.has(old)) before.set(old, node.detail.emailName ?? null);
    if (removed.has(node.nodeId)) continue;
    const next = sentEmail(node, emailChanges);
    if (next !== null) after.add(next);
  }
  const lost = new Map([...before].filter(([emailId]) => !after.has(emailId)));
  if (lost.size === 0) return null;
  const conditions: ConstraintRefusal['conditions'] = [];
  const emails = new Map<number, string | null>();
  for (const node of Object.values(flow)) {
    if (node.kind !== 'CONDITION' || removed.has(node.nodeId)) continue;
    const referenced = (node.detail.conditions ?? [])
      .map((condition) => condition.emailId)
      .filter((emailId): emailId is number => typeof emailId === 'number' && lost.has(emailId));
    if (referenced.length === 0) continue;
    conditions.push(refusedCondition(node));
    for (const emailId of referenced) emails.set(emailId, lost.get(emailId) ?? null);
  }
  if (conditions.length === 0) return null;
  conditions.sort((a, b) => (a.nodeId < b.nodeId ? -1 : a.nodeId > b.nodeId ? 1 : 0));
  const emailList = [...emails]
    .sort(([a], [b]) => a - b)
    .map(([emailId, emailName]) => ({ emailId, emailName }));
  const emailText = emailList.map((e) => `"${e.emailName ?? `#${e.emailId}`}"`).join(', ');
  return {
    kind: 'constraint',
    message: refusalMessage(emailText, conditions),
    emails: emailList,
    conditions,
  };
}
