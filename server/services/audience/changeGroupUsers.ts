import type { SalesGroup } from '../../../domain/salesGroups.ts';
import type { Db } from '../../db/Db.ts';
import { badRequest, notFound } from '../../lib/AppError.ts';
import { foreignUserIds, ownGroup } from './groupQueries.ts';

/**
 * add_group_users/ and remove_group_users/: adds users of the organisation to its group (those already in
 * it stay), or removes them, and marks the group changed. Another organisation's group or user is a 404.
 */
export async function changeGroupUsers(
  db: Db,
  orgId: number,
  change: { groupId: number; userIds: readonly number[]; add: boolean },
): Promise<SalesGroup> {
  const { groupId, userIds } = change;
  await ownGroup(db, orgId, groupId);
  if (userIds.length === 0) throw badRequest('Choose at least one user.');
  if ((await foreignUserIds(db, orgId, userIds)).length > 0) throw notFound('User not found.');
  if (change.add)
    await db
      .insertInto('sales_group_users')
      .values(userIds.map((userId) => ({ group_id: groupId, user_id: userId })))
      .onConflict((oc) => oc.columns(['group_id', 'user_id']).doNothing())
      .execute();
  else
    await db
      .deleteFrom('sales_group_users')
      .where('group_id', '=', groupId)
      .where('user_id', 'in', [...userIds])
      .execute();
  await db.updateTable('sales_groups').set({ updated_at: new Date() }).where('id', '=', groupId).execute();
  return ownGroup(db, orgId, groupId);
}
