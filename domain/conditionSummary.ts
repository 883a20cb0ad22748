import type { Condition, FlowNode } from './workflowTypes.ts';

function conditionText(condition: Condition): string {
  const subject =
    condition.emailName ??
    condition.listName ??
    (condition.day && condition.day.length > 0 ? condition.day.join(', ') : null) ??
    condition.time ??
    null;
  const verb = condition.verb ? ` ${condition.verb}` : '';
  return subject ? `${condition.conditionType}${verb} ${subject}` : condition.conditionType;
}

/**
 * What an If / Else step's card shows under its title, the way a person names the condition:
 * "has opened Welcome AND list VIP"; "No condition set" when empty.
 */
export function conditionSummary(node: FlowNode): string {
  const conditions = node.detail.conditions ?? [];
  if (conditions.length === 0) return 'No condition set';
  return conditions.map(conditionText).join(` ${node.detail.connector ?? 'AND'} `);
}
