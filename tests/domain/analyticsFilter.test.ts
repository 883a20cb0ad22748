import { describe, expect, it } from 'vitest';
import {
  type AnalyticsFilterState,
  analyticsFilterReducer,
  DEFAULT_FILTER,
  type EmailOption,
  emailChoiceSummary,
  emailChosen,
  type FilterEvent,
  filterEdited,
  filterSummary,
} from '../../domain/analyticsFilter.ts';

const start: AnalyticsFilterState = { selected: DEFAULT_FILTER, applied: DEFAULT_FILTER };
const run = (...events: FilterEvent[]) => events.reduce(analyticsFilterReducer, start);

const launch: EmailOption = { id: 1, name: 'Launch day' };
const launch2: EmailOption = { id: 2, name: 'Launch recap' };
const digest: EmailOption = { id: 3, name: 'Weekly digest', subject: 'Your launch news' };
const other: EmailOption = { id: 4, name: 'Webinar' };
const all = [launch, launch2, digest, other];
const chosen = (state: AnalyticsFilterState) =>
  all.filter((e) => emailChosen(state.selected.emails, e)).map((e) => e.id);

describe('analytics filter: selected and applied sets', () => {
  it('edits change the selected set only; apply copies it, unset drops the edits, reset clears both', () => {
    const edited = run({ type: 'period', option: 'month' }, { type: 'campaigns', ids: [4, 5] });
    expect(edited.selected.option).toBe('month');
    expect(edited.selected.campaignIds).toEqual([4, 5]);
    expect(edited.applied).toEqual(DEFAULT_FILTER);
    expect(filterEdited(edited)).toBe(true);
    const applied = analyticsFilterReducer(edited, { type: 'apply' });
    expect(applied.applied).toEqual(edited.selected);
    expect(filterEdited(applied)).toBe(false);
    const again = analyticsFilterReducer(applied, { type: 'campaigns', ids: [9] });
    expect(analyticsFilterReducer(again, { type: 'unset' }).selected.campaignIds).toEqual([4, 5]);
    expect(analyticsFilterReducer(applied, { type: 'reset' })).toEqual(start);
  });

  it('the workflow filter clears the campaigns and opens all time unless a period was chosen', () => {
    const state = run({ type: 'campaigns', ids: [4] }, { type: 'workflows', ids: [7] });
    expect(state.selected.campaignIds).toEqual([]);
    expect(state.selected.workflowIds).toEqual([7]);
    expect(state.selected.option).toBe('all');
    expect(run({ type: 'workflows', ids: [7] }, { type: 'workflows', ids: [] }).selected.option).toBe('qtr');
    const chosenPeriod = run({ type: 'period', option: 'week' }, { type: 'workflows', ids: [7] });
    expect(chosenPeriod.selected.option).toBe('week');
    // Choosing campaigns again leaves the workflows.
    expect(
      run({ type: 'workflows', ids: [7] }, { type: 'campaigns', ids: [4] }).selected.workflowIds,
    ).toEqual([]);
  });

  it('select all and clear all without a search take every email or none', () => {
    expect(chosen(start)).toEqual([1, 2, 3, 4]);
    const none = run({ type: 'clearAllEmails', term: '  ', shown: all });
    expect(none.selected.emails).toEqual({ base: 'none', include: [], exclude: [], searches: [] });
    expect(chosen(none)).toEqual([]);
    const every = run(
      { type: 'clearAllEmails', term: '', shown: all },
      { type: 'selectAllEmails', term: '', shown: all },
    );
    expect(every.selected.emails.base).toBe('all');
    expect(chosen(every)).toEqual([1, 2, 3, 4]);
  });

  it('select all with a search adds the search (name or subject), clear all with it takes its results out', () => {
    const state = run(
      { type: 'clearAllEmails', term: '', shown: all },
      { type: 'selectAllEmails', term: ' launch ', shown: [launch, launch2, digest] },
    );
    expect(state.selected.emails.searches).toEqual([{ term: 'launch', select_all: true, email_ids: [] }]);
    expect(chosen(state)).toEqual([1, 2, 3]);
    const cleared = analyticsFilterReducer(state, {
      type: 'clearAllEmails',
      term: 'launch',
      shown: [launch, launch2, digest],
    });
    expect(cleared.selected.emails.searches).toEqual([]);
    expect(chosen(cleared)).toEqual([]);
    // From every email, clearing a search's results takes exactly those out.
    const fromAll = run({ type: 'clearAllEmails', term: 'recap', shown: [launch2] });
    expect(fromAll.selected.emails).toMatchObject({ base: 'default', exclude: [2] });
    expect(chosen(fromAll)).toEqual([1, 3, 4]);
    expect(
      analyticsFilterReducer(fromAll, { type: 'selectAllEmails', term: 'recap', shown: [launch2] }).selected
        .emails.exclude,
    ).toEqual([]);
  });

  it('one email at a time: picked from none, taken out of all, and out of a selected search', () => {
    const picked = run(
      { type: 'clearAllEmails', term: '', shown: all },
      { type: 'email', email: other, on: true },
    );
    expect(picked.selected.emails).toMatchObject({ base: 'none', include: [4] });
    expect(chosen(picked)).toEqual([4]);
    const firstPick = run({ type: 'email', email: other, on: false });
    expect(firstPick.selected.emails).toMatchObject({ base: 'default', exclude: [4] });
    const searched = run(
      { type: 'clearAllEmails', term: '', shown: all },
      { type: 'selectAllEmails', term: 'launch', shown: [launch, launch2, digest] },
      { type: 'email', email: launch2, on: false },
    );
    expect(chosen(searched)).toEqual([1, 3]);
    expect(
      analyticsFilterReducer(searched, { type: 'email', email: launch2, on: true }).selected.emails.exclude,
    ).toEqual([]);
  });

  it('says what the filter holds in a few words', () => {
    expect(filterSummary(DEFAULT_FILTER)).toEqual(['1 QTR', 'All campaigns', 'All emails']);
    // A workflow report counts all time unless a period was chosen, and every workflow when none is.
    expect(filterSummary({ ...DEFAULT_FILTER, campaignIds: [4] }, true)).toEqual([
      'All time',
      'All workflows',
      'All emails',
    ]);
    expect(
      filterSummary({ ...DEFAULT_FILTER, option: 'month', dateChosen: true, workflowIds: [2] }, true),
    ).toEqual(['Month', '1 workflow', 'All emails']);
    const state = run(
      { type: 'customRange', start: '2026-09-01', end: '2026-10-01' },
      { type: 'workflows', ids: [3, 4] },
      { type: 'clearAllEmails', term: '', shown: all },
      { type: 'email', email: other, on: true },
      { type: 'selectAllEmails', term: 'launch', shown: [launch] },
      { type: 'testEmails', on: true },
    );
    expect(filterSummary(state.selected)).toEqual([
      '2026-09-01 to 2026-10-01',
      '2 workflows',
      '1 email and all matching “launch”',
      'Test sends',
    ]);
    expect(emailChoiceSummary({ base: 'all', include: [], exclude: [1, 2], searches: [] })).toBe(
      'All emails but 2 emails',
    );
    expect(emailChoiceSummary({ base: 'none', include: [], exclude: [], searches: [] })).toBe('No emails');
  });
});
