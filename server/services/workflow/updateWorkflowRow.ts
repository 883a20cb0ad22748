import type { Updateable } from 'kysely';
import type { Db } from '../../db/Db.ts';
import type { WorkflowTable } from '../../db/schema.ts';

/** Writes a workflow row's changed columns, always with updated_at (the use case holds the row's lock). */
export async function updateWorkflowRow(
  db: Db,
  workflowId: number,
  set: Omit<Updateable<WorkflowTable>, 'id' | 'updated_at'>,
): Promise<void> {
  await db
    .updateTable('workflow')
    .set({ ...set, updated_at: new Date() })
    .where('id', '=', workflowId)
    .execute();
}
