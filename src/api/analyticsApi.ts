import type { AnalyticsQuery } from '../../domain/analyticsFilterSearch.ts';
import type {
  AnalyticsAnswers,
  AnalyticsExportAnswer,
  AnalyticsExportCall,
} from '../../domain/analyticsTypes.ts';
import type { ServiceAnswer } from '../../domain/serviceAnswer.ts';
import type { WorkflowGraphFilter } from '../../domain/workflowTypes.ts';
import type { FormFields } from './client.ts';
import { serviceClient } from './serviceClient.ts';

export type WorkflowEmailsGraphQuery = {
  workflowId: number;
  filter: WorkflowGraphFilter;
  /** Only these emails of the workflow; omitted: all of them. */
  emailIds?: number[];
};

const analyticsService = serviceClient('analytics');

export type AnalyticsPageQuery = AnalyticsQuery & { limit: number; offset: number };

/** An export of a report: its call, its query and its own fields (without limit and offset: every row). */
export type AnalyticsExportRequest = {
  call: AnalyticsExportCall;
  query: AnalyticsQuery;
  fields: FormFields;
  format: 'csv' | 'xlsx';
};

/**
 * The shared selection fields of a report: the period's days, campaigns or workflows (a workflow report
 * sends all_workflows 0 with its workflow ids, and no campaign_ids), the emails (select_all, or
 * unselect_all with the emails picked and the searches selected, and the emails taken out) and test sends.
 * Empty lists and false flags are left out.
 */
export function selectionFields(query: AnalyticsQuery): FormFields {
  const { emails } = query;
  const isWorkflow = query.workflowIds.length > 0;
  const list = (ids: readonly number[]) => (ids.length > 0 ? JSON.stringify(ids) : undefined);
  return {
    start_date: query.startDate ?? undefined,
    end_date: query.endDate ?? undefined,
    ...(isWorkflow
      ? { is_workflow: 1, all_workflows: 0, workflow_ids: list(query.workflowIds) }
      : { campaign_ids: list(query.campaignIds) }),
    select_all: emails.base === 'all' ? 1 : undefined,
    unselect_all: emails.base === 'none' ? 1 : undefined,
    include_emails: list(emails.include),
    exclude_emails: list(emails.exclude),
    search_list: emails.searches.length > 0 ? JSON.stringify(emails.searches) : undefined,
    is_test_email: query.testEmails ? 1 : undefined,
  };
}

/**
 * A report's POST. Every analytics call has its kind (its call name): a new call of a kind cancels the one
 * in flight, which fails with CANCELED_MESSAGE, never shown.
 */
const report = <K extends keyof AnalyticsAnswers | 'campaign_workflow_dropdown'>(
  call: K,
  fields: FormFields,
  signal?: AbortSignal,
) => analyticsService.post<ServiceAnswer<K>>(`${call}/`, fields, { signal, kind: `analytics.${call}` });

const pageFields = (query: AnalyticsPageQuery): FormFields => ({
  ...selectionFields(query),
  limit: query.limit,
  offset: query.offset,
});

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

  /** POST analytics_dashboard/: the stats with their rates, and the email engagement. */
  dashboard: (query: AnalyticsQuery, signal?: AbortSignal) =>
    report('analytics_dashboard', { ...selectionFields(query), get_overview_data: 1 }, signal),

  /** POST dashboard_email_graph/: a page of the selection's emails with their counts, most sent first. */
  emailGraph: (query: AnalyticsPageQuery, signal?: AbortSignal) =>
    report('dashboard_email_graph', pageFields(query), signal),

  /** POST dashboard_campaign_graph/: a page of the selection's campaigns with their counts. */
  campaignGraph: (query: AnalyticsPageQuery, signal?: AbortSignal) =>
    report('dashboard_campaign_graph', pageFields(query), signal),

  /** POST email_trends_graph/: the selection's counts at every zoom level its period spans. */
  emailTrends: (query: AnalyticsQuery, signal?: AbortSignal) =>
    report('email_trends_graph', selectionFields(query), signal),

  /** POST click_trends_graph/: the selection's clicks at every zoom level its period spans. */
  clickTrends: (query: AnalyticsQuery, signal?: AbortSignal) =>
    report('click_trends_graph', selectionFields(query), signal),

  /** POST campaigns_analytics/: a page of campaigns (searched by name) with the period's totals. */
  campaignsAnalytics: (query: AnalyticsPageQuery & { search: string }, signal?: AbortSignal) =>
    report(
      'campaigns_analytics',
      { ...pageFields(query), search_campaign: query.search.trim() || undefined },
      signal,
    ),

  /**
   * POST emails_dropdown/ (JSON): the emails the filter offers, those of the selection's campaigns or
   * workflows sent in its period, searched by name or subject, the latest sent first.
   */
  emailsDropdown: (query: AnalyticsPageQuery & { search: string }, signal?: AbortSignal) =>
    analyticsService.postJson<ServiceAnswer<'emails_dropdown'>>(
      'emails_dropdown/',
      {
        ...selectionFields(query),
        search_term: query.search.trim() || undefined,
        limit: query.limit,
        offset: query.offset,
      },
      { signal, kind: 'analytics.emails_dropdown' },
    ),

  /** GET dashboard_workflows/: a page of the organisation's workflows, searched by name. */
  dashboardWorkflows: (query: { search: string; limit: number; offset: number }, signal?: AbortSignal) =>
    analyticsService.get<ServiceAnswer<'dashboard_workflows'>>('dashboard_workflows/', {
      query: {
        status: 'all',
        search: query.search.trim() || undefined,
        limit: query.limit,
        offset: query.offset,
      },
      signal,
      kind: 'analytics.dashboard_workflows',
    }),

  /**
   * POST save_filter/ (JSON): keeps the applied filter as a temporary saved filter; its id is the report
   * link's fs_id. The period goes as its days and its date choice (applied_date_object).
   */
  saveFilter: (query: AnalyticsQuery, date: { value: string; label: string }, signal?: AbortSignal) =>
    analyticsService.postJson<ServiceAnswer<'save_filter'>>(
      'save_filter/',
      {
        name: 'temporary_saved_filter',
        is_temporary: true,
        saved_data: { ...selectionFields(query), applied_date_object: date },
      },
      { signal, kind: 'analytics.save_filter' },
    ),

  /** GET save_filter/?filterId=: a saved filter of the organisation (fs_id). */
  savedFilter: (filterId: number, signal?: AbortSignal) =>
    analyticsService.get<ServiceAnswer<'saved_filter'>>('save_filter/', {
      query: { filterId },
      signal,
      kind: 'analytics.saved_filter',
    }),

  /**
   * A report's export: the report call with the shared selection of its query, its own fields (search,
   * tab, sort ...) and export_analytics=1, export_format csv or xlsx. The service queues the file and
   * emails its link; the answer names the address. Exports are their own kind, so an export never cancels
   * the report's load (nor a load the export).
   */
  exportReport: (request: AnalyticsExportRequest, signal?: AbortSignal) =>
    analyticsService.post<AnalyticsExportAnswer & { success: true }>(
      `${request.call}/`,
      {
        ...selectionFields(request.query),
        ...request.fields,
        export_analytics: 1,
        export_format: request.format,
      },
      { signal, kind: `analytics.export.${request.call}` },
    ),

  /** POST campaign_workflow_dropdown/: the organisation's campaigns and workflows by name. */
  campaignWorkflowDropdown: (signal?: AbortSignal) => report('campaign_workflow_dropdown', {}, signal),
};

export type AnalyticsApi = typeof analyticsApi;
