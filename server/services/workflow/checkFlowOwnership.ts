import type { Kysely } from 'kysely';
import { flowForeignIds } from '../../../domain/flowForeignIds.ts';
import { flowEmailIds, flowListIds } from '../../../domain/workflowGraphRules.ts';
import type { WorkflowFlow } from '../../../domain/workflowTypes.ts';
import type { Database } from '../../db/schema.ts';
import { badRequest } from '../../lib/AppError.ts';

/**
 * Refuses (400, naming the step) a flow that points at an email or a list its organisation does not have:
 * the runtime would ignore it, but it must never be stored, shown or published.
 */
export async function checkFlowOwnership(
  db: Kysely<Database>,
  orgId: number,
  flow: WorkflowFlow,
): Promise<void> {
  const emailIds = flowEmailIds(flow);
  const listIds = flowListIds(flow);
  const [emails, lists] = await Promise.all([
    emailIds.length
      ? db.selectFrom('emails').select('id').where('org_id', '=', orgId).where('id', 'in', emailIds).execute()
      : [],
    listIds.length
      ? db
          .selectFrom('contact_lists')
          .select('id')
          .where('org_id', '=', orgId)
          .where('id', 'in', listIds)
          .execute()
      : [],
  ]);
  const problems = flowForeignIds(flow, {
    emailIds: new Set(emails.map((row) => row.id)),
    listIds: new Set(lists.map((row) => row.id)),
  });
  if (problems.length > 0) {
    const more = problems.length - 1;
    throw badRequest(`The workflow is not valid: ${problems[0]}${more > 0 ? ` (and ${more} more)` : ''}`);
  }
}
