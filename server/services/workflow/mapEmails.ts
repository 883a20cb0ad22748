import type { Kysely } from 'kysely';
import type { EmailMappingChanges } from '../../../domain/emailMappingChanges.ts';
import type { Database } from '../../db/schema.ts';
import { applyEmailMapping } from './applyEmailMapping.ts';
import { lockOwnWorkflow, workflowEmailIds } from './queries.ts';
import type { WorkflowUser } from './WorkflowUser.ts';

/**
 * email_mapping/ on its own (the builder's save sends its mapping with update_workflow/ instead): adds and
 * removes emails of the workflow's graph in one transaction on the locked row; answers the mapped ids.
 */
export async function mapEmails(
  db: Kysely<Database>,
  user: WorkflowUser,
  workflowId: number,
  changes: Readonly<EmailMappingChanges>,
): Promise<number[]> {
  return db.transaction().execute(async (trx) => {
    await lockOwnWorkflow(trx, user.id, workflowId);
    await applyEmailMapping(trx, user.org_id, workflowId, changes);
    return workflowEmailIds(trx, workflowId);
  });
}
