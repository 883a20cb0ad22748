import { describe, expect, it } from 'vitest';
import {
  groupKey,
  groupState,
  hasPicks,
  isPicked,
  NO_PICKS,
  type PickGroup,
  picksPayload,
  selectAll,
  togglePerson,
  unselectAll,
} from '../../domain/peoplePicks.ts';

const RECOMMENDED: PickGroup = { kind: 'recommended' };
const SEARCH: PickGroup = { kind: 'search', term: 'Ada' };
const RETAIL: PickGroup = { kind: 'dynamic', category: 'industry', value: 'Retail' };

describe('people picks: select all and unselect all per group', () => {
  it('select all chooses the whole group, also rows not loaded; unticking one excludes them', () => {
    const all = selectAll(NO_PICKS, RECOMMENDED);
    expect(isPicked(all, 1, [RECOMMENDED])).toBe(true);
    expect(isPicked(all, 999, [RECOMMENDED])).toBe(true);
    expect(isPicked(all, 1, [SEARCH])).toBe(false);
    expect(groupState(all, RECOMMENDED, [1, 2])).toBe('all');
    const less = togglePerson(all, 2, [RECOMMENDED], false);
    expect(isPicked(less, 2, [RECOMMENDED])).toBe(false);
    expect(groupState(less, RECOMMENDED, [1, 2])).toBe('some');
    expect(picksPayload(less)).toEqual({
      contact_ids: [],
      groups: [{ kind: 'recommended', excluded_ids: [2] }],
    });
    // Ticked again: no longer excluded, and not added one by one (the group holds them).
    const back = togglePerson(less, 2, [RECOMMENDED], true);
    expect(back.ids).toEqual([]);
    expect(groupState(back, RECOMMENDED, [1, 2])).toBe('all');
  });

  it('unselect all drops the group and unticks its loaded rows; other groups keep theirs', () => {
    let picks = selectAll(NO_PICKS, RETAIL);
    picks = togglePerson(picks, 5, [SEARCH], true);
    picks = togglePerson(picks, 7, [RECOMMENDED], true);
    picks = unselectAll(picks, RECOMMENDED, [7, 8]);
    expect(picks.ids).toEqual([5]);
    expect(picks.whole.map((w) => groupKey(w.group))).toEqual(['dynamic:industry:Retail']);
    picks = unselectAll(picks, RETAIL, []);
    expect(picks.whole).toEqual([]);
    expect(groupState(picks, SEARCH, [5])).toBe('some');
    expect(groupState(picks, RETAIL, [5])).toBe('some');
    expect(groupState(picks, RETAIL, [6])).toBe('none');
  });

  it('unticking a person unticks them everywhere: one by one and in every group chosen whole that holds them', () => {
    let picks = selectAll(selectAll(NO_PICKS, RETAIL), SEARCH);
    picks = togglePerson(picks, 3, [RECOMMENDED], true);
    expect(isPicked(picks, 3, [RETAIL, SEARCH])).toBe(true);
    picks = togglePerson(picks, 3, [RETAIL, SEARCH, RECOMMENDED], false);
    expect(isPicked(picks, 3, [RETAIL, SEARCH, RECOMMENDED])).toBe(false);
    expect(picksPayload(picks)).toEqual({
      contact_ids: [],
      groups: [
        { kind: 'dynamic', category: 'industry', value: 'Retail', excluded_ids: [3] },
        { kind: 'search', term: 'Ada', excluded_ids: [3] },
      ],
    });
  });

  it('a person ticked one by one is chosen in any group; a search term is its own group in any case, kept when the search changes', () => {
    let picks = togglePerson(NO_PICKS, 4, [SEARCH], true);
    expect(isPicked(picks, 4, [RETAIL])).toBe(true);
    picks = selectAll(picks, { kind: 'search', term: 'ada ' });
    picks = selectAll(picks, { kind: 'search', term: 'Bob' });
    expect(picks.whole.map((w) => groupKey(w.group))).toEqual(['search:ada', 'search:bob']);
    expect(isPicked(picks, 9, [SEARCH])).toBe(true);
    // Selecting all again resets that group's exclusions only.
    picks = togglePerson(picks, 9, [SEARCH], false);
    picks = selectAll(picks, SEARCH);
    expect(isPicked(picks, 9, [SEARCH])).toBe(true);
    // A blank search is no group.
    expect(selectAll(NO_PICKS, { kind: 'search', term: '  ' })).toEqual(NO_PICKS);
    expect(hasPicks(NO_PICKS)).toBe(false);
    expect(hasPicks(picks)).toBe(true);
  });
});
