import { sql } from 'kysely';
import { GROUP_NAME_EXISTS, type SalesGroup } from '../../../domain/salesGroups.ts';
import type { Db } from '../../db/Db.ts';
import { badRequest } from '../../lib/AppError.ts';
import { ownGroup } from './groupQueries.ts';

/** create_group/: a group of the organisation with no users; a name it has is a 400 (the unique index decides, so two tabs cannot both win). */
export async function createGroup(
  db: Db,
  user: { id: number; org_id: number },
  name: string,
): Promise<SalesGroup> {
  const row = await db
    .insertInto('sales_groups')
    .values({ org_id: user.org_id, name, created_by: user.id, is_deletable: true })
    .onConflict((oc) => oc.expression(sql`org_id, lower(name)`).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!row) throw badRequest(GROUP_NAME_EXISTS);
  return ownGroup(db, user.org_id, row.id);
}
