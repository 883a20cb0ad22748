import { produce } from 'immer';
import { describe, expect, it } from 'vitest';
import {
  type AudienceListRows,
  listKey,
  moveListTotal,
} from '../../../src/modules/audiences/utils/audienceListView.ts';
import { addFirst, insertAfter, removeRow, replaceRow } from '../../../src/modules/shared/utils/pagedRows.ts';
import { list } from './audienceFixtures.ts';

const ids = (view: AudienceListRows) => view.rows.map((l) => l.list_id);
const page: AudienceListRows = { total: 12, rows: [list(5), list(4), list(3)] };

describe('audience list view', () => {
  it('a created list goes first and the total rises', () => {
    const next = produce(page, (d) => addFirst(d, list(9, { totalContacts: 0 }), listKey));
    expect(ids(next)).toEqual([9, 5, 4, 3]);
    expect(next.total).toBe(13);
  });

  it('a clone goes right after its original, a second clone right after the original again', () => {
    const once = produce(page, (d) => insertAfter(d, 4, list(20), listKey));
    expect(ids(once)).toEqual([5, 4, 20, 3]);
    const twice = produce(once, (d) => insertAfter(d, 4, list(21), listKey));
    expect(ids(twice)).toEqual([5, 4, 21, 20, 3]);
    expect(twice.total).toBe(14);
    expect(ids(produce(page, (d) => insertAfter(d, 3, list(22), listKey)))).toEqual([5, 4, 3, 22]);
  });

  it('a clone of a list not on the page is counted but not shown', () => {
    const next = produce(page, (d) => insertAfter(d, 99, list(23), listKey));
    expect(ids(next)).toEqual([5, 4, 3]);
    expect(next.total).toBe(13);
  });

  it('a renamed list keeps its place; a deleted one leaves and the total falls once', () => {
    const renamed = produce(page, (d) => replaceRow(d, list(4, { list_name: 'Renamed' }), listKey));
    expect(renamed.rows.map((l) => l.list_name)).toEqual(['List 5', 'Renamed', 'List 3']);
    const removed = produce(page, (d) => removeRow(d, 4, listKey));
    expect(ids(removed)).toEqual([5, 3]);
    expect(removed.total).toBe(11);
    expect(produce(removed, (d) => removeRow(d, 4, listKey)).total).toBe(11);
  });

  it('list totals move: subtract on delete or remove, add on create or add, never below zero', () => {
    expect(produce(page, (d) => moveListTotal(d, 4, -3)).rows[1]?.totalContacts).toBe(37);
    expect(produce(page, (d) => moveListTotal(d, 4, 5)).rows[1]?.totalContacts).toBe(45);
    expect(produce(page, (d) => moveListTotal(d, 3, -100)).rows[2]?.totalContacts).toBe(0);
    expect(produce(page, (d) => moveListTotal(d, 3, -100)).rows[0]).toBe(page.rows[0]);
  });
});
