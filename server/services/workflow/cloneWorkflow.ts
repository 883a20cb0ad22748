import type { Kysely } from 'kysely';
import { flowEmailIds } from '../../../domain/workflowGraphRules.ts';
import { WORKFLOW_TEXTS, type WorkflowSummary } from '../../../domain/workflowTypes.ts';
import type { Database } from '../../db/schema.ts';
import { emailsWithoutPermission } from './emailAccess.ts';
import { linkWorkflowEmails } from './linkWorkflowEmails.ts';
import type { Refusal } from './Refusal.ts';
import type { WorkflowUser } from './WorkflowUser.ts';
import { loadOwnSummary, lockOwnWorkflow, workflowEmailIds } from './workflowQueries.ts';

/** clone_workflow/: a draft copy named "<name> (copy)", refused unless the user may use every email in it. */
export async function cloneWorkflow(
  db: Kysely<Database>,
  user: WorkflowUser,
  workflowId: number,
): Promise<{ ok: true; data: WorkflowSummary } | Refusal> {
  return db.transaction().execute(async (trx) => {
    const source = await lockOwnWorkflow(trx, user.id, workflowId);
    const emailIds = [
      ...new Set([...flowEmailIds(source.flow), ...(source.email_id ? [source.email_id] : [])]),
    ];
    if ((await emailsWithoutPermission(trx, user, emailIds)).length > 0) {
      return { ok: false, message: WORKFLOW_TEXTS.cloneBlocked } as const;
    }
    const suffix = ' (copy)';
    const copy = await trx
      .insertInto('workflow')
      .values({
        org_id: source.org_id,
        user_id: user.id,
        name: `${source.name.slice(0, 200 - suffix.length)}${suffix}`,
        status: 'draft',
        trigger_id: source.trigger_id,
        email_id: source.email_id,
        list_id: source.list_id,
        sp_uuid: source.sp_uuid,
        flow: JSON.stringify(source.flow),
        node_count: source.node_count,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await linkWorkflowEmails(trx, copy.id, await workflowEmailIds(trx, source.id));
    return { ok: true, data: await loadOwnSummary(trx, user.id, copy.id) } as const;
  });
}
