import type { AnalyticsAccountAnswers } from '../../domain/analyticsAccountTypes.ts';
import type {
  ACCOUNT_SORTS,
  CONTENT_SORTS,
  ContactSort,
  ContactTab,
} from '../../domain/analyticsContactSchemas.ts';
import type { AnalyticsContactAnswers } from '../../domain/analyticsContactTypes.ts';
import type { AnalyticsQuery } from '../../domain/analyticsFilterSearch.ts';
import type { InsightDirection, ListAnalyticsSort } from '../../domain/analyticsListInsightSchemas.ts';
import type { AnalyticsListInsightAnswers } from '../../domain/analyticsListInsightTypes.ts';
import {
  accountsReportFields,
  contactsReportFields,
  contentReportFields,
  insightsReportFields,
  listsReportFields,
} from '../../domain/analyticsReportFields.ts';
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
const report = <
  K extends
    | keyof AnalyticsAnswers
    | keyof AnalyticsAccountAnswers
    | keyof AnalyticsListInsightAnswers
    | 'campaign_workflow_dropdown',
>(
  call: K,
  fields: FormFields,
  signal?: AbortSignal,
) => analyticsService.post<ServiceAnswer<K>>(`${call}/`, fields, { signal, kind: `analytics.${call}` });

export type AccountSort = (typeof ACCOUNT_SORTS)[number];
export type ContentSort = (typeof CONTENT_SORTS)[number];

/** A listing's search, filter and sort ("column.ASC", "column.DESC" or "none"). */
export type ListingChoice<S extends string, F extends string = 'all' | 'opened' | 'clicked'> = {
  search: string;
  filter?: F;
  sort: `${S}.${'ASC' | 'DESC'}` | 'none';
};

const pageFields = (query: AnalyticsPageQuery): FormFields => ({
  ...selectionFields(query),
  limit: query.limit,
  offset: query.offset,
});

/** A contact call's POST, of its own kind (a newer call of the kind cancels the one in flight). */
const contactCall = <K extends keyof AnalyticsContactAnswers>(
  call: string,
  fields: FormFields,
  signal?: AbortSignal,
  kind = `analytics.${call}`,
) => analyticsService.post<ServiceAnswer<K>>(`${call}/`, fields, { signal, kind });

export type ContactsListingQuery = AnalyticsPageQuery & {
  tab: ContactTab;
  search: string;
  /** A column and direction; none: the latest activity first. */
  sort: { by: ContactSort; type: 'ASC' | 'DESC' } | null;
};

export type ContactPageQuery = { contact_id: number; limit: number; offset: number };

const contactsListingFields = (query: ContactsListingQuery): FormFields => ({
  ...pageFields(query),
  ...contactsReportFields(query),
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

  /**
   * POST dashboard_workflow_graph/: a page of the workflows (the chosen ones, else every one) with their
   * counts; a workflow report counts all time unless a period was chosen.
   */
  workflowGraph: (query: AnalyticsPageQuery, signal?: AbortSignal) =>
    report('dashboard_workflow_graph', { ...pageFields(query), is_workflow: 1 }, signal),

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

  /** POST contacts_listing/: a page of a contact tab under the filter, searched and sorted. */
  contactsListing: (query: ContactsListingQuery, signal?: AbortSignal) =>
    contactCall<'contacts_listing'>('contacts_listing', contactsListingFields(query), signal),

  /** POST contacts_listing/ with list_create: a new list named list_name of every contact of the tab. */
  createListFromContacts: (query: ContactsListingQuery & { listName: string }, signal?: AbortSignal) =>
    contactCall<'contacts_listing_list'>(
      'contacts_listing',
      { ...contactsListingFields(query), list_create: 1, list_name: query.listName },
      signal,
      'analytics.contacts_listing.list_create',
    ),

  /** POST contact_listing_tab_counts/: how many contacts each tab holds under the filter and search. */
  contactTabCounts: (query: AnalyticsQuery & { search: string }, signal?: AbortSignal) =>
    contactCall<'contact_listing_tab_counts'>(
      'contact_listing_tab_counts',
      { ...selectionFields(query), search_word: query.search.trim() || undefined },
      signal,
    ),

  /** POST contact_dashboard/: a contact's details, engagement and a page of its subscribed campaigns. */
  contactDashboard: (query: ContactPageQuery, signal?: AbortSignal) =>
    contactCall<'contact_dashboard'>('contact_dashboard', { ...query }, signal),

  /** POST contact_audit_trail/: a page of a contact's activities over the days given (none: all time). */
  contactAuditTrail: (
    query: ContactPageQuery & { startDate: string | null; endDate: string | null },
    signal?: AbortSignal,
  ) =>
    contactCall<'contact_audit_trail'>(
      'contact_audit_trail',
      {
        contact_id: query.contact_id,
        limit: query.limit,
        offset: query.offset,
        start_date: query.startDate ?? undefined,
        end_date: query.endDate ?? undefined,
      },
      signal,
    ),

  /** POST contact_email_engagement/: a page of the filter's emails sent to a contact, latest first. */
  contactEmailEngagement: (query: AnalyticsPageQuery & { contact_id: number }, signal?: AbortSignal) =>
    contactCall<'contact_email_engagement'>(
      'contact_email_engagement',
      { ...pageFields(query), contact_id: query.contact_id },
      signal,
    ),

  /** POST contact_content_engagement/: a page of the articles a contact clicked, most clicked first. */
  contactContentEngagement: (query: ContactPageQuery, signal?: AbortSignal) =>
    contactCall<'contact_content_engagement'>('contact_content_engagement', { ...query }, signal),

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

  /**
   * POST accounts_listing/: a page of the accounts sent to in the period, searched by name, only those
   * that opened or clicked (filter), sorted by a column ASC or DESC (none: most sent first).
   */
  accountsListing: (query: AnalyticsPageQuery & ListingChoice<AccountSort>, signal?: AbortSignal) =>
    report('accounts_listing', { ...pageFields(query), ...accountsReportFields(query) }, signal),

  /**
   * POST lists_analytics/: a page of the organisation's lists with what was sent to each in the period,
   * searched by name, sorted by a column ASC or DESC (none: most sent first).
   */
  listsAnalytics: (
    query: AnalyticsPageQuery & Omit<ListingChoice<ListAnalyticsSort>, 'filter'>,
    signal?: AbortSignal,
  ) => report('lists_analytics', { ...pageFields(query), ...listsReportFields(query) }, signal),

  /** POST weekly_account_insights/: a page of the accounts whose engagement rose (or fell) most this week. */
  weeklyAccountInsights: (
    query: AnalyticsPageQuery & { direction: InsightDirection },
    signal?: AbortSignal,
  ) => report('weekly_account_insights', { ...pageFields(query), ...insightsReportFields(query) }, signal),

  /** POST account_details/: the account, its stats under the selection and a page of its contacts. */
  accountDetails: (query: AnalyticsPageQuery & { accountId: number }, signal?: AbortSignal) =>
    report('account_details', { ...pageFields(query), account_id: query.accountId }, signal),

  /** POST account_email_engagement/: a page of the emails the account's contacts were sent in the period. */
  accountEmailEngagement: (query: AnalyticsPageQuery & { accountId: number }, signal?: AbortSignal) =>
    report('account_email_engagement', { ...pageFields(query), account_id: query.accountId }, signal),

  /** POST account_content_engagement/: a page of the articles the account's contacts clicked. */
  accountContentEngagement: (
    query: { accountId: number; limit: number; offset: number },
    signal?: AbortSignal,
  ) =>
    report(
      'account_content_engagement',
      { account_id: query.accountId, limit: query.limit, offset: query.offset },
      signal,
    ),

  /**
   * POST content_listing/: a page of the articles clicked in the period, each with its first five
   * contacts, searched by title and sorted by a column ASC or DESC (none: most clicked first).
   */
  contentListing: (query: AnalyticsPageQuery & ListingChoice<ContentSort, never>, signal?: AbortSignal) =>
    report('content_listing', { ...pageFields(query), ...contentReportFields(query) }, signal),
};

export type AnalyticsApi = typeof analyticsApi;
