import { nodeTitleOf } from './workflowGraphRules.ts';
import type { FlowNode, WorkflowFlow } from './workflowTypes.ts';

export type OrganisationIds = { emailIds: ReadonlySet<number>; listIds: ReadonlySet<number> };

/**
 * Every step that names an email or a list the organisation does not have (another organisation's, or
 * none at all), with a message naming the step: a graph may only point at its own organisation's things.
 */
export function flowForeignIds(flow: WorkflowFlow, own: OrganisationIds): string[] {
  const problems: string[] = [];
  for (const node of Object.values(flow) as FlowNode[]) {
    const title = nodeTitleOf(node);
    const emailId = node.detail.emailId;
    if (emailId && emailId > 0 && !own.emailIds.has(emailId)) {
      problems.push(`"${title}" uses email ${emailId}, which is not one of your organisation's emails.`);
    }
    const listId = node.detail.list?.id;
    if (listId && listId > 0 && !own.listIds.has(listId)) {
      problems.push(`"${title}" uses list ${listId}, which is not one of your organisation's lists.`);
    }
    for (const condition of node.detail.conditions ?? []) {
      if (condition.emailId && condition.emailId > 0 && !own.emailIds.has(condition.emailId)) {
        problems.push(
          `"${title}" tests email ${condition.emailId}, which is not one of your organisation's emails.`,
        );
      }
      if (condition.listId && condition.listId > 0 && !own.listIds.has(condition.listId)) {
        problems.push(
          `"${title}" tests list ${condition.listId}, which is not one of your organisation's lists.`,
        );
      }
    }
  }
  return problems;
}
