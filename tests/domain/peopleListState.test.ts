import { describe, expect, it } from 'vitest';
import {
  addedToList,
  allDeleted,
  buyerStagePatched,
  contactCreated,
  contactsDeleted,
  contactUpdated,
  NO_PEOPLE,
  type PeopleListState,
  rowsLoaded,
} from '../../domain/peopleListState.ts';
import { person } from '../client/audiences/audienceFixtures.ts';

const p1 = person(1, true);
const p2 = person(2, false);
const p3 = person(3, true);
const p4 = person(4, false);

/** The All tab's first rows, 1-4, more following. */
const loaded = (): PeopleListState =>
  rowsLoaded(NO_PEOPLE, { key: 'all', start: 0, rows: [p1, p2, p3, p4], hasMore: true });
const ids = (state: PeopleListState) => state.rows.map((row) => row.contact_id);

describe('people list state', () => {
  it('replaces from the first row, appends a later page of the same query, and replaces another query', () => {
    let state = rowsLoaded(loaded(), { key: 'all', start: 4, rows: [person(5, true), p4], hasMore: false });
    expect(ids(state)).toEqual([1, 2, 3, 4, 5]);
    expect(state.hasMore).toBe(false);
    state = rowsLoaded(state, { key: 'all', start: 0, rows: [p2], hasMore: true });
    expect(ids(state)).toEqual([2]);
    // A later page of another query never joins these rows.
    state = rowsLoaded(state, { key: 'searched', start: 10, rows: [p3], hasMore: false });
    expect(state).toEqual({ key: 'searched', rows: [p3], hasMore: false });
  });

  it('a created contact goes on top of a loaded tab it belongs to, never into an empty (unloaded) list', () => {
    expect(ids(contactCreated(loaded(), person(9, true), 'all'))).toEqual([9, 1, 2, 3, 4]);
    expect(ids(contactCreated(loaded(), person(9, true), 'unprofiled'))).toEqual([1, 2, 3, 4]);
    // Nothing loaded (a failed load): still nothing, not a list of one.
    expect(contactCreated(NO_PEOPLE, person(9, true), 'all')).toEqual(NO_PEOPLE);
  });

  it('an edit replaces the row, or takes it out of a split tab it left', () => {
    const profiledNow = { ...p2, personality_type: 'Steady' as const, personality: 'N/A' };
    expect(contactUpdated(loaded(), profiledNow, 'all').rows[1]?.personality_type).toBe('Steady');
    const unprofiled = rowsLoaded(NO_PEOPLE, { key: 'u', start: 0, rows: [p2, p4], hasMore: false });
    expect(ids(contactUpdated(unprofiled, profiledNow, 'unprofiled'))).toEqual([4]);
  });

  it('deleting removes the rows; delete-all keeps only the excluded rows and nothing follows', () => {
    expect(ids(contactsDeleted(loaded(), [1, 2]))).toEqual([3, 4]);
    const all = allDeleted(loaded(), [3]);
    expect(ids(all)).toEqual([3]);
    expect(all.hasMore).toBe(false);
  });

  it('a buyer stage change and an add to list patch the selected rows', () => {
    const byIds = buyerStagePatched(loaded(), { mode: 'ids', ids: [1] }, 'Purchase');
    expect(byIds.rows.map((row) => row.buyer_stage)).toEqual([
      'Purchase',
      'Awareness',
      'Awareness',
      'Awareness',
    ]);
    const listed = addedToList(loaded(), { mode: 'all', excluded: [2] });
    expect(listed.rows.map((row) => row.is_list_contact ?? false)).toEqual([true, false, true, true]);
  });
});
