import type { PeopleTab, PersonRow, PersonScore } from './audiencePeople.ts';

/**
 * The rows the People screen shows for one query (tab, search, filters, sort, account), React-free: the
 * query they answer (`key`; null: none loaded yet), the rows loaded since the first page, and whether more
 * follow. Rows are never shown for another query than their own, so a failed or slow load never passes
 * another list's rows (or a single created contact) off as the answer. Every function returns a new state.
 */
export type PeopleListState = {
  key: string | null;
  rows: PersonRow[];
  hasMore: boolean;
};

/** One load's answer: the rows from `start` (0: the list from its first row) for the query `key`. */
export type PeopleRowsPage = {
  key: string;
  start: number;
  rows: PersonRow[];
  hasMore: boolean;
};

/** Rows picked one by one, or every row of the query but the excluded ones. */
export type PeopleRowSelection =
  | { mode: 'ids'; ids: readonly number[] }
  | { mode: 'all'; excluded: readonly number[] };

export const NO_PEOPLE: PeopleListState = { key: null, rows: [], hasMore: false };

/** The tab a person belongs to besides All. */
export const ownTab = (person: Pick<PersonRow, 'personality_type'>): PeopleTab =>
  person.personality_type ? 'profiled' : 'unprofiled';
/** Whether a person is in a tab (All holds everyone). */
export const inTab = (person: Pick<PersonRow, 'personality_type'>, tab: PeopleTab): boolean =>
  tab === 'all' || ownTab(person) === tab;

/**
 * Rows arrived: from the first row (or for another query) they replace what is shown; a later page is
 * appended, rows already shown skipped.
 */
export function rowsLoaded(state: PeopleListState, page: PeopleRowsPage): PeopleListState {
  if (page.start === 0 || state.key !== page.key)
    return { key: page.key, rows: page.rows, hasMore: page.hasMore };
  const shown = new Set(state.rows.map((row) => row.contact_id));
  return {
    key: state.key,
    rows: [...state.rows, ...page.rows.filter((row) => !shown.has(row.contact_id))],
    hasMore: page.hasMore,
  };
}

/**
 * A contact was created: it goes at the top of the rows when it belongs to the tab shown and rows are
 * loaded (nothing loaded stays nothing: the list loads again, never as a list of one).
 */
export function contactCreated(state: PeopleListState, person: PersonRow, tab: PeopleTab): PeopleListState {
  if (state.key === null || !inTab(person, tab)) return state;
  return {
    ...state,
    rows: [person, ...state.rows.filter((row) => row.contact_id !== person.contact_id)],
  };
}

/** A contact was edited: its row is replaced, or leaves a split tab it no longer belongs to. */
export function contactUpdated(state: PeopleListState, person: PersonRow, tab: PeopleTab): PeopleListState {
  const rows = inTab(person, tab)
    ? state.rows.map((row) => (row.contact_id === person.contact_id ? person : row))
    : state.rows.filter((row) => row.contact_id !== person.contact_id);
  return { ...state, rows };
}

/** Selected contacts were deleted (by ids): their rows go. */
export function contactsDeleted(state: PeopleListState, ids: readonly number[]): PeopleListState {
  const gone = new Set(ids);
  return { ...state, rows: state.rows.filter((row) => !gone.has(row.contact_id)) };
}

/** Delete-all with excluded ids: only the excluded rows stay, and nothing follows them. */
export function allDeleted(state: PeopleListState, excluded: readonly number[]): PeopleListState {
  const kept = new Set(excluded);
  return { ...state, rows: state.rows.filter((row) => kept.has(row.contact_id)), hasMore: false };
}

const covers = (selection: PeopleRowSelection, row: PersonRow) =>
  selection.mode === 'ids'
    ? selection.ids.includes(row.contact_id)
    : !selection.excluded.includes(row.contact_id);

/** A buyer stage change patches the selected rows. */
export function buyerStagePatched(
  state: PeopleListState,
  selection: PeopleRowSelection,
  stage: string,
): PeopleListState {
  return {
    ...state,
    rows: state.rows.map((row) => (covers(selection, row) ? { ...row, buyer_stage: stage } : row)),
  };
}

/**
 * The scores and stages the buyer journey computed since the rows were loaded: each loaded row of a contact
 * in `scores` takes its score and stage (the same state when nothing moved).
 */
export function scoresPatched(state: PeopleListState, scores: readonly PersonScore[]): PeopleListState {
  const byId = new Map(scores.map((score) => [score.contact_id, score]));
  let moved = false;
  const rows = state.rows.map((row) => {
    const score = byId.get(row.contact_id);
    if (!score || (score.engagement_score === row.engagement_score && score.buyer_stage === row.buyer_stage))
      return row;
    moved = true;
    return { ...row, engagement_score: score.engagement_score, buyer_stage: score.buyer_stage };
  });
  return moved ? { ...state, rows } : state;
}

/** Adding to a list marks the selected rows as in the list. */
export function addedToList(state: PeopleListState, selection: PeopleRowSelection): PeopleListState {
  return {
    ...state,
    rows: state.rows.map((row) => (covers(selection, row) ? { ...row, is_list_contact: true } : row)),
  };
}
