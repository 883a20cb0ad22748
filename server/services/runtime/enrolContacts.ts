import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { notifyWork } from '../../lib/workSignals.ts';
import { newJobId, type StepScheduler, SWEEP_JOB } from './stepScheduler.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** A chain of workflows longer than this (trigger after trigger) enrols no one (the loop guard). */
export const MAX_CHAIN_DEPTH = 10;

export const LIVE_STATUSES = ['running', 'waiting', 'held'] as const;

/** An enrolment made by enrolContacts. */
export type NewEnrolment = { id: number; contactId: number };

export type EnrolInput = {
  workflowId: number;
  orgId: number;
  contactIds: readonly number[];
  triggerId: number;
  triggerEventId?: number | null;
  /** The send whose event is the trigger: a workflow enrols once per send (one contact). */
  triggerSendId?: number | null;
  triggerDetail?: Record<string, unknown>;
  /** Workflows whose steps or emails led here (empty for an outside event). */
  chain: readonly number[];
  now: Date;
};

/**
 * The loop guard: a contact is not enrolled in a workflow that is already in the chain that led to the
 * trigger (a workflow never re-enrols a contact through events it caused itself, directly or through
 * other workflows), nor when the chain is MAX_CHAIN_DEPTH workflows long.
 */
export function chainAllows(chain: readonly number[], workflowId: number): boolean {
  return !chain.includes(workflowId) && chain.length < MAX_CHAIN_DEPTH;
}

/**
 * Enrols contacts in an active workflow at its first step ("0"), in the caller's transaction. A contact
 * with a live (running, waiting or held) enrolment in the workflow is left as it is: the second trigger
 * is ignored (the partial unique index decides, also between processes). A contact whose enrolment has
 * ended is enrolled again, but never twice by one send (opening the same email again). Each new enrolment's first step is scheduled in the same transaction when a
 * scheduler is given; otherwise the runtime's sweep schedules it. Returns the new enrolments.
 */
export async function enrolContacts(
  trx: Db,
  scheduler: StepScheduler | null,
  input: EnrolInput,
): Promise<NewEnrolment[]> {
  if (input.contactIds.length === 0 || !chainAllows(input.chain, input.workflowId)) return [];
  const unique = [...new Set(input.contactIds)];
  const rows = await trx
    .insertInto('workflow_enrolment')
    .columns([
      'org_id',
      'workflow_id',
      'contact_id',
      'status',
      'current_node',
      'next_due_at',
      'job_id',
      'trigger_id',
      'trigger_event_id',
      'trigger_send_id',
      'trigger_detail',
      'chain',
      'enrolled_at',
      'updated_at',
    ])
    .expression(
      trx
        .selectFrom(sql<{ contact_id: number }>`unnest(${sql.val(unique)}::int[])`.as('c'))
        .innerJoin('contacts as ct', (join) =>
          join.onRef('ct.id', '=', sql.ref('c.c')).on('ct.org_id', '=', input.orgId),
        )
        .select([
          sql.val(input.orgId).as('org_id'),
          sql.val(input.workflowId).as('workflow_id'),
          'ct.id as contact_id',
          sql.val('running').as('status'),
          sql.val('0').as('current_node'),
          sql.val(input.now).as('next_due_at'),
          (scheduler ? sql`gen_random_uuid()` : sql`null::uuid`).as('job_id'),
          sql.val(input.triggerId).as('trigger_id'),
          sql.val(input.triggerEventId ?? null).as('trigger_event_id'),
          sql.val(input.triggerSendId ?? null).as('trigger_send_id'),
          sql.val(JSON.stringify(input.triggerDetail ?? {})).as('trigger_detail'),
          sql`${sql.val([...input.chain])}::int[]`.as('chain'),
          sql.val(input.now).as('enrolled_at'),
          sql.val(input.now).as('updated_at'),
        ]),
    )
    // Either unique index: a live enrolment of the contact, or an enrolment from the same trigger send.
    .onConflict((oc) => oc.doNothing())
    .returning(['id', 'contact_id', 'job_id'])
    .execute();
  if (rows.length === 0) return [];
  await trx
    .insertInto('workflow_step_history')
    .values(
      rows.map((row) => ({
        enrolment_id: row.id,
        workflow_id: input.workflowId,
        contact_id: row.contact_id,
        node_id: '0',
        outcome: 'enrolled',
        detail: JSON.stringify({ trigger_id: input.triggerId, ...(input.triggerDetail ?? {}) }),
        at: input.now,
      })),
    )
    .execute();
  if (scheduler) {
    await scheduler.schedule(
      trx,
      rows.map((row) => ({
        jobId: row.job_id ?? newJobId(),
        enrolmentId: row.id,
        seq: 0,
        dueAt: input.now,
      })),
    );
  } else if (rows.length > 0) {
    // No runtime in this process: a runtime's sweep (any process) schedules them once this commits.
    await notifyWork(trx, SWEEP_JOB);
  }
  return rows.map((row) => ({ id: row.id, contactId: row.contact_id }));
}
