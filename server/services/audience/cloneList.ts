import { sql } from 'kysely';
import type { AudienceListSummary } from '../../../domain/audienceLists.ts';
import type { Db } from '../../db/Db.ts';
import { badRequest } from '../../lib/AppError.ts';
import { listNameTaken, loadListSummary, lockOrgList } from './listQueries.ts';
import { runListChange } from './runListChange.ts';

/** "Copy of X", then "Copy of X (2)", ... : the first name no list of the organisation has. */
async function copyName(db: Db, orgId: number, original: string): Promise<string> {
  const base = `Copy of ${original}`.slice(0, 110);
  for (let n = 1; n < 1000; n++) {
    const candidate = n === 1 ? base : `${base} (${n})`;
    if (!(await listNameTaken(db, orgId, candidate))) return candidate;
  }
  throw badRequest('This list has too many copies already.');
}

/**
 * clone_list/: a copy with the same members, made by the cloning user, placed right after the original:
 * the lists below the original move down one place and the copy takes the place under it.
 */
export async function cloneList(
  db: Db,
  user: { id: number; org_id: number },
  listId: number,
): Promise<AudienceListSummary> {
  return runListChange(db, user.org_id, async (trx) => {
    const original = await lockOrgList(trx, user.org_id, listId);
    const name = await copyName(trx, user.org_id, original.name);
    await trx
      .updateTable('contact_lists')
      .set({ position: sql`position - 1` })
      .where('org_id', '=', user.org_id)
      .where('position', '<', original.position)
      .execute();
    const copy = await trx
      .insertInto('contact_lists')
      .values({
        org_id: user.org_id,
        user_id: user.id,
        name,
        is_active: original.is_active,
        position: original.position - 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await sql`
      insert into list_contacts (list_id, contact_id, added_at)
      select ${copy.id}, contact_id, added_at from list_contacts where list_id = ${listId}`.execute(trx);
    return loadListSummary(trx, user.org_id, copy.id);
  });
}
