import type { EmailMappingChanges } from '../domain/emailMappingChanges.ts';
import type { WorkflowAnswers } from '../domain/workflowTypes.ts';
import type { UpdateWorkflowFields } from '../engine/WorkflowDraft.ts';
import { serviceClient } from './serviceClient.ts';

/**
 * The workflow service calls of the builder (issue 6), built like workflowApi.ts: update_workflow/ with the
 * fields the draft prepared (WorkflowDraft.prepareSave), email_mapping/ with the net email changes, and
 * get_workflow_controls/. Answers follow WorkflowAnswers; a refusal (success false, e.g. a refused
 * publish naming the node) is thrown as an ApiError by the request layer.
 */
const workflowService = serviceClient('workflow');

type Answer<K extends keyof WorkflowAnswers> = WorkflowAnswers[K] & { success: true };

const ids = (list: readonly number[]) => list.join(',');

export const workflowBuilderApi = {
  /** Saves the draft; with status active this publishes it (spec 01 section 4). */
  updateWorkflow: (fields: UpdateWorkflowFields, signal?: AbortSignal) =>
    workflowService.post<Answer<'update_workflow'>>('update_workflow/', { ...fields }, { signal }),

  /** The emails added to and removed from the workflow since its last save (net changes only). */
  emailMapping: (workflowId: number, changes: EmailMappingChanges, signal?: AbortSignal) =>
    workflowService.post<Answer<'email_mapping'>>(
      'email_mapping/',
      {
        workflow_id: workflowId,
        add_emails: ids(changes.add_emails),
        remove_emails: ids(changes.remove_emails),
      },
      { signal },
    ),

  getWorkflowControls: (signal?: AbortSignal) =>
    workflowService.get<Answer<'get_workflow_controls'>>('get_workflow_controls/', { signal }),
};

export type WorkflowBuilderApi = typeof workflowBuilderApi;
