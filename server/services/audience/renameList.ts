import { sql } from 'kysely';
import { LIST_NAME_EXISTS } from '../../../domain/audienceListSchemas.ts';
import type { AudienceListSummary } from '../../../domain/audienceLists.ts';
import type { Db } from '../../db/Db.ts';
import { badRequest } from '../../lib/AppError.ts';
import { listNameTaken, loadListSummary, lockOrgList } from './listQueries.ts';
import { runListChange } from './runListChange.ts';

/** rename_list/: the same list under a new name (its own name again, in another case, is allowed). */
export async function renameList(
  db: Db,
  user: { org_id: number },
  listId: number,
  name: string,
): Promise<AudienceListSummary> {
  return runListChange(db, user.org_id, async (trx) => {
    await lockOrgList(trx, user.org_id, listId);
    if (await listNameTaken(trx, user.org_id, name, listId)) throw badRequest(LIST_NAME_EXISTS);
    await trx
      .updateTable('contact_lists')
      .set({ name, updated_at: sql`now()` })
      .where('id', '=', listId)
      .execute();
    return loadListSummary(trx, user.org_id, listId);
  });
}
