import type { WorkflowFlow } from './workflowTypes.ts';

/**
 * The email mapping (email_mapping/, and the builder's save through update_workflow/): the emails added to
 * and removed from a workflow since it was saved. An email added then removed again (or removed then added back) cancels out, so only the net
 * change is sent: { add_emails, remove_emails }, ascending, never overlapping.
 * The emails "of" a workflow are those its send-email steps send.
 */

export type EmailMappingChanges = { add_emails: number[]; remove_emails: number[] };

/** The emails the send-email steps of a flow send, ascending, without duplicates. */
export function sentEmailIds(flow: WorkflowFlow): number[] {
  const ids = new Set<number>();
  for (const node of Object.values(flow)) {
    const emailId = node.type === 'send email' ? node.detail.emailId : null;
    if (typeof emailId === 'number' && emailId > 0) ids.add(emailId);
  }
  return [...ids].sort((a, b) => a - b);
}

/** The net change between two sets of emails. */
export function emailSetChanges(saved: Iterable<number>, current: Iterable<number>): EmailMappingChanges {
  const before = new Set(saved);
  const after = new Set(current);
  return {
    add_emails: [...after].filter((id) => !before.has(id)).sort((a, b) => a - b),
    remove_emails: [...before].filter((id) => !after.has(id)).sort((a, b) => a - b),
  };
}

/** The net change between the saved flow and the current one. */
export function emailMappingChanges(saved: WorkflowFlow, current: WorkflowFlow): EmailMappingChanges {
  return emailSetChanges(sentEmailIds(saved), sentEmailIds(current));
}

/**
 * The same net change from a sequence of add/remove events (for callers that log edits instead of
 * comparing flows): each email's events cancel pairwise; what is left is one add or one remove.
 */
export function netEmailEvents(
  events: Iterable<{ emailId: number; op: 'add' | 'remove' }>,
): EmailMappingChanges {
  const balance = new Map<number, number>();
  for (const event of events) {
    balance.set(event.emailId, (balance.get(event.emailId) ?? 0) + (event.op === 'add' ? 1 : -1));
  }
  const add_emails: number[] = [];
  const remove_emails: number[] = [];
  for (const [emailId, value] of balance) {
    if (value > 0) add_emails.push(emailId);
    if (value < 0) remove_emails.push(emailId);
  }
  return { add_emails: add_emails.sort((a, b) => a - b), remove_emails: remove_emails.sort((a, b) => a - b) };
}
