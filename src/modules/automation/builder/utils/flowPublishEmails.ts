import type { PublishEmail } from '../../../../../domain/workflowGraphRules.ts';
import type { WorkflowFlow } from '../../../../../domain/workflowTypes.ts';

/**
 * The emails of a flow's send-email steps as the publish rules want them, from what the email picker
 * recorded in each step (designReady, emailName). The server checks again with its own data.
 */
export function flowPublishEmails(flow: WorkflowFlow): Map<number, PublishEmail> {
  const emails = new Map<number, PublishEmail>();
  for (const node of Object.values(flow)) {
    const id = node.type === 'send email' ? node.detail.emailId : null;
    if (typeof id !== 'number' || id <= 0) continue;
    const known = emails.get(id);
    emails.set(id, {
      designReady: (known?.designReady ?? true) && node.detail.designReady === true,
      name: node.detail.emailName ?? known?.name ?? null,
    });
  }
  return emails;
}
