import type { WorkflowFlow } from '../../../../../domain/workflowTypes.ts';
import type { WorkflowMeta } from '../../../../engine/workflowDoc.ts';

export type WorkflowEmailOption = { emailId: number; emailName: string; source: 'trigger' | 'step' };

const byNodeId = new Intl.Collator('en', { numeric: true });

/**
 * The emails a condition can test: the trigger's email, then the send-email steps' emails (each email
 * once, in node id order so the list is stable while the canvas changes).
 */
export function workflowEmailOptions(flow: WorkflowFlow, meta: WorkflowMeta): WorkflowEmailOption[] {
  const options: WorkflowEmailOption[] = [];
  const seen = new Set<number>();
  if (meta.email_id && meta.email_id > 0) {
    seen.add(meta.email_id);
    options.push({
      emailId: meta.email_id,
      emailName: meta.email_name ?? `Email ${meta.email_id}`,
      source: 'trigger',
    });
  }
  // Only the send-email steps are sorted (one shared collator: localeCompare with options builds one per call).
  const steps = Object.values(flow)
    .filter((node) => node.type === 'send email')
    .sort((a, b) => byNodeId.compare(a.nodeId, b.nodeId));
  for (const node of steps) {
    const emailId = node.detail.emailId;
    if (!emailId || emailId <= 0 || seen.has(emailId)) continue;
    seen.add(emailId);
    options.push({ emailId, emailName: node.detail.emailName ?? `Email ${emailId}`, source: 'step' });
  }
  return options;
}
