import type { Kysely } from 'kysely';
import { publishRefusalMessage } from '../../../domain/workflowGraphRules.ts';
import { WORKFLOW_TEXTS, type WorkflowSummary } from '../../../domain/workflowTypes.ts';
import type { Database } from '../../db/schema.ts';
import { resumeHeldEnrolments } from '../runtime/resumeHeldEnrolments.ts';
import type { Refusal } from './Refusal.ts';
import { updateWorkflowRow } from './updateWorkflowRow.ts';
import type { WorkflowUser } from './WorkflowUser.ts';
import { flowPublishProblems } from './workflowDetails.ts';
import { countActive, loadOwnSummary, lockOwnWorkflow } from './workflowQueries.ts';

/** resume_workflow/: pause (active -> inactive) or resume (inactive -> active, clears newly added nodes). */
export async function resumeWorkflow(
  db: Kysely<Database>,
  user: WorkflowUser,
  workflowId: number,
  status: 'active' | 'inactive',
): Promise<{ ok: true; message: string; data: WorkflowSummary; total_active_count: number } | Refusal> {
  return db.transaction().execute(async (trx) => {
    const row = await lockOwnWorkflow(trx, user.id, workflowId);
    let message: string;
    if (row.status === status) {
      message = status === 'active' ? 'The workflow is already active.' : 'The workflow is already paused.';
    } else if (status === 'inactive') {
      if (row.status === 'draft')
        return { ok: false, message: 'A draft workflow cannot be paused: publish it first.' } as const;
      await updateWorkflowRow(trx, row.id, { status: 'inactive' });
      message = 'Your workflow has been paused.';
    } else {
      if (row.status === 'draft') {
        return {
          ok: false,
          message: 'A draft workflow is published from the builder, not resumed.',
        } as const;
      }
      const problems = await flowPublishProblems(trx, row.org_id, row.flow);
      if (problems.length > 0) {
        return {
          ok: false,
          message: publishRefusalMessage(problems),
          error_publish_nodes: problems,
        } as const;
      }
      await updateWorkflowRow(trx, row.id, {
        status: 'active',
        newly_added_nodes: '[]',
        recently_published_at: new Date(),
      });
      await resumeHeldEnrolments(trx, row.id);
      message = WORKFLOW_TEXTS.reactivated;
    }
    return {
      ok: true,
      message,
      data: await loadOwnSummary(trx, user.id, row.id),
      total_active_count: await countActive(trx, user.id),
    } as const;
  });
}
