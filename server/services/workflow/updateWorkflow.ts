import type { Kysely } from 'kysely';
import {
  newlyAddedNodeIds,
  publishRefusalMessage,
  validateFlowStructure,
} from '../../../domain/workflowGraphRules.ts';
import type { UpdateWorkflowBody } from '../../../domain/workflowSchemas.ts';
import { WORKFLOW_TEXTS, type WorkflowDetails, type WorkflowFlow } from '../../../domain/workflowTypes.ts';
import type { Database, UserRow } from '../../db/schema.ts';
import { AppError, badRequest } from '../../lib/AppError.ts';
import { resumeHeldEnrolments } from '../runtime/resumeHeldEnrolments.ts';
import { applyEmailMapping } from './applyEmailMapping.ts';
import { checkFlowOwnership } from './checkFlowOwnership.ts';
import { linkWorkflowEmails, loadOwnWorkflow, lockOwnWorkflow, updateWorkflowRow } from './queries.ts';
import type { Refusal } from './Refusal.ts';
import { statusChange } from './statusTransition.ts';
import { checkTriggerSubject } from './triggerSubject.ts';
import { flowPublishProblems, toDetails } from './workflowDetails.ts';

type User = Pick<UserRow, 'id' | 'org_id' | 'internal_level'>;

const MAX_LISTED_PROBLEMS = 3;

/**
 * update_workflow/, in one transaction on the locked row: checks the flow's structure (400 on a broken
 * graph), the status change (refused: success false) and, when the result is active, the publish rules
 * (refused: success false with error_publish_nodes, nothing saved). Then saves, increments version,
 * records newly added nodes while the workflow stays inactive, clears them on resume, and marks a save
 * with status active as recently published. The email mapping changes sent with the save (add_emails,
 * remove_emails) are applied in the same transaction: workflow and mapping are saved together or not at
 * all (an added id that is not an email of the organisation is a 400 that rolls the whole save back).
 */
export async function updateWorkflow(
  db: Kysely<Database>,
  user: User,
  input: UpdateWorkflowBody,
): Promise<{ ok: true; message: string; data: WorkflowDetails } | Refusal> {
  return db.transaction().execute(async (trx) => {
    const row = await lockOwnWorkflow(trx, user.id, input.workflow_id);
    if (input.version !== undefined && input.version !== row.version) {
      throw new AppError(
        409,
        `This workflow was saved elsewhere (version ${row.version}, yours ${input.version}). Reload it before saving.`,
      );
    }
    const flow: WorkflowFlow = (input.workflow as WorkflowFlow | undefined) ?? row.flow;
    const problems = validateFlowStructure(flow);
    if (problems.length > 0) {
      const listed = problems.slice(0, MAX_LISTED_PROBLEMS).map((p) => p.message);
      const more = problems.length - listed.length;
      throw badRequest(
        `The workflow is not valid: ${listed.join(' ')}${more > 0 ? ` (and ${more} more)` : ''}`,
      );
    }
    await checkFlowOwnership(trx, user.org_id, flow);
    if (input.workflow_name !== undefined && input.workflow_name === '') {
      throw badRequest('workflow_name must not be blank.');
    }

    const change = statusChange(row.status, input.status ?? row.status);
    if (change.kind === 'refused') return { ok: false, message: change.message } as const;

    let emailId = row.email_id;
    let listId = row.list_id;
    if (input.trigger_email_update !== null || input.trigger_list_id !== null) {
      const subject = await checkTriggerSubject(trx, user.org_id, row.trigger_id, {
        emailId: input.trigger_email_update ?? (input.trigger_list_id === null ? null : row.email_id),
        listId: input.trigger_list_id ?? (input.trigger_email_update === null ? null : row.list_id),
        spUuid: row.sp_uuid,
      });
      emailId = subject.emailId;
      listId = subject.listId;
    }

    const goesLive = change.kind === 'publish' || change.kind === 'resume';
    if (goesLive) {
      const publishProblems = await flowPublishProblems(trx, user.org_id, flow);
      if (publishProblems.length > 0) {
        return {
          ok: false,
          message: publishRefusalMessage(publishProblems),
          error_publish_nodes: publishProblems,
        } as const;
      }
    }

    let newlyAdded = row.newly_added_nodes ?? [];
    if (change.kind === 'resume') newlyAdded = [];
    else if (row.status === 'inactive' && change.kind === 'save') {
      const added = newlyAddedNodeIds(row.flow ?? {}, flow);
      newlyAdded = [...new Set([...newlyAdded, ...added])].filter((id) => id in flow);
    }
    const now = new Date();
    await updateWorkflowRow(trx, row.id, {
      name: input.workflow_name ?? row.name,
      status: input.status ?? row.status,
      email_id: emailId,
      list_id: listId,
      flow: JSON.stringify(flow),
      node_count: Object.keys(flow).length,
      newly_added_nodes: JSON.stringify(newlyAdded),
      version: row.version + 1,
      ...(goesLive ? { recently_published_at: now } : {}),
    });
    if (change.kind === 'resume') await resumeHeldEnrolments(trx, row.id);
    if (emailId !== null && emailId !== row.email_id) await linkWorkflowEmails(trx, row.id, [emailId]);
    await applyEmailMapping(trx, user.org_id, row.id, {
      add_emails: input.add_emails,
      remove_emails: input.remove_emails,
    });
    const message =
      change.kind === 'resume'
        ? WORKFLOW_TEXTS.reactivated
        : change.kind === 'publish'
          ? WORKFLOW_TEXTS.published
          : change.kind === 'pause'
            ? 'Your workflow has been paused.'
            : WORKFLOW_TEXTS.saved;
    return {
      ok: true,
      message,
      data: await toDetails(trx, await loadOwnWorkflow(trx, user.id, row.id)),
    } as const;
  });
}
