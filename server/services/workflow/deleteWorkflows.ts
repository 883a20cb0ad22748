import type { Db } from '../../db/Db.ts';
import { type ListScope, namePattern } from './workflowQueries.ts';

/** Deletes the user's workflows: the listed ids, or (select all) every one under the search and filter minus the excluded. */
export async function deleteWorkflows(
  db: Db,
  scope: ListScope,
  selection: { selectAll: boolean; ids: number[]; excluded: number[] },
): Promise<number> {
  let query = db.deleteFrom('workflow').where('user_id', '=', scope.userId);
  if (selection.selectAll) {
    if (scope.filter !== 'all') query = query.where('status', '=', scope.filter);
    if (scope.search) query = query.where('name_lower', 'like', namePattern(scope.search));
    if (selection.excluded.length > 0) query = query.where('id', 'not in', selection.excluded);
  } else {
    if (selection.ids.length === 0) return 0;
    query = query.where('id', 'in', selection.ids);
  }
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}
