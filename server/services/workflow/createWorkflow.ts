import type { Kysely } from 'kysely';
import { WORKFLOW_TEXTS, type WorkflowSummary } from '../../../domain/workflowTypes.ts';
import type { Database } from '../../db/schema.ts';
import { linkWorkflowEmails } from './linkWorkflowEmails.ts';
import { checkTriggerSubject, type TriggerSubjectInput } from './triggerSubject.ts';
import type { WorkflowUser } from './WorkflowUser.ts';
import { loadOwnSummary } from './workflowQueries.ts';

/** create_workflow/: a draft of the user, with its trigger's subject checked. */
export async function createWorkflow(
  db: Kysely<Database>,
  user: WorkflowUser,
  input: TriggerSubjectInput & { triggerId: number; name: string | null },
): Promise<WorkflowSummary> {
  const subject = await checkTriggerSubject(db, user.org_id, input.triggerId, input);
  const row = await db
    .insertInto('workflow')
    .values({
      org_id: user.org_id,
      user_id: user.id,
      name: input.name ?? WORKFLOW_TEXTS.defaultName,
      status: 'draft',
      trigger_id: input.triggerId,
      email_id: subject.emailId,
      list_id: subject.listId,
      sp_uuid: subject.spUuid,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (subject.emailId !== null) await linkWorkflowEmails(db, row.id, [subject.emailId]);
  return loadOwnSummary(db, user.id, row.id);
}
