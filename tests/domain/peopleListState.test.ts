import { describe, expect, it } from 'vitest';
import type { PeopleTab, PersonRow } from '../../domain/audiencePeople.ts';
import {
  addedToList,
  allDeleted,
  buyerStagePatched,
  contactCreated,
  contactsDeleted,
  contactUpdated,
  countsLoaded,
  initialPeopleListState,
  type PeopleListState,
  pageLoaded,
  scopeChanged,
} from '../../domain/peopleListState.ts';

const person = (id: number, profiled: boolean, extra: Partial<PersonRow> = {}): PersonRow => ({
  contact_id: id,
  full_name: `P ${id}`,
  first_name: 'P',
  last_name: String(id),
  contact_email: `p${id}@example.test`,
  designation: null,
  organization: null,
  account_id: null,
  company_website: null,
  industry: null,
  revenue: null,
  personality_type: profiled ? 'Dominant' : null,
  personality: profiled ? 'Driver' : 'N/A',
  phone_number: null,
  status: 'Subscribed',
  buyer_stage: 'Awareness',
  engagement_score: 1,
  linkedin_url: null,
  twitter_url: null,
  created_on: '2026-11-01T00:00:00.000Z',
  marketing_consent: true,
  ...extra,
});

const p1 = person(1, true);
const p2 = person(2, false);
const p3 = person(3, true);
const p4 = person(4, false);

/** All: 1-4 of 40; Profiled: 1, 3 of 25; Unprofiled: 2, 4 of 15. */
function loaded(): PeopleListState {
  let state = initialPeopleListState();
  state = pageLoaded(state, 'all', 0, { total_count: 40, has_more: true, data: [p1, p2, p3, p4] });
  state = pageLoaded(state, 'profiled', 0, { total_count: 25, has_more: true, data: [p1, p3] });
  state = pageLoaded(state, 'unprofiled', 0, { total_count: 15, has_more: true, data: [p2, p4] });
  return state;
}
const ids = (state: PeopleListState, tab: PeopleTab) => state[tab].rows.map((row) => row.contact_id);
const totals = (state: PeopleListState) => [state.all.total, state.profiled.total, state.unprofiled.total];

describe('people list state', () => {
  it('replaces at offset 0 and appends later pages; each tab keeps its own total', () => {
    let state = loaded();
    state = pageLoaded(state, 'all', 4, { total_count: 40, has_more: true, data: [person(5, true), p4] });
    expect(ids(state, 'all')).toEqual([1, 2, 3, 4, 5]);
    state = pageLoaded(state, 'all', 0, { total_count: 39, has_more: true, data: [p2] });
    expect(ids(state, 'all')).toEqual([2]);
    expect(totals(state)).toEqual([39, 25, 15]);
    expect(totals(countsLoaded(state, { all: 10, profiled: 6, unprofiled: 4 }))).toEqual([10, 6, 4]);
  });

  it('a new search makes every total unknown until counted; a searched page leaves the total to the count', () => {
    let state = scopeChanged(loaded());
    expect([state.all.counting, state.profiled.counting, state.unprofiled.counting]).toEqual([
      true,
      true,
      true,
    ]);
    expect(state.all.stale).toBe(true);
    // The searched page may come before or after the counts: it never overwrites them.
    state = pageLoaded(state, 'all', 0, { total_count: null, has_more: true, data: [p1] });
    expect(state.all.counting).toBe(true);
    state = countsLoaded(state, { all: 12, profiled: 7, unprofiled: 5 });
    state = pageLoaded(state, 'all', 1, { total_count: null, has_more: false, data: [p3] });
    expect([state.all.total, state.all.counting, state.all.hasMore]).toEqual([12, false, false]);
    expect(ids(state, 'all')).toEqual([1, 3]);
    // A whole tab's page brings its own total.
    state = pageLoaded(scopeChanged(state), 'profiled', 0, { total_count: 25, has_more: true, data: [p1] });
    expect([state.profiled.total, state.profiled.counting, state.profiled.hasMore]).toEqual([
      25,
      false,
      true,
    ]);
    expect(state.unprofiled.counting).toBe(true);
  });

  it('a created contact joins All and its own tab and marks the other tab for cleanup', () => {
    const made = contactCreated(loaded(), person(9, true));
    expect(ids(made, 'all')[0]).toBe(9);
    expect(ids(made, 'profiled')[0]).toBe(9);
    expect(ids(made, 'unprofiled')).toEqual([2, 4]);
    expect(totals(made)).toEqual([41, 26, 15]);
    expect([made.all.stale, made.profiled.stale, made.unprofiled.stale]).toEqual([false, false, true]);
    const plain = contactCreated(loaded(), person(10, false));
    expect(totals(plain)).toEqual([41, 25, 16]);
    expect(plain.profiled.stale).toBe(true);
  });

  it('an edit that profiles a contact moves it out of Unprofiled', () => {
    const state = contactUpdated(loaded(), { ...p2, personality_type: 'Steady', personality: 'N/A' });
    expect(ids(state, 'unprofiled')).toEqual([4]);
    expect(state.unprofiled.total).toBe(14);
    expect(state.profiled.stale).toBe(true);
    expect(state.all.rows[1]?.personality_type).toBe('Steady');
  });

  it('deleting selected contacts removes them from every tab and lowers each total', () => {
    const state = contactsDeleted(loaded(), [1, 2]);
    expect(ids(state, 'all')).toEqual([3, 4]);
    expect(ids(state, 'profiled')).toEqual([3]);
    expect(ids(state, 'unprofiled')).toEqual([4]);
    expect(totals(state)).toEqual([38, 24, 14]);
  });

  it('delete-all with exclusions in the normal view keeps the excluded rows and lowers the totals', () => {
    // In Profiled (25): everyone but 3 deleted.
    const state = allDeleted(loaded(), { tab: 'profiled', excluded: [3], deletedCount: 24, searched: false });
    expect(ids(state, 'profiled')).toEqual([3]);
    expect(state.profiled.total).toBe(1);
    expect(ids(state, 'all')).toEqual([2, 3, 4]);
    expect(state.all.total).toBe(16);
    expect(ids(state, 'unprofiled')).toEqual([2, 4]);
    expect(state.unprofiled.total).toBe(15);
    expect(state.unprofiled.stale).toBe(false);
    // In All (40): everyone but 2 deleted; the split tabs are recounted when shown.
    const all = allDeleted(loaded(), { tab: 'all', excluded: [2], deletedCount: 39, searched: false });
    expect(ids(all, 'all')).toEqual([2]);
    expect(all.all.total).toBe(1);
    expect(ids(all, 'unprofiled')).toEqual([2]);
    expect([all.profiled.stale, all.unprofiled.stale]).toEqual([true, true]);
  });

  it('delete-all with exclusions in a searched view marks the other tabs for cleanup', () => {
    const state = allDeleted(loaded(), {
      tab: 'unprofiled',
      excluded: [4],
      deletedCount: 14,
      searched: true,
    });
    expect(ids(state, 'unprofiled')).toEqual([4]);
    expect(state.unprofiled.total).toBe(1);
    expect(ids(state, 'all')).toEqual([1, 3, 4]);
    expect([state.all.stale, state.profiled.stale, state.unprofiled.stale]).toEqual([true, true, false]);
  });

  it('a buyer stage change patches the loaded rows of the selection in every tab', () => {
    const byIds = buyerStagePatched(loaded(), { mode: 'ids', ids: [1] }, 'all', 'Purchase');
    expect(byIds.all.rows.map((row) => row.buyer_stage)).toEqual([
      'Purchase',
      'Awareness',
      'Awareness',
      'Awareness',
    ]);
    expect(byIds.profiled.rows[0]?.buyer_stage).toBe('Purchase');
    const all = buyerStagePatched(loaded(), { mode: 'all', excluded: [3] }, 'profiled', 'Intent');
    expect(all.all.rows.map((row) => row.buyer_stage)).toEqual([
      'Intent',
      'Awareness',
      'Awareness',
      'Awareness',
    ]);
  });

  it('adding to a list marks the selected rows as list contacts', () => {
    const state = addedToList(loaded(), { mode: 'all', excluded: [2] }, 'all');
    expect(state.all.rows.map((row) => row.is_list_contact ?? false)).toEqual([true, false, true, true]);
    expect(state.unprofiled.rows.map((row) => row.is_list_contact ?? false)).toEqual([false, true]);
  });
});
