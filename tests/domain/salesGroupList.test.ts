import { describe, expect, it } from 'vitest';
import { timeAgo } from '../../domain/relativeTime.ts';
import { changeSalesGroupList, EMPTY_GROUP_LIST, type SalesGroupList } from '../../domain/salesGroupList.ts';
import type { SalesGroup } from '../../domain/salesGroups.ts';

const group = (groupId: number, patch: Partial<SalesGroup> = {}): SalesGroup => ({
  groupId,
  groupName: `Group ${groupId}`,
  totalUsers: 2,
  lastUpdated: '2026-11-01T09:00:00.000Z',
  isDeletable: true,
  ...patch,
});

const loaded = (ids: number[], selectedId: number | null = null): SalesGroupList => ({
  ...changeSalesGroupList(
    { ...EMPTY_GROUP_LIST, selectedId },
    { type: 'loaded', page: { total_count: ids.length + 10, data: ids.map((id) => group(id)) } },
  ),
});

describe('changeSalesGroupList', () => {
  it('selects the first group on load, or keeps a selection still listed', () => {
    expect(loaded([3, 2, 1])).toMatchObject({ selectedId: 3, total: 13 });
    expect(loaded([3, 2, 1], 2).selectedId).toBe(2);
    expect(loaded([3, 1], 2).selectedId).toBe(3);
    expect(loaded([]).selectedId).toBeNull();
  });

  it('puts a new group at the top with 0 users, raises the total and selects it', () => {
    const made = group(9, { totalUsers: 0, groupName: 'Field sales' });
    const next = changeSalesGroupList(loaded([3, 2, 1], 2), { type: 'created', group: made });
    expect(next.groups.map((g) => g.groupId)).toEqual([9, 3, 2, 1]);
    expect(next.groups[0]).toBe(made);
    expect(next.total).toBe(14);
    expect(next.selectedId).toBe(9);
  });

  it('replaces a renamed or changed group where it is', () => {
    const next = changeSalesGroupList(loaded([3, 2, 1]), {
      type: 'updated',
      group: group(2, { groupName: 'Renamed', totalUsers: 5 }),
    });
    expect(next.groups.map((g) => [g.groupId, g.groupName])).toEqual([
      [3, 'Group 3'],
      [2, 'Renamed'],
      [1, 'Group 1'],
    ]);
    expect(next.groups[1]?.totalUsers).toBe(5);
  });

  it('removes a deleted group, lowers the total and moves the selection to the group in its place', () => {
    const middle = changeSalesGroupList(loaded([3, 2, 1], 2), { type: 'deleted', groupId: 2 });
    expect(middle).toMatchObject({ total: 12, selectedId: 1 });
    expect(middle.groups.map((g) => g.groupId)).toEqual([3, 1]);
    const last = changeSalesGroupList(loaded([3, 2, 1], 1), { type: 'deleted', groupId: 1 });
    expect(last.selectedId).toBe(2);
    const other = changeSalesGroupList(loaded([3, 2, 1], 3), { type: 'deleted', groupId: 1 });
    expect(other.selectedId).toBe(3);
    const only = changeSalesGroupList(loaded([3]), { type: 'deleted', groupId: 3 });
    expect(only.selectedId).toBeNull();
    const unknown = loaded([3]);
    expect(changeSalesGroupList(unknown, { type: 'deleted', groupId: 99 })).toBe(unknown);
  });

  it('selects only a listed group', () => {
    const list = loaded([3, 2]);
    expect(changeSalesGroupList(list, { type: 'selected', groupId: 2 }).selectedId).toBe(2);
    expect(changeSalesGroupList(list, { type: 'selected', groupId: 7 })).toBe(list);
  });
});

describe('timeAgo', () => {
  const now = Date.parse('2026-11-26T12:00:00.000Z');
  it.each([
    ['2026-11-26T11:59:30.000Z', 'just now'],
    ['2026-11-26T12:00:05.000Z', 'just now'],
    ['2026-11-26T11:55:00.000Z', '5 min ago'],
    ['2026-11-26T09:00:00.000Z', '3 h ago'],
    ['2026-11-25T11:00:00.000Z', 'yesterday'],
    ['2026-11-23T12:00:00.000Z', '3 days ago'],
    ['2026-11-02T12:00:00.000Z', 'Nov 2, 2026'],
    ['not a date', 'not a date'],
  ])('%s -> %s', (iso, expected) => {
    expect(timeAgo(iso, now)).toBe(expected);
  });
});
