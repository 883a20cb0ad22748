import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { notifyWork } from '../../lib/workSignals.ts';
import { SWEEP_JOB } from './stepScheduler.ts';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Called in the transaction that sets a workflow back to active (resume_workflow/, update_workflow/ with
 * status active): its held enrolments go back to running (or waiting at their delay) where they were,
 * unscheduled; the runtime's sweep schedules each at its due time (now for a delay that ran out during
 * the pause). Enrolments whose job has not run yet during the pause were never held and just continue.
 */
export async function resumeHeldEnrolments(trx: Db, workflowId: number): Promise<number> {
  const now = new Date();
  const rows = await trx
    .updateTable('workflow_enrolment')
    .set({
      status: sql`coalesce(resume_status, 'running')`,
      resume_status: null,
      job_id: null,
      updated_at: now,
    })
    .where('workflow_id', '=', workflowId)
    .where('status', '=', 'held')
    .returning(['id', 'contact_id', 'current_node'])
    .execute();
  if (rows.length === 0) return 0;
  await trx
    .insertInto('workflow_step_history')
    .values(
      rows.map((row) => ({
        enrolment_id: row.id,
        workflow_id: workflowId,
        contact_id: row.contact_id,
        node_id: row.current_node,
        outcome: 'resumed',
        detail: null,
        at: now,
      })),
    )
    .execute();
  // The runtime's sweep (in every process) wakes when the caller commits and schedules them.
  await notifyWork(trx, SWEEP_JOB);
  return rows.length;
}
