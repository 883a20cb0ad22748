import type { AudienceListsPage } from '../domain/audienceLists.ts';
import type { GroupUser, SalesGroup, SalesGroupsPage } from '../domain/salesGroups.ts';
import { serviceClient } from './serviceClient.ts';

const audience = serviceClient('audience');

/**
 * The audience service (server/services/audience, base /api/audience/): people, accounts, lists, import,
 * forms and sales groups. Sections below, one per part of the area.
 */
export const audienceApi = {
  // Lists

  /** GET lists_listing/: a page of the organisation's lists, newest first, optionally searched by name. */
  listLists: async (
    page: { offset: number; limit: number; searchWord?: string },
    signal?: AbortSignal,
  ): Promise<AudienceListsPage> => {
    const answer = await audience.get<{ success: true } & AudienceListsPage>('lists_listing/', {
      query: { offset: page.offset, limit: page.limit, search_word: page.searchWord ?? '' },
      signal,
    });
    return { total_count: answer.total_count, data: answer.data };
  },

  // Sales groups

  /** GET groups_listing/: a page of the organisation's sales groups, newest first. */
  listGroups: async (
    page: { offset: number; limit: number; searchWord?: string },
    signal?: AbortSignal,
  ): Promise<SalesGroupsPage> => {
    const answer = await audience.get<{ success: true } & SalesGroupsPage>('groups_listing/', {
      query: { offset: page.offset, limit: page.limit, search_word: page.searchWord ?? '' },
      signal,
    });
    return { total_count: answer.total_count, data: answer.data };
  },

  /** POST create_group/: a new group (0 users); a name the organisation has is refused. */
  createGroup: async (name: string, signal?: AbortSignal): Promise<SalesGroup> =>
    (
      await audience.post<{ success: true; data: SalesGroup }>(
        'create_group/',
        { group_name: name },
        { signal },
      )
    ).data,

  /** POST rename_group/. */
  renameGroup: async (input: { groupId: number; name: string }, signal?: AbortSignal): Promise<SalesGroup> =>
    (
      await audience.post<{ success: true; data: SalesGroup }>(
        'rename_group/',
        { group_id: input.groupId, group_name: input.name },
        { signal },
      )
    ).data,

  /** POST delete_group/ (the default team is refused). */
  deleteGroup: async (groupId: number, signal?: AbortSignal): Promise<void> => {
    await audience.post('delete_group/', { group_id: groupId }, { signal });
  },

  /** GET group_users/: every user of the organisation, marked when in the group. */
  groupUsers: async (groupId: number, signal?: AbortSignal): Promise<GroupUser[]> =>
    (
      await audience.get<{ success: true; data: GroupUser[] }>('group_users/', {
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
      await audience.post<{ success: true; data: SalesGroup }>(
        input.change === 'add' ? 'add_group_users/' : 'remove_group_users/',
        { group_id: input.groupId, user_ids: input.userIds.join(',') },
        { signal },
      )
    ).data,
};

export type AudienceApi = typeof audienceApi;
