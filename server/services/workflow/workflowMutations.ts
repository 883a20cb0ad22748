import type { Kysely } from 'kysely';
import { flowEmailIds, publishRefusalMessage } from '../../../src/domain/workflowGraphRules.ts';
import {
  type PublishProblem,
  WORKFLOW_TEXTS,
  type WorkflowSummary,
} from '../../../src/domain/workflowTypes.ts';
import type { Database, UserRow } from '../../db/schema.ts';
import { badRequest } from '../../lib/AppError.ts';
import { resumeHeldEnrolments } from '../runtime/resumeHeldEnrolments.ts';
import { emailsWithoutPermission } from './emailAccess.ts';
import { countActive, loadOwnSummary, lockOwnWorkflow } from './queries.ts';
import { checkTriggerSubject, type TriggerSubjectInput } from './triggerSubject.ts';
import { flowPublishProblems } from './workflowDetails.ts';

type User = Pick<UserRow, 'id' | 'org_id' | 'internal_level'>;

export type Refusal = { ok: false; message: string; error_publish_nodes?: PublishProblem[] };

/** create_workflow/: a draft of the user, with its trigger's subject checked. */
export async function createWorkflow(
  db: Kysely<Database>,
  user: User,
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
  if (subject.emailId !== null) {
    await db
      .insertInto('workflow_email')
      .values({ workflow_id: row.id, email_id: subject.emailId })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
  return loadOwnSummary(db, user.id, row.id);
}

/** clone_workflow/: a draft copy named "<name> (copy)", refused unless the user may use every email in it. */
export async function cloneWorkflow(
  db: Kysely<Database>,
  user: User,
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
    const mapped = await trx
      .selectFrom('workflow_email')
      .select('email_id')
      .where('workflow_id', '=', source.id)
      .execute();
    if (mapped.length > 0) {
      await trx
        .insertInto('workflow_email')
        .values(mapped.map((m) => ({ workflow_id: copy.id, email_id: m.email_id })))
        .execute();
    }
    return { ok: true, data: await loadOwnSummary(trx, user.id, copy.id) } as const;
  });
}

/** resume_workflow/: pause (active -> inactive) or resume (inactive -> active, clears newly added nodes). */
export async function resumeWorkflow(
  db: Kysely<Database>,
  user: User,
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
      await trx
        .updateTable('workflow')
        .set({ status: 'inactive', updated_at: new Date() })
        .where('id', '=', row.id)
        .execute();
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
      await trx
        .updateTable('workflow')
        .set({
          status: 'active',
          newly_added_nodes: '[]',
          recently_published_at: new Date(),
          updated_at: new Date(),
        })
        .where('id', '=', row.id)
        .execute();
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

/** email_mapping/: adds and removes emails of the workflow's graph; an id in both lists cancels out. */
export async function mapEmails(
  db: Kysely<Database>,
  user: User,
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
      await trx
        .insertInto('workflow_email')
        .values(toAdd.map((email_id) => ({ workflow_id: workflowId, email_id })))
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
    if (toRemove.length > 0) {
      await trx
        .deleteFrom('workflow_email')
        .where('workflow_id', '=', workflowId)
        .where('email_id', 'in', toRemove)
        .execute();
    }
    const rows = await trx
      .selectFrom('workflow_email')
      .select('email_id')
      .where('workflow_id', '=', workflowId)
      .orderBy('email_id')
      .execute();
    return rows.map((row) => row.email_id);
  });
}
