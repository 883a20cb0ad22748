import { sql } from 'kysely';
import { GROUP_NAME_EXISTS, type SalesGroup } from '../../../domain/salesGroups.ts';
import type { Db } from '../../db/Db.ts';
import { badRequest } from '../../lib/AppError.ts';
import { ownGroup } from './groupQueries.ts';

/** rename_group/: renames the organisation's group (another's is a 404); a name another of its groups has is a 400. */
export async function renameSalesGroup(
  db: Db,
  orgId: number,
  groupId: number,
  name: string,
): Promise<SalesGroup> {
  await ownGroup(db, orgId, groupId);
  const taken = await db
    .selectFrom('sales_groups')
    .select('id')
    .where('org_id', '=', orgId)
    .where('id', '!=', groupId)
    .where(sql<boolean>`lower(name) = ${name.toLowerCase()}`)
    .executeTakeFirst();
  if (taken) throw badRequest(GROUP_NAME_EXISTS);
  await db
    .updateTable('sales_groups')
    .set({ name, updated_at: new Date() })
    .where('org_id', '=', orgId)
    .where('id', '=', groupId)
    .execute();
  return ownGroup(db, orgId, groupId);
}
