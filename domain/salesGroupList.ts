import type { SalesGroup, SalesGroupsPage } from './salesGroups.ts';

/** The groups screen's list: the groups shown, the organisation's total and the selected group. */
export type SalesGroupList = { groups: SalesGroup[]; total: number; selectedId: number | null };

export type SalesGroupListChange =
  | { type: 'loaded'; page: SalesGroupsPage }
  | { type: 'created'; group: SalesGroup }
  | { type: 'updated'; group: SalesGroup }
  | { type: 'deleted'; groupId: number }
  | { type: 'selected'; groupId: number };

export const EMPTY_GROUP_LIST: SalesGroupList = { groups: [], total: 0, selectedId: null };

/**
 * The list rules for groups: a new group goes to the top (0 users, 'just now',
 * deletable, as the server answered it) and is selected; a rename or a change of users replaces the group
 * where it is; a deleted group leaves the list and the total, the selection moving to the group that took
 * its place (or the one before it, or none). A load keeps the selection when the group is still there.
 */
export function changeSalesGroupList(list: SalesGroupList, change: SalesGroupListChange): SalesGroupList {
  switch (change.type) {
    case 'loaded': {
      const groups = change.page.data;
      const kept = groups.some((group) => group.groupId === list.selectedId);
      return {
        groups,
        total: change.page.total_count,
        selectedId: kept ? list.selectedId : (groups[0]?.groupId ?? null),
      };
    }
    case 'created':
      return {
        groups: [change.group, ...list.groups.filter((group) => group.groupId !== change.group.groupId)],
        total: list.total + 1,
        selectedId: change.group.groupId,
      };
    case 'updated':
      return {
        ...list,
        groups: list.groups.map((group) => (group.groupId === change.group.groupId ? change.group : group)),
      };
    case 'deleted': {
      const index = list.groups.findIndex((group) => group.groupId === change.groupId);
      if (index < 0) return list;
      const groups = list.groups.filter((group) => group.groupId !== change.groupId);
      const selectedId =
        list.selectedId === change.groupId
          ? (groups[index]?.groupId ?? groups[index - 1]?.groupId ?? null)
          : list.selectedId;
      return { groups, total: Math.max(0, list.total - 1), selectedId };
    }
    case 'selected':
      return list.groups.some((group) => group.groupId === change.groupId)
        ? { ...list, selectedId: change.groupId }
        : list;
  }
}
