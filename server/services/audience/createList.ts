import { sql } from 'kysely';
import { LIST_NAME_EXISTS } from '../../../domain/audienceListSchemas.ts';
import type { AudienceListSummary } from '../../../domain/audienceLists.ts';
import type { Db } from '../../db/Db.ts';
import { badRequest } from '../../lib/AppError.ts';
import { listNameTaken, loadListSummary } from './listQueries.ts';
import { runListChange } from './runListChange.ts';

/** create_list/: a new empty list on top of the organisation's lists. */
export async function createList(
  db: Db,
  user: { id: number; org_id: number },
  name: string,
): Promise<AudienceListSummary> {
  return runListChange(db, user.org_id, async (trx) => {
    if (await listNameTaken(trx, user.org_id, name)) throw badRequest(LIST_NAME_EXISTS);
    const row = await trx
      .insertInto('contact_lists')
      .values({
        org_id: user.org_id,
        user_id: user.id,
        name,
        is_active: true,
        position: sql<number>`(select coalesce(max(position), 0) + 1 from contact_lists where org_id = ${user.org_id})`,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return loadListSummary(trx, user.org_id, row.id);
  });
}
