import { produce } from 'immer';
import {
  type DateOption,
  DEFAULT_DATE_OPTION,
  dateOptionLabel,
  type PeriodChoice,
  WORKFLOW_DATE_OPTION,
} from './analyticsPeriod.ts';
import type { AnalyticsSearchEntry } from './analyticsSchemas.ts';
import { countOf } from './countOf.ts';

/**
 * The emails of a report. `base` is where the choice starts: every email (`default`, nothing chosen yet;
 * `all`, after Select all) or none (after Clear all or a first pick), then emails picked one by one
 * (`include`), emails taken out (`exclude`) and searches whose every result was selected (`searches`).
 */
export type EmailChoice = {
  base: 'default' | 'all' | 'none';
  include: number[];
  exclude: number[];
  searches: AnalyticsSearchEntry[];
};

/** What one analytics report counts: the period, campaigns or workflows (never both), emails, test sends. */
export type AnalyticsFilterSet = PeriodChoice & {
  /** The period was chosen by the user (else it follows the workflow rule). */
  dateChosen: boolean;
  campaignIds: number[];
  workflowIds: number[];
  emails: EmailChoice;
  testEmails: boolean;
};

/** The filter being edited (`selected`) and the one the reports show (`applied`). */
export type AnalyticsFilterState = { selected: AnalyticsFilterSet; applied: AnalyticsFilterSet };

export const NO_EMAIL_CHOICE: EmailChoice = { base: 'default', include: [], exclude: [], searches: [] };

export const DEFAULT_FILTER: AnalyticsFilterSet = {
  option: DEFAULT_DATE_OPTION,
  customStart: null,
  customEnd: null,
  dateChosen: false,
  campaignIds: [],
  workflowIds: [],
  emails: NO_EMAIL_CHOICE,
  testEmails: false,
};

/** An email as the filter's list shows it. */
export type EmailOption = { id: number; name: string; subject?: string };

const matches = (email: EmailOption, term: string) => {
  const t = term.trim().toLowerCase();
  return email.name.toLowerCase().includes(t) || (email.subject ?? '').toLowerCase().includes(t);
};

/** Whether an email is in the choice (a search matches its name or subject, case-insensitively). */
export function emailChosen(choice: EmailChoice, email: EmailOption): boolean {
  if (choice.exclude.includes(email.id)) return false;
  if (choice.base !== 'none') return true;
  if (choice.include.includes(email.id)) return true;
  return choice.searches.some((s) => s.select_all && matches(email, s.term));
}

const without = (list: readonly number[], ids: readonly number[]) => list.filter((id) => !ids.includes(id));
const withAll = (list: readonly number[], ids: readonly number[]) => [...new Set([...list, ...ids])];

export type FilterEvent =
  | { type: 'period'; option: DateOption }
  | { type: 'customRange'; start: string | null; end: string | null }
  | { type: 'campaigns'; ids: number[] }
  | { type: 'workflows'; ids: number[] }
  | { type: 'email'; email: EmailOption; on: boolean }
  /** Select all: every email (blank term) or every result of the search (`shown`: the results listed). */
  | { type: 'selectAllEmails'; term: string; shown: EmailOption[] }
  /** Clear all: no email (blank term) or none of the search's results. */
  | { type: 'clearAllEmails'; term: string; shown: EmailOption[] }
  | { type: 'testEmails'; on: boolean }
  /** The selected filter becomes the applied one. */
  | { type: 'apply' }
  /** The edits are dropped: the selected filter is the applied one again. */
  | { type: 'unset' }
  /** Both back to the defaults. */
  | { type: 'reset' }
  /** An address changed from outside (a link, Back): both become the filter it names. */
  | { type: 'follow'; set: AnalyticsFilterSet };

function selectAll(choice: EmailChoice, term: string, shown: EmailOption[]): EmailChoice {
  const t = term.trim();
  if (t === '') return { base: 'all', include: [], exclude: [], searches: [] };
  const ids = shown.map((e) => e.id);
  if (choice.base !== 'none') return { ...choice, exclude: without(choice.exclude, ids) };
  return {
    ...choice,
    exclude: without(choice.exclude, ids),
    include: without(choice.include, ids),
    searches: [...choice.searches.filter((s) => s.term !== t), { term: t, select_all: true, email_ids: [] }],
  };
}

function clearAll(choice: EmailChoice, term: string, shown: EmailOption[]): EmailChoice {
  const t = term.trim();
  if (t === '') return { base: 'none', include: [], exclude: [], searches: [] };
  const ids = shown.map((e) => e.id);
  if (choice.base !== 'none') return { ...choice, exclude: withAll(choice.exclude, ids) };
  const next: EmailChoice = {
    ...choice,
    include: without(choice.include, ids),
    searches: choice.searches.filter((s) => s.term !== t),
  };
  // A result another search still covers is taken out by name.
  const still = shown.filter((e) => emailChosen(next, e)).map((e) => e.id);
  return { ...next, exclude: withAll(next.exclude, still) };
}

function toggle(choice: EmailChoice, email: EmailOption, on: boolean): EmailChoice {
  if (on) {
    const next = { ...choice, exclude: without(choice.exclude, [email.id]) };
    if (emailChosen(next, email)) return next;
    return { ...next, base: 'none', include: withAll(next.include, [email.id]) };
  }
  const next = { ...choice, include: without(choice.include, [email.id]) };
  return emailChosen(next, email) ? { ...next, exclude: withAll(next.exclude, [email.id]) } : next;
}

/** The selected filter after one edit (React-free; the screen holds the state). */
function edit(set: AnalyticsFilterSet, event: FilterEvent): AnalyticsFilterSet {
  return produce(set, (draft) => {
    switch (event.type) {
      case 'period':
        draft.option = event.option;
        draft.dateChosen = true;
        return;
      case 'customRange':
        draft.option = 'custom';
        draft.customStart = event.start;
        draft.customEnd = event.end;
        draft.dateChosen = true;
        return;
      case 'campaigns':
        draft.campaignIds = [...new Set(event.ids)];
        // Campaigns and workflows are two kinds of report: choosing campaigns leaves the workflows.
        if (event.ids.length > 0) draft.workflowIds = [];
        if (!draft.dateChosen) draft.option = DEFAULT_DATE_OPTION;
        return;
      case 'workflows':
        draft.workflowIds = [...new Set(event.ids)];
        // The workflow filter clears the campaigns; its period defaults to all time.
        if (event.ids.length > 0) draft.campaignIds = [];
        if (!draft.dateChosen)
          draft.option = event.ids.length > 0 ? WORKFLOW_DATE_OPTION : DEFAULT_DATE_OPTION;
        return;
      case 'email':
        draft.emails = toggle(set.emails, event.email, event.on);
        return;
      case 'selectAllEmails':
        draft.emails = selectAll(set.emails, event.term, event.shown);
        return;
      case 'clearAllEmails':
        draft.emails = clearAll(set.emails, event.term, event.shown);
        return;
      case 'testEmails':
        draft.testEmails = event.on;
        return;
    }
  });
}

/** The filter state after an event: edits change the selected set; apply, unset and reset move both. */
export function analyticsFilterReducer(
  state: AnalyticsFilterState,
  event: FilterEvent,
): AnalyticsFilterState {
  switch (event.type) {
    case 'apply':
      return { ...state, applied: state.selected };
    case 'unset':
      return { ...state, selected: state.applied };
    case 'reset':
      return { selected: DEFAULT_FILTER, applied: DEFAULT_FILTER };
    case 'follow':
      return { selected: event.set, applied: event.set };
    default:
      return { ...state, selected: edit(state.selected, event) };
  }
}

/** Whether a filter set is the default one (nothing to clear). */
export function isDefaultFilter(set: AnalyticsFilterSet): boolean {
  return JSON.stringify(set) === JSON.stringify(DEFAULT_FILTER);
}

/** Whether the selected filter differs from the applied one (Apply has something to do). */
export function filterEdited(state: AnalyticsFilterState): boolean {
  return JSON.stringify(state.selected) !== JSON.stringify(state.applied);
}

/** What an email choice holds, in words: "All emails", "All emails but 2 emails", "3 emails and all matching “launch”". */
export function emailChoiceSummary(choice: EmailChoice): string {
  const but = choice.exclude.length > 0 ? ` but ${countOf(choice.exclude.length, 'email', 'emails')}` : '';
  if (choice.base !== 'none') return `All emails${but}`;
  const parts: string[] = [];
  if (choice.include.length > 0) parts.push(countOf(choice.include.length, 'email', 'emails'));
  for (const search of choice.searches) parts.push(`all matching “${search.term}”`);
  if (parts.length === 0) return 'No emails';
  return `${parts.join(' and ')}${but ? `,${but}` : ''}`;
}

/**
 * The applied filter in a few words, for the filter bar: period, campaigns or workflows, emails, test.
 * `forWorkflows`: as a workflow report counts it (workflowQueryOf): all time unless a period was chosen,
 * its workflows (all of them when none is chosen), and no emails picked among campaigns.
 */
export function filterSummary(set: AnalyticsFilterSet, forWorkflows = false): string[] {
  const option = forWorkflows && !set.dateChosen ? WORKFLOW_DATE_OPTION : set.option;
  const period =
    option === 'custom' && set.customStart && set.customEnd
      ? `${set.customStart} to ${set.customEnd}`
      : dateOptionLabel(option);
  const sends =
    set.workflowIds.length > 0
      ? countOf(set.workflowIds.length, 'workflow', 'workflows')
      : forWorkflows
        ? 'All workflows'
        : set.campaignIds.length > 0
          ? countOf(set.campaignIds.length, 'campaign', 'campaigns')
          : 'All campaigns';
  const emails = forWorkflows && set.campaignIds.length > 0 ? NO_EMAIL_CHOICE : set.emails;
  const parts = [period, sends, emailChoiceSummary(emails)];
  if (set.testEmails) parts.push('Test sends');
  return parts;
}
