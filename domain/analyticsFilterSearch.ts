import {
  type AnalyticsFilterSet,
  DEFAULT_FILTER,
  type EmailChoice,
  NO_EMAIL_CHOICE,
} from './analyticsFilter.ts';
import {
  DEFAULT_DATE_OPTION,
  isDateOption,
  type PeriodDates,
  periodDates,
  WORKFLOW_DATE_OPTION,
} from './analyticsPeriod.ts';
import type { SavedFilterData } from './analyticsSchemas.ts';

/**
 * The applied filter in the address, so a report is a link: campaign_id, email_id and workflow_id (comma
 * lists), test_email=1, and the period (date, with start_date and end_date for Custom). Defaults are left
 * out. Emails travel as the ids picked one by one; a choice made by Select all or a search stays on the
 * screen only (a saved filter, fs_id, keeps it).
 */
export type AnalyticsFilterSearch = {
  campaign_id?: string;
  email_id?: string;
  workflow_id?: string;
  test_email?: string;
  date?: string;
  start_date?: string;
  end_date?: string;
};

/** Every address parameter of the applied filter, the saved filter's fs_id among them. */
export const ANALYTICS_FILTER_PARAMS = [
  'fs_id',
  'campaign_id',
  'email_id',
  'workflow_id',
  'test_email',
  'date',
  'start_date',
  'end_date',
] as const satisfies readonly (keyof AnalyticsFilterSearch | 'fs_id')[];

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function idsOf(value: unknown): number[] {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value : '';
  return [
    ...new Set(
      text
        .split(',')
        .map((part) => Number(part.trim()))
        .filter((n) => Number.isInteger(n) && n > 0),
    ),
  ];
}

const dayOf = (value: unknown) => (typeof value === 'string' && DAY.test(value) ? value : null);

/** The filter an address names (unknown or broken values are left out). */
export function filterFromSearch(search: Record<string, unknown>): AnalyticsFilterSet {
  const campaignIds = idsOf(search.campaign_id);
  const workflowIds = idsOf(search.workflow_id);
  const emailIds = idsOf(search.email_id);
  const chosenDate = isDateOption(search.date) ? search.date : null;
  const emails: EmailChoice =
    emailIds.length > 0 ? { base: 'none', include: emailIds, exclude: [], searches: [] } : NO_EMAIL_CHOICE;
  return {
    ...DEFAULT_FILTER,
    option: chosenDate ?? (workflowIds.length > 0 ? WORKFLOW_DATE_OPTION : DEFAULT_DATE_OPTION),
    dateChosen: chosenDate !== null,
    customStart: chosenDate === 'custom' ? dayOf(search.start_date) : null,
    customEnd: chosenDate === 'custom' ? dayOf(search.end_date) : null,
    // Workflows win over campaigns, as in the filter.
    campaignIds: workflowIds.length > 0 ? [] : campaignIds,
    workflowIds,
    emails,
    testEmails: search.test_email === '1' || search.test_email === 1 || search.test_email === 'true',
  };
}

/** The address's search for a filter (defaults left out). */
export function filterToSearch(set: AnalyticsFilterSet): AnalyticsFilterSearch {
  const out: AnalyticsFilterSearch = {};
  if (set.campaignIds.length > 0) out.campaign_id = set.campaignIds.join(',');
  if (set.workflowIds.length > 0) out.workflow_id = set.workflowIds.join(',');
  if (set.emails.base === 'none' && set.emails.include.length > 0)
    out.email_id = set.emails.include.join(',');
  if (set.testEmails) out.test_email = '1';
  if (set.dateChosen) {
    out.date = set.option;
    if (set.option === 'custom') {
      if (set.customStart) out.start_date = set.customStart;
      if (set.customEnd) out.end_date = set.customEnd;
    }
  }
  return out;
}

/** What a report asks the analytics service for: the period's days and the choice of sends. */
export type AnalyticsQuery = PeriodDates & {
  campaignIds: number[];
  workflowIds: number[];
  emails: EmailChoice;
  testEmails: boolean;
};

export function analyticsQueryOf(set: AnalyticsFilterSet, today: string): AnalyticsQuery {
  return {
    ...periodDates(set, today, set.workflowIds.length > 0),
    campaignIds: set.campaignIds,
    workflowIds: set.workflowIds,
    emails: set.emails,
    testEmails: set.testEmails,
  };
}

/**
 * What a workflow report asks for: the applied filter in workflow mode, its workflows (none chosen: every
 * one), counting all time unless a period was chosen. A choice of campaigns does not apply, nor the
 * emails picked among those campaigns.
 */
export function workflowQueryOf(set: AnalyticsFilterSet, today: string): AnalyticsQuery {
  const period = set.dateChosen ? set : { ...set, option: WORKFLOW_DATE_OPTION };
  return {
    ...periodDates(period, today, true),
    campaignIds: [],
    workflowIds: set.workflowIds,
    emails: set.campaignIds.length > 0 ? NO_EMAIL_CHOICE : set.emails,
    testEmails: set.testEmails,
  };
}

/**
 * Whether the address alone can carry a filter (else a saved filter, fs_id, keeps it): an email choice
 * made with Select all, a search or exclusions is not in the address's parameters.
 */
export function addressCarries(set: AnalyticsFilterSet): boolean {
  return JSON.stringify(filterFromSearch(filterToSearch(set))) === JSON.stringify(set);
}

/** The filter a saved filter keeps (save_filter/'s saved_data as the service answers it). */
export function filterFromSaved(saved: SavedFilterData): AnalyticsFilterSet {
  const chosenDate = isDateOption(saved.applied_date_object?.value) ? saved.applied_date_object.value : null;
  const workflowIds = saved.workflow_ids;
  const base: EmailChoice['base'] = saved.select_all ? 'all' : saved.unselect_all ? 'none' : 'default';
  return {
    ...DEFAULT_FILTER,
    option: chosenDate ?? (workflowIds.length > 0 ? WORKFLOW_DATE_OPTION : DEFAULT_DATE_OPTION),
    dateChosen: chosenDate !== null,
    customStart: chosenDate === 'custom' ? saved.start_date : null,
    customEnd: chosenDate === 'custom' ? saved.end_date : null,
    campaignIds: workflowIds.length > 0 ? [] : saved.campaign_ids,
    workflowIds,
    emails: {
      base: base === 'default' && saved.include_emails.length > 0 ? 'none' : base,
      include: saved.include_emails,
      exclude: saved.exclude_emails,
      searches: saved.search_list,
    },
    testEmails: saved.is_test_email,
  };
}
