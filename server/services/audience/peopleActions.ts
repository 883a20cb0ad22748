import type { Kysely } from 'kysely';
import type { PeopleSelection } from '../../../domain/audiencePeople.ts';
import type { Database } from '../../db/schema.ts';
import { notFound } from '../../lib/AppError.ts';
import { subscribeContactsToList } from '../runtime/workflowTriggers.ts';
import { selectionIds } from './peopleSelectionQueries.ts';

export const LIST_NOT_FOUND = 'List not found.';

/** Sets the buyer stage of the selected contacts in one statement (nothing else, status included). */
export async function setBuyerStage(
  db: Kysely<Database>,
  orgId: number,
  selection: PeopleSelection,
  stage: string,
): Promise<number> {
  const result = await db
    .updateTable('contacts')
    .set({ buyer_stage: stage })
    .where('org_id', '=', orgId)
    .where('id', 'in', selectionIds(db, orgId, selection))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

async function assertList(db: Kysely<Database>, orgId: number, listId: number) {
  const list = await db
    .selectFrom('contact_lists')
    .select('id')
    .where('id', '=', listId)
    .where('org_id', '=', orgId)
    .executeTakeFirst();
  if (!list) throw notFound(LIST_NOT_FOUND);
}

/**
 * Adds the selected contacts to a list through subscribeContactsToList, the one way into a list: those
 * newly added are enrolled in the list's active "subscribes to a list" workflows. Answers how many were
 * added (members already in it are left as they are).
 */
export async function addPeopleToList(
  db: Kysely<Database>,
  orgId: number,
  selection: PeopleSelection,
  listId: number,
): Promise<number> {
  await assertList(db, orgId, listId);
  const result = await subscribeContactsToList(db, {
    orgId,
    listId,
    contactIds: [],
    contactQuery: selectionIds(db, orgId, selection),
  });
  if (result.added.length > 0)
    await db.updateTable('contact_lists').set({ updated_at: new Date() }).where('id', '=', listId).execute();
  return result.added.length;
}

/** Takes the selected contacts out of a list (the contacts stay); answers how many left it. */
export async function removePeopleFromList(
  db: Kysely<Database>,
  orgId: number,
  selection: PeopleSelection,
  listId: number,
): Promise<number> {
  await assertList(db, orgId, listId);
  const result = await db
    .deleteFrom('list_contacts')
    .where('list_id', '=', listId)
    .where('contact_id', 'in', selectionIds(db, orgId, selection))
    .executeTakeFirst();
  if (Number(result.numDeletedRows) > 0)
    await db.updateTable('contact_lists').set({ updated_at: new Date() }).where('id', '=', listId).execute();
  return Number(result.numDeletedRows);
}
