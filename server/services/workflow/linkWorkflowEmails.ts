import type { Db } from '../../db/Db.ts';

/** Links emails to a workflow's graph (workflow_email); links that exist already are kept. */
export async function linkWorkflowEmails(
  db: Db,
  workflowId: number,
  emailIds: readonly number[],
): Promise<void> {
  if (emailIds.length === 0) return;
  await db
    .insertInto('workflow_email')
    .values(emailIds.map((email_id) => ({ workflow_id: workflowId, email_id })))
    .onConflict((oc) => oc.doNothing())
    .execute();
}
