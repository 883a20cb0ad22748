import { sql } from 'kysely';
import { expect } from 'vitest';
import type { WorkflowFlow } from '../../../domain/workflowTypes.ts';
import type { DatabaseHandle } from '../../../server/db/openDatabase.ts';
import type { EmailEventKind } from '../../../server/lib/EmailEventSink.ts';
import { DEMO_IDS } from '../../../server/seed/demoIds.ts';
import { recordEmailEvents } from '../../../server/services/delivery/recordEmailEvent.ts';
import type { WorkflowRuntime } from '../../../server/services/runtime/WorkflowRuntime.ts';
import { eventually, type TestClock } from './runtimeKit.ts';

export const ORG = DEMO_IDS.mainOrgId;

/** The seeded workflows are paused so that only the test's own workflows react to events. */
export async function pauseSeededWorkflows(database: DatabaseHandle): Promise<void> {
  await database.db
    .updateTable('workflow')
    .set({ status: 'inactive' })
    .where('status', '=', 'active')
    .execute();
}

export async function insertWorkflow(
  database: DatabaseHandle,
  input: {
    triggerId: number;
    flow: WorkflowFlow;
    emailId?: number;
    listId?: number;
    spUuid?: string;
    status?: 'active' | 'inactive' | 'draft';
  },
): Promise<number> {
  const row = await database.db
    .insertInto('workflow')
    .values({
      org_id: ORG,
      user_id: DEMO_IDS.demoUserId,
      name: `Runtime test ${input.triggerId}`,
      status: input.status ?? 'active',
      trigger_id: input.triggerId,
      email_id: input.emailId ?? null,
      list_id: input.listId ?? null,
      sp_uuid: input.spUuid ?? null,
      flow: JSON.stringify(input.flow),
      node_count: Object.keys(input.flow).length,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Records an email event the way delivery and tracking do, handing it to the runtime's sink. */
export async function fire(
  database: DatabaseHandle,
  runtime: WorkflowRuntime,
  clock: TestClock,
  input: {
    kind: EmailEventKind;
    contactId: number;
    emailId: number;
    campaignId?: number | null;
    workflowId?: number | null;
    nodeId?: string | null;
    link?: string | null;
    sendId?: number | null;
    /** Before now, as a tracking batch records a request a moment after it came in. Default: now. */
    agoMs?: number;
  },
): Promise<void> {
  const { agoMs = 0, ...event } = input;
  await database.db.transaction().execute(async (trx) => {
    await recordEmailEvents(
      trx,
      [runtime.emailEventSink],
      [
        {
          orgId: ORG,
          ...event,
          occurredAt: new Date(clock.now().getTime() - agoMs),
        },
      ],
    );
  });
}

export async function enrolments(database: DatabaseHandle, workflowId: number, contactId?: number) {
  let query = database.db
    .selectFrom('workflow_enrolment')
    .selectAll()
    .where('workflow_id', '=', workflowId)
    .orderBy('id');
  if (contactId !== undefined) query = query.where('contact_id', '=', contactId);
  return query.execute();
}

/** Waits until the contact's latest enrolment in the workflow has one of the statuses; returns it. */
export async function settled(
  database: DatabaseHandle,
  workflowId: number,
  contactId: number,
  statuses: string[],
  count = 1,
) {
  return eventually(
    async () => {
      const rows = await enrolments(database, workflowId, contactId);
      const last = rows.at(-1);
      return rows.length === count && last && statuses.includes(last.status) ? last : undefined;
    },
    `enrolment ${count} of contact ${contactId} in workflow ${workflowId} to be ${statuses.join('/')}`,
  );
}

export async function historyOf(database: DatabaseHandle, enrolmentId: number) {
  const rows = await database.db
    .selectFrom('workflow_step_history')
    .select(['node_id', 'outcome'])
    .where('enrolment_id', '=', enrolmentId)
    .orderBy('id')
    .execute();
  return rows.map((row) => `${row.node_id}:${row.outcome}`);
}

export async function sendsOf(database: DatabaseHandle, workflowId: number, contactId?: number) {
  let query = database.db
    .selectFrom('email_send')
    .select(['id', 'contact_id', 'email_id', 'node_id', 'dedupe_key', 'status'])
    .where('workflow_id', '=', workflowId)
    .orderBy('id');
  if (contactId !== undefined) query = query.where('contact_id', '=', contactId);
  return query.execute();
}

export async function removeFromLists(database: DatabaseHandle, contactId: number): Promise<void> {
  await sql`delete from list_contacts where contact_id = ${contactId}`.execute(database.db);
}

/** Waits for the contact's enrolment to complete and checks the path it took ("node:outcome"). */
export async function expectPath(
  database: DatabaseHandle,
  workflowId: number,
  contactId: number,
  path: readonly string[],
) {
  const done = await settled(database, workflowId, contactId, ['completed']);
  expect(await historyOf(database, done.id)).toEqual(path);
  return done;
}

/** Send (0), delay (1), If / Else (2): yes adds to a list (3) and ends (4); no ends (5). */
export const SEND_WAIT_BRANCH = {
  yes: ['0:enrolled', '0:sent', '1:delay started', '1:waited', '2:yes', '3:added', '4:ended'],
  no: ['0:enrolled', '0:sent', '1:delay started', '1:waited', '2:no', '5:ended'],
} as const;
