import type { Kysely } from 'kysely';
import type { PeopleSelection } from '../../../domain/audiencePeople.ts';
import type { Database } from '../../db/schema.ts';
import { subscribeContactsToList } from '../runtime/workflowTriggers.ts';
import { assertOrgList } from './listQueries.ts';
import { selectionIds } from './peopleSelectionQueries.ts';

/**
 * add_to_list/: the selected contacts added to a list through subscribeContactsToList, the one way into a
 * list: those newly added are enrolled in the list's active "subscribes to a list" workflows. Answers how
 * many were added (members already in it are left as they are).
 */
export async function addPeopleToList(
  db: Kysely<Database>,
  orgId: number,
  selection: PeopleSelection,
  listId: number,
): Promise<number> {
  await assertOrgList(db, orgId, listId);
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
