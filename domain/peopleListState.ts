import type { PeoplePage, PeopleTab, PeopleTabCounts, PersonRow } from './audiencePeople.ts';

/**
 * The People screen's list state (spec 02 section 4), React-free: each tab's loaded rows, its total,
 * whether that total is being counted for a new search or filters (not known yet), whether rows follow the
 * loaded ones, and whether it must be loaded again ("cleanup") before it is shown. Every function returns
 * a new state.
 */
export type PeopleTabState = {
  rows: PersonRow[];
  total: number;
  counting: boolean;
  hasMore: boolean;
  stale: boolean;
};
export type PeopleListState = Record<PeopleTab, PeopleTabState>;

/** Rows picked one by one, or every row of a tab's search and filters but the excluded ones. */
export type PeopleRowSelection =
  | { mode: 'ids'; ids: readonly number[] }
  | { mode: 'all'; excluded: readonly number[] };

const emptyTab = (): PeopleTabState => ({ rows: [], total: 0, counting: true, hasMore: false, stale: true });
export const initialPeopleListState = (): PeopleListState => ({
  all: emptyTab(),
  profiled: emptyTab(),
  unprofiled: emptyTab(),
});

const TABS: readonly PeopleTab[] = ['all', 'profiled', 'unprofiled'];

/** The tab a person belongs to besides All. */
export const ownTab = (person: Pick<PersonRow, 'personality_type'>): PeopleTab =>
  person.personality_type ? 'profiled' : 'unprofiled';
/** Whether a person is in a tab (All holds everyone). */
export const inTab = (person: Pick<PersonRow, 'personality_type'>, tab: PeopleTab): boolean =>
  tab === 'all' || ownTab(person) === tab;

function mapTabs(
  state: PeopleListState,
  change: (tab: PeopleTab, current: PeopleTabState) => PeopleTabState,
) {
  return Object.fromEntries(TABS.map((tab) => [tab, change(tab, state[tab])])) as PeopleListState;
}

/**
 * A page arrived: offset 0 replaces the tab's rows, a later page is appended (rows already shown skipped).
 * A whole tab's page brings its total; a searched or filtered one leaves the total to countsLoaded.
 */
export function pageLoaded(
  state: PeopleListState,
  tab: PeopleTab,
  offset: number,
  page: PeoplePage,
): PeopleListState {
  const current = state[tab];
  const shown = new Set(offset === 0 ? [] : current.rows.map((row) => row.contact_id));
  const rows =
    offset === 0 ? page.data : [...current.rows, ...page.data.filter((row) => !shown.has(row.contact_id))];
  const counted =
    page.total_count === null
      ? { total: current.total, counting: current.counting }
      : { total: page.total_count, counting: false };
  return { ...state, [tab]: { rows, ...counted, hasMore: page.has_more, stale: false } };
}

/** The three totals arrived (people_tab_counts/). */
export function countsLoaded(state: PeopleListState, counts: PeopleTabCounts): PeopleListState {
  return mapTabs(state, (tab, current) => ({ ...current, total: counts[tab], counting: false }));
}

/** A new search, filters or sort: every tab loads again and its total is unknown until counted. */
export function scopeChanged(state: PeopleListState): PeopleListState {
  return mapTabs(state, (_tab, current) => ({ ...current, stale: true, counting: true }));
}

/**
 * A contact was created: it goes at the top of All and of its own tab (Profiled or Unprofiled), whose
 * totals rise; the other tab is marked for cleanup (loaded again when next shown).
 */
export function contactCreated(state: PeopleListState, person: PersonRow): PeopleListState {
  const own = ownTab(person);
  return mapTabs(state, (tab, current) => {
    if (tab === 'all' || tab === own)
      return {
        ...current,
        rows: [person, ...current.rows.filter((row) => row.contact_id !== person.contact_id)],
        total: current.total + 1,
      };
    return { ...current, stale: true };
  });
}

/** A contact was edited: its rows are replaced; moved between Profiled and Unprofiled, both tabs follow. */
export function contactUpdated(state: PeopleListState, person: PersonRow): PeopleListState {
  const own = ownTab(person);
  return mapTabs(state, (tab, current) => {
    const had = current.rows.some((row) => row.contact_id === person.contact_id);
    if (tab !== 'all' && tab !== own && had)
      return {
        ...current,
        rows: current.rows.filter((row) => row.contact_id !== person.contact_id),
        total: current.total - 1,
      };
    if (tab === own && !had && tab !== 'all') return { ...current, stale: true };
    return {
      ...current,
      rows: current.rows.map((row) => (row.contact_id === person.contact_id ? person : row)),
    };
  });
}

function knownPeople(state: PeopleListState): Map<number, PersonRow> {
  const known = new Map<number, PersonRow>();
  for (const tab of TABS) for (const row of state[tab].rows) known.set(row.contact_id, row);
  return known;
}

/** Selected contacts were deleted (by ids): they leave every tab and each total falls by its own. */
export function contactsDeleted(state: PeopleListState, ids: readonly number[]): PeopleListState {
  const gone = new Set(ids);
  const known = knownPeople(state);
  const goneRows = ids.map((id) => known.get(id)).filter((row): row is PersonRow => row !== undefined);
  return mapTabs(state, (tab, current) => {
    const fewer = tab === 'all' ? ids.length : goneRows.filter((row) => inTab(row, tab)).length;
    return {
      ...current,
      rows: current.rows.filter((row) => !gone.has(row.contact_id)),
      total: Math.max(0, current.total - fewer),
    };
  });
}

/**
 * Delete-all with excluded ids in a tab: that tab keeps only its excluded rows and its total falls by the
 * number deleted; in the other tabs the deleted people's rows go (a row of the tab not excluded). In a
 * searched or filtered view the other tabs' totals count that search, which the screen cannot know for
 * certain, so they are marked for cleanup; in the normal view All's total falls by the number deleted too
 * and the split tabs are recounted on their next showing.
 */
export function allDeleted(
  state: PeopleListState,
  input: { tab: PeopleTab; excluded: readonly number[]; deletedCount: number; searched: boolean },
): PeopleListState {
  const kept = new Set(input.excluded);
  const deleted = (row: PersonRow) => inTab(row, input.tab) && !kept.has(row.contact_id);
  return mapTabs(state, (tab, current) => {
    const rows = current.rows.filter((row) => !deleted(row));
    if (tab === input.tab)
      return { ...current, rows, total: Math.max(0, current.total - input.deletedCount), stale: false };
    if (input.searched) return { ...current, rows, stale: true };
    if (tab === 'all') return { ...current, rows, total: Math.max(0, current.total - input.deletedCount) };
    // A split tab after a delete-all in All or in the other split tab.
    if (input.tab === 'all') return { ...current, rows, stale: true };
    return { ...current, rows };
  });
}

const covers = (selection: PeopleRowSelection, tab: PeopleTab, row: PersonRow) =>
  selection.mode === 'ids'
    ? selection.ids.includes(row.contact_id)
    : inTab(row, tab) && !selection.excluded.includes(row.contact_id);

/** A buyer stage change patches the selected people's rows already loaded, in every tab. */
export function buyerStagePatched(
  state: PeopleListState,
  selection: PeopleRowSelection,
  tab: PeopleTab,
  stage: string,
): PeopleListState {
  return mapTabs(state, (_t, current) => ({
    ...current,
    rows: current.rows.map((row) => (covers(selection, tab, row) ? { ...row, buyer_stage: stage } : row)),
  }));
}

/** Adding to a list marks the selected people's loaded rows as in the list. */
export function addedToList(
  state: PeopleListState,
  selection: PeopleRowSelection,
  tab: PeopleTab,
): PeopleListState {
  return mapTabs(state, (_t, current) => ({
    ...current,
    rows: current.rows.map((row) => (covers(selection, tab, row) ? { ...row, is_list_contact: true } : row)),
  }));
}
