import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { badRequest } from '../../lib/AppError.ts';
import { linkWorkflowEmails } from './linkWorkflowEmails.ts';
import type { WorkflowUser } from './WorkflowUser.ts';
import { lockOwnWorkflow, workflowEmailIds } from './workflowQueries.ts';

/** email_mapping/: adds and removes emails of the workflow's graph; an id in both lists cancels out. */
export async function mapEmails(
  db: Kysely<Database>,
  user: WorkflowUser,
  workflowId: number,
  add: readonly number[],
  remove: readonly number[],
): Promise<number[]> {
  return db.transaction().execute(async (trx) => {
    await lockOwnWorkflow(trx, user.id, workflowId);
    const both = new Set(add.filter((id) => remove.includes(id)));
    const toAdd = add.filter((id) => !both.has(id));
    const toRemove = remove.filter((id) => !both.has(id));
    if (toAdd.length > 0) {
      const known = await trx
        .selectFrom('emails')
        .select('id')
        .where('org_id', '=', user.org_id)
        .where('id', 'in', toAdd)
        .execute();
      const missing = toAdd.filter((id) => !known.some((row) => row.id === id));
      if (missing.length > 0) {
        const what = missing.length > 1 ? 'are not emails' : 'is not an email';
        throw badRequest(`add_emails: ${missing.join(', ')} ${what} of your organisation.`);
      }
      await linkWorkflowEmails(trx, workflowId, toAdd);
    }
    if (toRemove.length > 0) {
      await trx
        .deleteFrom('workflow_email')
        .where('workflow_id', '=', workflowId)
        .where('email_id', 'in', toRemove)
        .execute();
    }
    return workflowEmailIds(trx, workflowId);
  });
}
