import {
  type ConstraintRefusal,
  refusalMessage,
  refusedCondition,
} from '../../../../../domain/removalConstraints.ts';
import type { WorkflowFlow } from '../../../../../domain/workflowTypes.ts';
import type { WorkflowMeta } from '../../../../engine/workflowDoc.ts';

/**
 * The constraint rule for the trigger's email: changing it removes the old email from
 * the workflow when no send-email step sends it too; if a condition tests that email, the change is
 * refused with the same refusal the engine gives for a step's email (the canvas's constraint dialog).
 */
export function triggerEmailRefusal(
  flow: WorkflowFlow,
  meta: WorkflowMeta,
  nextEmailId: number | null,
): ConstraintRefusal | null {
  const old = meta.email_id;
  if (!old || old <= 0 || old === nextEmailId) return null;
  const nodes = Object.values(flow);
  if (nodes.some((node) => node.type === 'send email' && node.detail.emailId === old)) return null;
  const conditions = nodes
    .filter(
      (node) =>
        node.kind === 'CONDITION' &&
        (node.detail.conditions ?? []).some((condition) => condition.emailId === old),
    )
    .map(refusedCondition)
    .sort((a, b) => (a.nodeId < b.nodeId ? -1 : a.nodeId > b.nodeId ? 1 : 0));
  if (conditions.length === 0) return null;
  const emailName = meta.email_name ?? null;
  return {
    kind: 'constraint',
    message: refusalMessage(`"${emailName ?? `#${old}`}"`, conditions),
    emails: [{ emailId: old, emailName }],
    conditions,
  };
}
