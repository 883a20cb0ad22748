import type { WorkflowDetails, WorkflowFlow } from '../../domain/workflowTypes.ts';
import { call, type Session } from './benchSession.ts';
import { NODES } from './builderSettings.ts';

/** A new workflow saved with the flow (create_workflow/, then update_workflow/), read back with all its nodes. */
export async function createWorkflow(session: Session, name: string, flow: WorkflowFlow, emailId: number) {
  const created = await call<{ workflow_id: number }>(session, 'POST', 'create_workflow/', {
    trigger_id: '7',
    email_id: String(emailId),
    workflow_name: name,
  });
  await call(session, 'POST', 'update_workflow/', {
    workflow_id: String(created.workflow_id),
    workflow: JSON.stringify(flow),
    status: 'draft',
    workflow_name: name,
  });
  const details = await call<{ data: WorkflowDetails }>(session, 'GET', 'get_workflow_details/', {
    workflow_id: String(created.workflow_id),
  });
  if (Object.keys(details.data.flow).length !== NODES) throw new Error('the saved flow lost nodes');
  return details.data;
}
