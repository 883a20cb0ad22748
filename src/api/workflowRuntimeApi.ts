import type {
  SimulateAnswer,
  SimulateRequest,
  WorkflowContactsPage,
  WorkflowNodeCounts,
} from '../domain/workflowRuntimeTypes.ts';
import { apiPostJson } from './client.ts';
import { serviceBases } from './serviceBases.ts';
import { serviceClient } from './serviceClient.ts';

const workflowService = serviceClient('workflow');

export type WorkflowContactsQuery = { workflowId: number; offset: number; limit: number };

/**
 * The workflow runtime's calls (issue 7), under the workflow base: where contacts are in a workflow, their
 * history, and the simulator (which sends nothing and writes nothing).
 */
export const workflowRuntimeApi = {
  nodeCounts: async (workflowId: number, signal?: AbortSignal): Promise<WorkflowNodeCounts> =>
    (
      await workflowService.get<{ success: true; data: WorkflowNodeCounts }>('workflow_node_counts/', {
        query: { workflow_id: workflowId },
        signal,
      })
    ).data,

  contacts: async (query: WorkflowContactsQuery, signal?: AbortSignal): Promise<WorkflowContactsPage> =>
    (
      await workflowService.get<{ success: true; data: WorkflowContactsPage }>('workflow_contacts/', {
        query: { workflow_id: query.workflowId, offset: query.offset, limit: query.limit },
        signal,
      })
    ).data,

  simulate: async (request: SimulateRequest, signal?: AbortSignal): Promise<SimulateAnswer> =>
    (
      await apiPostJson<{ success: true; data: SimulateAnswer }>(
        `${serviceBases.workflow}simulate_workflow/`,
        { ...request },
        { signal },
      )
    ).data,
};

export type WorkflowRuntimeApi = typeof workflowRuntimeApi;
