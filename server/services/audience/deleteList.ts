import type { Db } from '../../db/Db.ts';
import { AppError } from '../../lib/AppError.ts';
import { lockOrgList, workflowsUsingList } from './listQueries.ts';
import { runListChange } from './runListChange.ts';

/**
 * delete_list/: deletes the list and its memberships (the contacts stay). A list a workflow uses (its
 * trigger, an add-to-list step or a list condition) is refused with the workflows' names: deleting it
 * would silently stop the trigger and leave steps pointing at nothing.
 */
export async function deleteList(db: Db, user: { org_id: number }, listId: number): Promise<void> {
  await runListChange(db, user.org_id, async (trx) => {
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
