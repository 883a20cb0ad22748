import type { ServiceAnswer } from '../../domain/serviceAnswer.ts';
import type { WorkflowGraphFilter } from '../../domain/workflowTypes.ts';
import { serviceClient } from './serviceClient.ts';

export type WorkflowEmailsGraphQuery = {
  workflowId: number;
  filter: WorkflowGraphFilter;
  /** Only these emails of the workflow; omitted: all of them. */
  emailIds?: number[];
};

const analyticsService = serviceClient('analytics');

/**
 * Analytics service: engagement analytics and the workflow email graph.
 * The base (base, get, post, put) and one typed function per call built so far.
 */
export const analyticsApi = {
  ...analyticsService,

  /** The emails of a workflow that the graph can show (GET graph_email_listing/). */
  graphEmailListing: (workflowId: number, searchTerm = '', signal?: AbortSignal) =>
    analyticsService.get<ServiceAnswer<'graph_email_listing'>>('graph_email_listing/', {
      signal,
      query: { workflow_id: workflowId, search_term: searchTerm.trim() || undefined },
    }),

  /** Sends, opens and clicks per email and day (POST workflow_emails_graph/ with the filter payload). */
  workflowEmailsGraph: (query: WorkflowEmailsGraphQuery, signal?: AbortSignal) =>
    analyticsService.post<ServiceAnswer<'workflow_emails_graph'>>(
      'workflow_emails_graph/',
      {
        workflow_id: query.workflowId,
        filter: query.filter,
        email_ids: query.emailIds && query.emailIds.length > 0 ? query.emailIds.join(',') : undefined,
      },
      { signal },
    ),
};

export type AnalyticsApi = typeof analyticsApi;
