import { GROUP_NOT_DELETABLE } from '../../../domain/salesGroups.ts';
import type { Db } from '../../db/Db.ts';
import { badRequest } from '../../lib/AppError.ts';
import { ownGroup } from './groupQueries.ts';

/** delete_group/: deletes the organisation's group (another's is a 404); its users stay users. The default team is refused. */
export async function deleteSalesGroup(db: Db, orgId: number, groupId: number): Promise<void> {
  const group = await ownGroup(db, orgId, groupId);
  if (!group.isDeletable) throw badRequest(GROUP_NOT_DELETABLE);
  await db.deleteFrom('sales_groups').where('org_id', '=', orgId).where('id', '=', group.groupId).execute();
}
