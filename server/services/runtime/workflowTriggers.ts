import { type AliasableExpression, type Kysely, type SelectQueryNode, sql } from 'kysely';
import { TRIGGER_IDS } from '../../../domain/workflowTypes.ts';
import type { Db } from '../../db/Db.ts';
import type { Database } from '../../db/schema.ts';
import type { EmailEventSink, RecordedEmailEvent } from '../../lib/EmailEventSink.ts';
import { chainAllows, enrolContacts, LIVE_STATUSES, type NewEnrolment } from './enrolContacts.ts';
import { activeScheduler, runtimeNow } from './runtimeRegistry.ts';
import type { StepScheduler } from './stepScheduler.ts';
import { type TriggerWorkflow, triggerWorkflowsOf } from './triggerWorkflowsOf.ts';

/**
 * What enrols contacts (trigger ids), for ACTIVE workflows only (a draft or paused
 * workflow enrols no one), all in the transaction that records the cause:
 * - 7 email open, 8 email click, 9 email received: an opened, clicked or delivered event of the
 *   workflow's trigger email;
 * - 11 email sequence: a sent event of an email of the trigger email's sequence, i.e. its campaign (the
 *   trigger email itself when it has no campaign);
 * - 10 share profile: a sent event of a send-email step whose share profile (detail.sp_uuid) is the
 *   workflow's share profile;
 * - 14 subscribes to a list: the contact is added to the workflow's list (an add-to-list step, or any code
 *   that calls subscribeContactsToList); a contact already in the list is not "subscribed" again.
 * Events caused by a workflow's own email carry the chain of the enrolment that sent it (loop guard).
 */
export function workflowEventSink(scheduler: () => StepScheduler | null): EmailEventSink {
  const sink: EmailEventSink = async (trx, event) => {
    await enrolOnEmailEvent(trx, scheduler(), event);
  };
  sink.prepare = markLiveEnrolments;
  return sink;
}

/**
 * For a batch of events from outside the workflows (opens and clicks of the tracking endpoints): one
 * query per matching workflow finds the contacts of the batch already enrolled in it and the sends of the
 * batch that already started an enrolment in it, whose triggers are then ignored without a query each (a
 * second trigger of an enrolled contact, or of the same send, does nothing).
 */
async function markLiveEnrolments(trx: Db, events: readonly RecordedEmailEvent[]): Promise<void> {
  const byWorkflow = new Map<number, { contacts: Set<number>; sends: Set<number> }>();
  for (const event of events) {
    if (!event.contactId || event.workflowId) continue;
    const candidates = await triggerWorkflowsOf(trx, event.orgId);
    for (const workflow of matchingWorkflows(candidates, event, null)) {
      let batch = byWorkflow.get(workflow.id);
      if (!batch) {
        batch = { contacts: new Set(), sends: new Set() };
        byWorkflow.set(workflow.id, batch);
      }
      batch.contacts.add(event.contactId);
      if (event.sendId !== null) batch.sends.add(event.sendId);
    }
  }
  const handled = handledIn(trx);
  for (const [workflowId, { contacts, sends }] of byWorkflow) {
    const rows = await trx
      .selectFrom('workflow_enrolment')
      .select(['contact_id', 'trigger_send_id', 'status'])
      .where('workflow_id', '=', workflowId)
      .where((eb) =>
        eb.or([
          eb.and([eb('contact_id', 'in', [...contacts]), eb('status', 'in', [...LIVE_STATUSES])]),
          ...(sends.size > 0 ? [eb('trigger_send_id', 'in', [...sends])] : []),
        ]),
      )
      .execute();
    for (const row of rows) {
      if ((LIVE_STATUSES as readonly string[]).includes(row.status)) {
        handled.add(handledKey(workflowId, row.contact_id));
      }
      if (row.trigger_send_id !== null) handled.add(handledSendKey(workflowId, row.trigger_send_id));
    }
  }
}

const handledKey = (workflowId: number, contactId: number) => `${workflowId}:${contactId}`;
const handledSendKey = (workflowId: number, sendId: number) => `${workflowId}:send:${sendId}`;

/** The candidate workflows an event starts (spUuid: the share profile of its sending step, if any). */
function matchingWorkflows(
  candidates: readonly TriggerWorkflow[],
  event: RecordedEmailEvent,
  spUuid: string | null,
): TriggerWorkflow[] {
  const emailTrigger = TRIGGER_OF_KIND[event.kind];
  const isSent = event.kind === 'sent';
  return candidates.filter((w) => {
    if (
      event.emailId !== null &&
      emailTrigger &&
      w.trigger_id === emailTrigger &&
      w.email_id === event.emailId
    )
      return true;
    if (isSent && event.emailId !== null && w.trigger_id === TRIGGER_IDS.emailSequence) {
      if (w.email_id === event.emailId) return true;
      if (event.campaignId !== null && w.campaign_id === event.campaignId) return true;
    }
    return spUuid !== null && w.trigger_id === TRIGGER_IDS.shareProfile && w.sp_uuid === spUuid;
  });
}

const TRIGGER_OF_KIND: Partial<Record<RecordedEmailEvent['kind'], number>> = {
  opened: TRIGGER_IDS.emailOpen,
  clicked: TRIGGER_IDS.emailClick,
  delivered: TRIGGER_IDS.emailReceived,
};

export async function enrolOnEmailEvent(
  trx: Db,
  scheduler: StepScheduler | null,
  event: RecordedEmailEvent,
): Promise<number[]> {
  if (!event.contactId) return [];
  const emailTrigger = TRIGGER_OF_KIND[event.kind];
  const isSent = event.kind === 'sent';
  if (!emailTrigger && !isSent) return [];

  const candidates = await triggerWorkflowsOf(trx, event.orgId);
  if (candidates.length === 0) return [];

  // A send of a share profile's step starts that share profile's workflows: the step's sp_uuid is read
  // only when such a workflow exists.
  let spUuid: string | null = null;
  const shareProfileTriggers = candidates.some((w) => w.trigger_id === TRIGGER_IDS.shareProfile && w.sp_uuid);
  if (isSent && shareProfileTriggers && event.workflowId && event.nodeId) {
    const source = await trx
      .selectFrom('workflow')
      .select(sql<string | null>`flow -> ${event.nodeId}::text -> 'detail' ->> 'sp_uuid'`.as('sp'))
      .where('id', '=', event.workflowId)
      .executeTakeFirst();
    spUuid = source?.sp ?? null;
  }

  const workflows = matchingWorkflows(candidates, event, spUuid);
  if (workflows.length === 0) return [];

  // A second trigger in the same transaction (a tracking batch) finds the contact enrolled by the first:
  // it is ignored without asking the database again.
  const handled = handledIn(trx);
  const sendId = event.sendId;
  const fresh = workflows.filter(
    (w) =>
      !handled.has(handledKey(w.id, event.contactId)) &&
      (sendId === null || !handled.has(handledSendKey(w.id, sendId))),
  );
  if (fresh.length === 0) return [];
  for (const w of fresh) {
    handled.add(handledKey(w.id, event.contactId));
    if (sendId !== null) handled.add(handledSendKey(w.id, sendId));
  }
  const chain = event.workflowId ? await chainOfSender(trx, event.workflowId, event.contactId) : [];
  const enrolled: number[] = [];
  for (const workflow of fresh) {
    if (!chainAllows(chain, workflow.id)) continue;
    const made = await enrolContacts(trx, scheduler, {
      workflowId: workflow.id,
      orgId: event.orgId,
      contactIds: [event.contactId],
      triggerId: workflow.trigger_id,
      triggerEventId: event.id,
      triggerSendId: sendId,
      triggerDetail: {
        event: event.kind,
        email_id: event.emailId,
        ...(event.link ? { link: event.link } : {}),
      },
      chain,
      // Enrolled as of the trigger itself (the event may be a moment older than this transaction), so
      // "has opened / has clicked" of the trigger email counts the open or click that started it.
      now: earliest(event.occurredAt, runtimeNow()),
    });
    enrolled.push(...made.map((enrolment) => enrolment.id));
  }
  return enrolled;
}

function earliest(a: Date, b: Date): Date {
  return a.getTime() <= b.getTime() ? a : b;
}

/** Per transaction: the (workflow, contact) pairs whose trigger was already handled in it. */
const handledByTransaction = new WeakMap<object, Set<string>>();

function handledIn(trx: Db): Set<string> {
  if (!trx.isTransaction) return new Set();
  let handled = handledByTransaction.get(trx);
  if (!handled) {
    handled = new Set();
    handledByTransaction.set(trx, handled);
  }
  return handled;
}

/** The chain of the enrolment whose email caused an event: its own chain plus its workflow. */
async function chainOfSender(trx: Db, workflowId: number, contactId: number): Promise<number[]> {
  const source = await trx
    .selectFrom('workflow_enrolment')
    .select('chain')
    .where('workflow_id', '=', workflowId)
    .where('contact_id', '=', contactId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return [...(source?.chain ?? []), workflowId];
}

/** A select query answering contact ids (a Kysely select of one column `id`). */
export type ContactIdQuery = AliasableExpression<{ id: number }> & {
  readonly isSelectQueryBuilder: true;
  toOperationNode(): SelectQueryNode;
};

export type SubscribeInput = {
  orgId: number;
  listId: number;
  contactIds: readonly number[];
  /**
   * Instead of contactIds: a query answering the contacts' ids (one column `id`), for a selection as large
   * as the organisation (the audience's select-all), added in one statement.
   */
  contactQuery?: ContactIdQuery;
  /** Workflows that led to this addition (an add-to-list step passes its enrolment's chain + workflow). */
  chain?: readonly number[];
};

/**
 * Adds contacts to a list where they are not members yet and enrols the newly added ones in the
 * organisation's active "subscribes to a list" (14) workflows of that list. Call it from any code that
 * adds contacts to a list, with the caller's transaction (or the database: a transaction is opened).
 * Contacts and list must be of orgId. Returns the contacts added and the enrolments made.
 */
export async function subscribeContactsToList(
  db: Db,
  input: SubscribeInput,
  scheduler: StepScheduler | null = activeScheduler(),
  /** A memo for lookups within one transaction (the runtime's batches). */
  memo?: Map<string, unknown>,
): Promise<{ added: number[]; enrolments: NewEnrolment[] }> {
  if (!db.isTransaction) {
    return (db as Kysely<Database>)
      .transaction()
      .execute((trx) => subscribeContactsToList(trx, input, scheduler, memo));
  }
  const remember = async <T>(key: string, load: () => Promise<T>): Promise<T> => {
    if (!memo) return load();
    if (!memo.has(key)) memo.set(key, await load());
    return memo.get(key) as T;
  };
  if (input.contactIds.length === 0 && !input.contactQuery) return { added: [], enrolments: [] };
  const list = await remember(`list:${input.orgId}:${input.listId}`, () =>
    db
      .selectFrom('contact_lists')
      .select('id')
      .where('id', '=', input.listId)
      .where('org_id', '=', input.orgId)
      .executeTakeFirst(),
  );
  if (!list) return { added: [], enrolments: [] };
  const inserted = await db
    .insertInto('list_contacts')
    .columns(['list_id', 'contact_id'])
    .expression(
      db
        .selectFrom('contacts')
        .select([sql.val(input.listId).as('list_id'), 'id as contact_id'])
        .where('org_id', '=', input.orgId)
        .where('id', 'in', input.contactQuery ?? [...new Set(input.contactIds)]),
    )
    .onConflict((oc) => oc.columns(['list_id', 'contact_id']).doNothing())
    .returning('contact_id')
    .execute();
  const added = inserted.map((row) => row.contact_id);
  if (added.length === 0) return { added, enrolments: [] };
  const workflows = await remember(`list-workflows:${input.orgId}:${input.listId}`, () =>
    db
      .selectFrom('workflow')
      .select('id')
      .where('org_id', '=', input.orgId)
      .where('status', '=', 'active')
      .where('trigger_id', '=', TRIGGER_IDS.listSubscription)
      .where('list_id', '=', input.listId)
      .where(sql<boolean>`jsonb_exists(flow, '0')`)
      .orderBy('id')
      .execute(),
  );
  const chain = input.chain ?? [];
  const enrolments: NewEnrolment[] = [];
  for (const workflow of workflows) {
    enrolments.push(
      ...(await enrolContacts(db, scheduler, {
        workflowId: workflow.id,
        orgId: input.orgId,
        contactIds: added,
        triggerId: TRIGGER_IDS.listSubscription,
        triggerDetail: { list_id: input.listId },
        chain,
        now: runtimeNow(),
      })),
    );
  }
  return { added, enrolments };
}
