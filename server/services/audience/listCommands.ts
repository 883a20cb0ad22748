import { sql, type Transaction } from 'kysely';
import { LIST_NAME_EXISTS } from '../../../domain/audienceListSchemas.ts';
import type { AudienceListSummary } from '../../../domain/audienceLists.ts';
import type { Database } from '../../db/schema.ts';
import { AppError, badRequest } from '../../lib/AppError.ts';
import { type Db, listNameTaken, loadListSummary, lockOrgList } from './listQueries.ts';

type Owner = { id: number; org_id: number };

/** Serialises the list changes of one organisation (positions are renumbered under this lock). */
async function lockOrganisation(trx: Transaction<Database>, orgId: number) {
  await trx.selectFrom('organisations').select('id').where('id', '=', orgId).forUpdate().execute();
}

const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';

/** Runs a list change; a name taken by a concurrent change (the unique index) answers the spec's message. */
async function nameGuarded<T>(db: Db, run: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  try {
    if (db.isTransaction) return await run(db as Transaction<Database>);
    return await db.transaction().execute(run);
  } catch (error) {
    if (isUniqueViolation(error)) throw badRequest(LIST_NAME_EXISTS);
    throw error;
  }
}

/** create_list/: a new empty list on top of the organisation's lists. */
export async function createList(db: Db, user: Owner, name: string): Promise<AudienceListSummary> {
  return nameGuarded(db, async (trx) => {
    await lockOrganisation(trx, user.org_id);
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

/** rename_list/: the same list under a new name (its own name again, in another case, is allowed). */
export async function renameList(
  db: Db,
  user: Owner,
  listId: number,
  name: string,
): Promise<AudienceListSummary> {
  return nameGuarded(db, async (trx) => {
    await lockOrganisation(trx, user.org_id);
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

/** "Copy of X", then "Copy of X (2)", ... : the first name no list of the organisation has. */
async function copyName(trx: Transaction<Database>, orgId: number, original: string): Promise<string> {
  const base = `Copy of ${original}`.slice(0, 110);
  for (let n = 1; n < 1000; n++) {
    const candidate = n === 1 ? base : `${base} (${n})`;
    if (!(await listNameTaken(trx, orgId, candidate))) return candidate;
  }
  throw badRequest('This list has too many copies already.');
}

/**
 * clone_list/: a copy with the same members, made by the cloning user, placed right after the original:
 * the lists below the original move down one place and the copy takes the place under it.
 */
export async function cloneList(db: Db, user: Owner, listId: number): Promise<AudienceListSummary> {
  return nameGuarded(db, async (trx) => {
    await lockOrganisation(trx, user.org_id);
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

/** The workflows of the organisation that use the list: as trigger 14, in an add-to-list step or a list condition. */
export async function workflowsUsingList(db: Db, orgId: number, listId: number) {
  const { rows } = await sql<{ id: number; name: string }>`
    select id, name from workflow
    where org_id = ${orgId} and (
      list_id = ${listId}
      or jsonb_path_exists(flow, '$.** ? (@.listId == $id)', jsonb_build_object('id', ${listId}::int))
      or jsonb_path_exists(flow, '$.**.list ? (@.id == $id)', jsonb_build_object('id', ${listId}::int))
    )
    order by id`.execute(db);
  return rows;
}

/**
 * delete_list/: deletes the list and its memberships (the contacts stay). A list a workflow uses (its
 * trigger, an add-to-list step or a list condition) is refused with the workflows' names: deleting it
 * would silently stop the trigger and leave steps pointing at nothing.
 */
export async function deleteList(db: Db, user: Owner, listId: number): Promise<void> {
  await nameGuarded(db, async (trx) => {
    await lockOrganisation(trx, user.org_id);
    await lockOrgList(trx, user.org_id, listId);
    const users = await workflowsUsingList(trx, user.org_id, listId);
    if (users.length > 0) {
      const names = users
        .slice(0, 3)
        .map((w) => `"${w.name}"`)
        .join(', ');
      const more = users.length > 3 ? ` and ${users.length - 3} more` : '';
      throw new AppError(
        400,
        `This list is used by the workflow${users.length > 1 ? 's' : ''} ${names}${more}: change ${users.length > 1 ? 'them' : 'it'} to another list first.`,
      );
    }
    await trx.deleteFrom('contact_lists').where('id', '=', listId).execute();
  });
}
