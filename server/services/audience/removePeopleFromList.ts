import type { Kysely } from 'kysely';
import type { PeopleSelection } from '../../../domain/audiencePeople.ts';
import type { Database } from '../../db/schema.ts';
import { assertOrgList } from './listQueries.ts';
import { selectionIds } from './peopleSelectionQueries.ts';

/** remove_from_list/: the selected contacts taken out of a list (the contacts stay); answers how many left it. */
export async function removePeopleFromList(
  db: Kysely<Database>,
  orgId: number,
  selection: PeopleSelection,
  listId: number,
): Promise<number> {
  await assertOrgList(db, orgId, listId);
  const result = await db
    .deleteFrom('list_contacts')
    .where('list_id', '=', listId)
    .where('contact_id', 'in', selectionIds(db, orgId, selection))
    .executeTakeFirst();
  if (Number(result.numDeletedRows) > 0)
    await db.updateTable('contact_lists').set({ updated_at: new Date() }).where('id', '=', listId).execute();
  return Number(result.numDeletedRows);
}
