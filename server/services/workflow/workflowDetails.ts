import {
  errorNodeIds,
  flowEmailIds,
  type PublishEmail,
  publishProblems,
} from '../../../domain/workflowGraphRules.ts';
import type { PublishProblem, WorkflowDetails, WorkflowFlow } from '../../../domain/workflowTypes.ts';
import type { Db } from '../../db/Db.ts';
import { orgEmails } from './emailAccess.ts';
import { loadOwnWorkflow, toSummary, type WorkflowFullRow } from './workflowQueries.ts';

/** The publish rules of a flow against the organisation's emails (unknown emails count as unavailable). */
export async function flowPublishProblems(
  db: Db,
  orgId: number,
  flow: WorkflowFlow,
): Promise<PublishProblem[]> {
  const emails = await orgEmails(db, orgId, flowEmailIds(flow));
  const byId = new Map<number, PublishEmail>(
    emails.map((e) => [e.id, { designReady: e.design_ready, name: e.name }]),
  );
  return publishProblems(flow, byId);
}

export async function toDetails(db: Db, row: WorkflowFullRow): Promise<WorkflowDetails> {
  const flow = row.flow ?? {};
  return {
    ...toSummary(row),
    flow,
    detail: { emailId: row.email_id, emailName: row.email_name, shareProfileUuid: row.sp_uuid },
    newlyAddedNodes: row.newly_added_nodes ?? [],
    design_ready: row.email_id === null ? true : Boolean(row.design_ready),
    email_type: row.email_type,
    campaign_id: row.campaign_id,
    error_nodes: errorNodeIds(flow),
    error_publish_nodes: await flowPublishProblems(db, row.org_id, flow),
    trigger_email_sent: row.trigger_email_sent,
    version: row.version,
  };
}

export async function loadDetails(db: Db, userId: number, workflowId: number): Promise<WorkflowDetails> {
  return toDetails(db, await loadOwnWorkflow(db, userId, workflowId));
}
