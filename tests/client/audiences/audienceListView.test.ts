import { describe, expect, it } from 'vitest';
import type { AudienceListSummary } from '../../../domain/audienceLists.ts';
import {
  addCreatedList,
  insertCloneAfter,
  moveListTotal,
  offsetAfterDelete,
  removeList,
  replaceList,
  viewFromListsPage,
} from '../../../src/modules/audiences/utils/audienceListView.ts';
import { list } from './audienceFixtures.ts';

const ids = (view: { lists: AudienceListSummary[] }) => view.lists.map((l) => l.list_id);
const page = viewFromListsPage({ total_count: 12, data: [list(5), list(4), list(3)] });

describe('audience list view', () => {
  it('a created list goes first and the total rises', () => {
    const next = addCreatedList(page, list(9, { totalContacts: 0 }));
    expect(ids(next)).toEqual([9, 5, 4, 3]);
    expect(next.total).toBe(13);
  });

  it('a clone goes right after its original, a second clone right after the original again', () => {
    const once = insertCloneAfter(page, 4, list(20));
    expect(ids(once)).toEqual([5, 4, 20, 3]);
    const twice = insertCloneAfter(once, 4, list(21));
    expect(ids(twice)).toEqual([5, 4, 21, 20, 3]);
    expect(twice.total).toBe(14);
    expect(ids(insertCloneAfter(page, 3, list(22)))).toEqual([5, 4, 3, 22]);
  });

  it('a clone of a list not on the page is counted but not shown', () => {
    const next = insertCloneAfter(page, 99, list(23));
    expect(ids(next)).toEqual([5, 4, 3]);
    expect(next.total).toBe(13);
  });

  it('a renamed list keeps its place; a deleted one leaves and the total falls once', () => {
    const renamed = replaceList(page, list(4, { list_name: 'Renamed' }));
    expect(renamed.lists.map((l) => l.list_name)).toEqual(['List 5', 'Renamed', 'List 3']);
    const removed = removeList(page, 4);
    expect(ids(removed)).toEqual([5, 3]);
    expect(removed.total).toBe(11);
    expect(removeList(removed, 4).total).toBe(11);
  });

  it('list totals move: subtract on delete or remove, add on create or add, never below zero', () => {
    expect(moveListTotal(page, 4, -3).lists[1]?.totalContacts).toBe(37);
    expect(moveListTotal(page, 4, 5).lists[1]?.totalContacts).toBe(45);
    expect(moveListTotal(page, 3, -100).lists[2]?.totalContacts).toBe(0);
    expect(moveListTotal(page, 3, -100).lists[0]).toBe(page.lists[0]);
  });

  it('after a deletion the page stays, or steps back when it emptied', () => {
    expect(offsetAfterDelete(8, 12, 8)).toBe(8);
    expect(offsetAfterDelete(8, 8, 8)).toBe(0);
    expect(offsetAfterDelete(0, 0, 8)).toBe(0);
  });
});
