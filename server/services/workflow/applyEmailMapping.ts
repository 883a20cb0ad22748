import type { Transaction } from 'kysely';
import type { EmailMappingChanges } from '../../../domain/emailMappingChanges.ts';
import type { Database } from '../../db/schema.ts';
import { badRequest } from '../../lib/AppError.ts';
import { linkWorkflowEmails } from './queries.ts';

/**
 * Adds and removes emails of a workflow's graph, in the caller's transaction on the workflow's locked row
 * (email_mapping/, and the builder's save through update_workflow/). An id in both lists cancels out; an
 * added id that is not an email of the organisation is refused (400) before anything is written, and the
 * caller's transaction rolls back with it.
 */
export async function applyEmailMapping(
  trx: Transaction<Database>,
  orgId: number,
  workflowId: number,
  changes: Readonly<EmailMappingChanges>,
): Promise<void> {
  const { add_emails: add, remove_emails: remove } = changes;
  const both = new Set(add.filter((id) => remove.includes(id)));
  const toAdd = add.filter((id) => !both.has(id));
  const toRemove = remove.filter((id) => !both.has(id));
  if (toAdd.length > 0) {
    const known = await trx
      .selectFrom('emails')
      .select('id')
      .where('org_id', '=', orgId)
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
}
