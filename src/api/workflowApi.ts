import type { EmailMappingChanges } from '../../domain/emailMappingChanges.ts';
import type { ServiceAnswer } from '../../domain/serviceAnswer.ts';
import type {
  SimulateAnswer,
  SimulateRequest,
  WorkflowContactsPage,
  WorkflowNodeCounts,
} from '../../domain/workflowRuntimeTypes.ts';
import type {
  ShareProfileConfig,
  TriggerId,
  UpdateWorkflowFields,
  WorkflowFilter,
  WorkflowStatus,
} from '../../domain/workflowTypes.ts';
import { serviceClient } from './serviceClient.ts';

/**
 * Workflow service (spec 01 section 7): one typed function per call, for the list, the create screen, the
 * builder (save, email mapping, node editors) and the runtime views (counts, contacts, simulator). The
 * cancellable calls of the spec use these request kinds, so a new one supersedes the one in flight (which
 * fails with CANCELED_MESSAGE, never shown). Answers follow ServiceAnswer (domain/serviceAnswer.ts); a
 * refusal (success false) is thrown as an ApiError by the request layer.
 */
export const WORKFLOW_REQUEST_KINDS = {
  userEmails: 'workflow.get_user_emails',
  userContactLists: 'workflow.get_user_contact_lists',
  userStaticData: 'workflow.get_user_static_data',
} as const;

/** The typed base bound to the workflow service's address (base, get, post, put). */
const workflowService = serviceClient('workflow');

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

export type EmailsLinksQuery = { emailIds: number[]; nodeId?: string; workflowId?: number | null };

export type TestShareProfileInput = {
  workflowId?: number | null;
  spUuid?: string | null;
  config?: ShareProfileConfig | null;
  /** Defaults (on the server) to the signed-in user's address. */
  to?: string;
};

export type WorkflowContactsQuery = { workflowId: number; offset: number; limit: number };

const ids = (list: readonly number[]) => list.join(',');
const positive = (value: number | null | undefined) =>
  typeof value === 'number' && value > 0 ? value : undefined;
const nonBlank = (value: string | undefined) => (value?.trim() ? value.trim() : undefined);
/** Email mapping changes as form fields (comma-separated ids; empty: no change). */
const mappingFields = (changes: EmailMappingChanges) => ({
  add_emails: ids(changes.add_emails),
  remove_emails: ids(changes.remove_emails),
});

/** The service's base (base, get, post, put: for calls not listed here) and one function per call. */
export const workflowApi = {
  ...workflowService,
  getWorkflowTriggers: (signal?: AbortSignal) =>
    workflowService.get<ServiceAnswer<'get_workflow_triggers'>>('get_workflow_triggers/', { signal }),

  getUserWorkflows: (query: UserWorkflowsQuery, signal?: AbortSignal) =>
    workflowService.get<ServiceAnswer<'get_user_workflows'>>('get_user_workflows/', {
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
    workflowService.get<ServiceAnswer<'get_user_emails'>>('get_user_emails/', {
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
    workflowService.get<ServiceAnswer<'get_user_contact_lists'>>('get_user_contact_lists/', {
      signal,
      kind: WORKFLOW_REQUEST_KINDS.userContactLists,
      query: { list_name: nonBlank(listName) },
    }),

  /** Cancellable: the builder's option lists, among them the share profiles. */
  getUserStaticData: (signal?: AbortSignal) =>
    workflowService.get<ServiceAnswer<'get_user_static_data'>>('get_user_static_data/', {
      signal,
      kind: WORKFLOW_REQUEST_KINDS.userStaticData,
    }),

  /** email_id and list_id are sent only when greater than 0 (spec 01 section 5). */
  createWorkflow: (input: CreateWorkflowInput, signal?: AbortSignal) =>
    workflowService.post<ServiceAnswer<'create_workflow'>>(
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
    workflowService.post<ServiceAnswer<'delete_workflow'>>(
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
    workflowService.post<ServiceAnswer<'clone_workflow'>>(
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
    workflowService.post<ServiceAnswer<'resume_workflow'>>(
      'resume_workflow/',
      { workflow_id: workflowId, status },
      { signal },
    ),

  getWorkflowDetails: (workflowId: number, signal?: AbortSignal) =>
    workflowService.get<ServiceAnswer<'get_workflow_details'>>('get_workflow_details/', {
      signal,
      query: { workflow_id: workflowId },
    }),

  /**
   * Saves the builder's draft with the fields it prepared (WorkflowDraft.prepareSave) and the emails added
   * to and removed from it since its last save, in one request: the server saves both in one transaction,
   * or neither. With status active this publishes it; a refused publish names the node in its ApiError.
   */
  updateWorkflow: (fields: UpdateWorkflowFields, changes: EmailMappingChanges, signal?: AbortSignal) =>
    workflowService.post<ServiceAnswer<'update_workflow'>>(
      'update_workflow/',
      { ...fields, ...mappingFields(changes) },
      { signal },
    ),

  /** The emails added to and removed from a workflow, on their own (net changes only). */
  emailMapping: (workflowId: number, changes: EmailMappingChanges, signal?: AbortSignal) =>
    workflowService.post<ServiceAnswer<'email_mapping'>>(
      'email_mapping/',
      { workflow_id: workflowId, ...mappingFields(changes) },
      { signal },
    ),

  getWorkflowControls: (signal?: AbortSignal) =>
    workflowService.get<ServiceAnswer<'get_workflow_controls'>>('get_workflow_controls/', { signal }),

  /** The links of emails, for click conditions. Cancelled through `signal` only (several may load at once). */
  getEmailsLinks: (query: EmailsLinksQuery, signal?: AbortSignal) =>
    workflowService.get<ServiceAnswer<'get_emails_links'>>('get_emails_links/', {
      signal,
      query: {
        email_ids: query.emailIds.join(','),
        node_id: query.nodeId || undefined,
        workflow_id: positive(query.workflowId),
      },
    }),

  /** The test send of a share profile (to the signed-in user unless `to` is given). */
  sendTestShareProfile: (input: TestShareProfileInput, signal?: AbortSignal) =>
    workflowService.post<ServiceAnswer<'send_test_share_profile'>>(
      'send_test_share_profile/',
      {
        workflow_id: positive(input.workflowId),
        sp_uuid: input.spUuid || undefined,
        config: input.config ? JSON.stringify(input.config) : undefined,
        to: input.to?.trim() || undefined,
      },
      { signal },
    ),

  /** The runtime: how many contacts passed, wait at and left each node of a published workflow. */
  nodeCounts: async (workflowId: number, signal?: AbortSignal): Promise<WorkflowNodeCounts> =>
    (
      await workflowService.get<ServiceAnswer<'workflow_node_counts'>>('workflow_node_counts/', {
        query: { workflow_id: workflowId },
        signal,
      })
    ).data,

  /** The runtime: a page of the workflow's enrolled contacts with their history. */
  contacts: async (query: WorkflowContactsQuery, signal?: AbortSignal): Promise<WorkflowContactsPage> =>
    (
      await workflowService.get<ServiceAnswer<'workflow_contacts'>>('workflow_contacts/', {
        query: { workflow_id: query.workflowId, offset: query.offset, limit: query.limit },
        signal,
      })
    ).data,

  /** The simulator (a JSON body): runs the draft on a virtual clock; sends nothing, writes nothing. */
  simulate: async (request: SimulateRequest, signal?: AbortSignal): Promise<SimulateAnswer> =>
    (
      await workflowService.postJson<ServiceAnswer<'simulate_workflow'>>(
        'simulate_workflow/',
        { ...request },
        { signal },
      )
    ).data,
};

export type WorkflowApi = typeof workflowApi;
