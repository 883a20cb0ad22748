import { z } from 'zod';
import { nameText } from './nameText.ts';

/** A sales-team group ("Sales group"), as groups_listing/ answers it. */
export type SalesGroup = {
  groupId: number;
  groupName: string;
  totalUsers: number;
  /** ISO time of the group's last change (made, renamed, users added or removed). */
  lastUpdated: string;
  /** False for the organisation's default team, which cannot be deleted. */
  isDeletable: boolean;
};

/** One user of the organisation, as group_users/ lists them for a group. */
export type GroupUser = {
  userId: number;
  fullName: string;
  email: string;
  inGroup: boolean;
};

export type SalesGroupsPage = { total_count: number; data: SalesGroup[] };

export const GROUP_NAME_MAX = 80;
export const GROUP_NAME_EXISTS = 'Group with that name already exists';
export const GROUP_NOT_DELETABLE = 'The default team cannot be deleted.';
/** The name of the group every organisation starts with (not deletable). */
export const DEFAULT_GROUP_NAME = 'Default team';

/** A group's name: trimmed, 1 to GROUP_NAME_MAX characters. */
export const groupNameSchema = nameText('group_name').pipe(
  z
    .string()
    .min(1, 'Give the group a name.')
    .max(GROUP_NAME_MAX, `A group name is at most ${GROUP_NAME_MAX} characters.`),
);
