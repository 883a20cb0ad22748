import type { TriggerId, WorkflowAnswers, WorkflowFilter, WorkflowStatus } from '../domain/workflowTypes.ts';
import { serviceClient } from './serviceClient.ts';

/**
 * Workflow service (spec 01 section 7): one typed function per call. The cancellable calls of the spec use
 * these request kinds, so a new one supersedes the one in flight (which fails with CANCELED_MESSAGE, never
 * shown). Answers follow WorkflowAnswers (src/domain/workflowTypes.ts); a refusal (success false) is thrown
 * as an ApiError by the request layer.
 */
export const WORKFLOW_REQUEST_KINDS = {
  userEmails: 'workflow.get_user_emails',
  userContactLists: 'workflow.get_user_contact_lists',
  userStaticData: 'workflow.get_user_static_data',
} as const;

/** The typed base bound to the workflow service's address (base, get, post, put). */
const workflowService = serviceClient('workflow');

/** Answers as they arrive: the contract's shape plus success true. */
type Answer<K extends keyof WorkflowAnswers> = WorkflowAnswers[K] & { success: true };

export type UserWorkflowsQuery = {
  offset: number;
  limit: number;
  /** Sent only when not blank (trimmed). */
  workflowName?: string;
  filterType: WorkflowFilter;
};

export type DeleteWorkflowsInput =
  | { selectAll: false; workflowIds: number[] }
  | { selectAll: true; excludedIds: number[]; searchTerm: string; filterType: WorkflowFilter };

export type CreateWorkflowInput = {
  triggerId: TriggerId;
  emailId?: number | null;
  listId?: number | null;
  spUuid?: string | null;
  workflowName: string;
};

export type UserEmailsQuery = {
  emailType?: number | null;
  offset: number;
  limit: number;
  searchTerm?: string;
};

const ids = (list: number[]) => list.join(',');
const positive = (value: number | null | undefined) =>
  typeof value === 'number' && value > 0 ? value : undefined;
const nonBlank = (value: string | undefined) => (value?.trim() ? value.trim() : undefined);

/** The service's base (base, get, post, put: for calls not listed here) and one function per call. */
export const workflowApi = {
  ...workflowService,
  getWorkflowTriggers: (signal?: AbortSignal) =>
    workflowService.get<Answer<'get_workflow_triggers'>>('get_workflow_triggers/', { signal }),

  getUserWorkflows: (query: UserWorkflowsQuery, signal?: AbortSignal) =>
    workflowService.get<Answer<'get_user_workflows'>>('get_user_workflows/', {
      signal,
      query: {
        offset: query.offset,
        limit: query.limit,
        workflow_name: nonBlank(query.workflowName),
        filter_type: query.filterType,
      },
    }),

  /** Cancellable: a newer picker request supersedes the one in flight. */
  getUserEmails: (query: UserEmailsQuery, signal?: AbortSignal) =>
    workflowService.get<Answer<'get_user_emails'>>('get_user_emails/', {
      signal,
      kind: WORKFLOW_REQUEST_KINDS.userEmails,
      query: {
        email_type: query.emailType ?? undefined,
        offset: query.offset,
        limit: query.limit,
        search: nonBlank(query.searchTerm),
      },
    }),

  /** Cancellable: a newer list search supersedes the one in flight. */
  getUserContactLists: (listName: string, signal?: AbortSignal) =>
    workflowService.get<Answer<'get_user_contact_lists'>>('get_user_contact_lists/', {
      signal,
      kind: WORKFLOW_REQUEST_KINDS.userContactLists,
      query: { list_name: nonBlank(listName) },
    }),

  /** Cancellable: the builder's option lists, among them the share profiles. */
  getUserStaticData: (signal?: AbortSignal) =>
    workflowService.get<Answer<'get_user_static_data'>>('get_user_static_data/', {
      signal,
      kind: WORKFLOW_REQUEST_KINDS.userStaticData,
    }),

  /** email_id and list_id are sent only when greater than 0 (spec 01 section 5). */
  createWorkflow: (input: CreateWorkflowInput, signal?: AbortSignal) =>
    workflowService.post<Answer<'create_workflow'>>(
      'create_workflow/',
      {
        trigger_id: input.triggerId,
        email_id: positive(input.emailId),
        list_id: positive(input.listId),
        sp_uuid: input.spUuid || undefined,
        workflow_name: nonBlank(input.workflowName),
      },
      { signal },
    ),

  deleteWorkflows: (input: DeleteWorkflowsInput, signal?: AbortSignal) =>
    workflowService.post<Answer<'delete_workflow'>>(
      'delete_workflow/',
      input.selectAll
        ? {
            select_all: 'true',
            search_term: nonBlank(input.searchTerm) ?? '',
            filter_type: input.filterType,
            excluded_workflow_ids: ids(input.excludedIds),
            workflow_ids: '',
          }
        : {
            select_all: 'false',
            search_term: '',
            filter_type: 'all',
            excluded_workflow_ids: '',
            workflow_ids: ids(input.workflowIds),
          },
      { signal },
    ),

  cloneWorkflow: (workflowId: number, signal?: AbortSignal) =>
    workflowService.post<Answer<'clone_workflow'>>(
      'clone_workflow/',
      { workflow_id: workflowId },
      { signal },
    ),

  /** Resume (status active) or pause (status inactive) a workflow. */
  setWorkflowStatus: (
    workflowId: number,
    status: Extract<WorkflowStatus, 'active' | 'inactive'>,
    signal?: AbortSignal,
  ) =>
    workflowService.post<Answer<'resume_workflow'>>(
      'resume_workflow/',
      { workflow_id: workflowId, status },
      { signal },
    ),

  getWorkflowDetails: (workflowId: number, signal?: AbortSignal) =>
    workflowService.get<Answer<'get_workflow_details'>>('get_workflow_details/', {
      signal,
      query: { workflow_id: workflowId },
    }),

  /** Saves a workflow; with status active this publishes it (spec 01 section 4). */
  updateWorkflow: (
    input: { workflowId: number; workflow: unknown; status: WorkflowStatus; workflowName: string },
    signal?: AbortSignal,
  ) =>
    workflowService.post<Answer<'update_workflow'>>(
      'update_workflow/',
      {
        workflow_id: input.workflowId,
        workflow: JSON.stringify(input.workflow),
        status: input.status,
        workflow_name: input.workflowName,
      },
      { signal },
    ),
};

export type WorkflowApi = typeof workflowApi;
