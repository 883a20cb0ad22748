import type { GroupUser, SalesGroup, SalesGroupsPage } from '../../domain/salesGroups.ts';
import { audienceService, LOCAL_ERRORS, type SearchedPage, searchedPage } from './audienceService.ts';

/** The sales groups calls of the audience service. */
export const groupsApi = {
  /** GET groups_listing/: a page of the organisation's sales groups, newest first. */
  listGroups: (page: SearchedPage, signal?: AbortSignal): Promise<SalesGroupsPage> =>
    searchedPage('groups_listing/', page, signal),

  /** POST create_group/: a new group (0 users); a name the organisation has is refused. */
  createGroup: async (name: string, signal?: AbortSignal): Promise<SalesGroup> =>
    (
      await audienceService.post<{ success: true; data: SalesGroup }>(
        'create_group/',
        { group_name: name },
        { signal, ...LOCAL_ERRORS },
      )
    ).data,

  /** POST rename_group/. */
  renameGroup: async (input: { groupId: number; name: string }, signal?: AbortSignal): Promise<SalesGroup> =>
    (
      await audienceService.post<{ success: true; data: SalesGroup }>(
        'rename_group/',
        { group_id: input.groupId, group_name: input.name },
        { signal, ...LOCAL_ERRORS },
      )
    ).data,

  /** POST delete_group/ (the default team is refused). */
  deleteGroup: async (groupId: number, signal?: AbortSignal): Promise<void> => {
    await audienceService.post('delete_group/', { group_id: groupId }, { signal, ...LOCAL_ERRORS });
  },

  /** GET group_users/: every user of the organisation, marked when in the group. */
  groupUsers: async (groupId: number, signal?: AbortSignal): Promise<GroupUser[]> =>
    (
      await audienceService.get<{ success: true; data: GroupUser[] }>('group_users/', {
        query: { group_id: groupId },
        signal,
      })
    ).data,

  /** POST add_group_users/ or remove_group_users/: answers the group with its new user count. */
  changeGroupUsers: async (
    input: { groupId: number; userIds: readonly number[]; change: 'add' | 'remove' },
    signal?: AbortSignal,
  ): Promise<SalesGroup> =>
    (
      await audienceService.post<{ success: true; data: SalesGroup }>(
        input.change === 'add' ? 'add_group_users/' : 'remove_group_users/',
        { group_id: input.groupId, user_ids: input.userIds.join(',') },
        { signal },
      )
    ).data,
};
