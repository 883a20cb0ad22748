import { describe, expect, it } from 'vitest';
import { recordEmailEvents } from '../../../server/services/delivery/recordEmailEvent.ts';
import type { WorkflowRuntime } from '../../../server/services/runtime/WorkflowRuntime.ts';
import { subscribeContactsToList } from '../../../server/services/runtime/workflowTriggers.ts';
import type { Session } from '../../helpers/testApp.ts';
import { post, W } from '../workflowTestKit.ts';
import { enrolments, fire, insertWorkflow, ORG, removeFromLists, sendsOf, settled } from './runtimeDb.ts';
import { buildFlow, type RuntimeTestApp, travel } from './runtimeKit.ts';
import { HOUR, runtimeTestSuite } from './runtimeTestSuite.ts';

let t: RuntimeTestApp;
let runtime: WorkflowRuntime;
let demo: Session;
const { clock, expectPath } = runtimeTestSuite((fixture) => {
  ({ t, runtime, demo } = fixture);
});

describe('pause, resume, re-entry, edits', () => {
  it('an inactive workflow holds its contacts where they are; resuming continues them', async () => {
    const flow = buildFlow([
      { type: 'delay', duration: { value: 1, unit: 'hours' } },
      { type: 'send email', emailId: 1 },
      { type: 'end' },
    ]);
    const w = await insertWorkflow(t.database, { triggerId: 7, emailId: 17, flow });
    await fire(t.database, runtime, clock, { kind: 'opened', contactId: 30, emailId: 17 });
    await settled(t.database, w, 30, ['waiting']);
    const paused = await post(t.app, demo, `${W}resume_workflow/`, { workflow_id: w, status: 'inactive' });
    expect(paused.json()).toMatchObject({ success: true });
    await travel(t.database, clock, HOUR);
    const held = await settled(t.database, w, 30, ['held']);
    expect(held).toMatchObject({ current_node: '0', resume_status: 'waiting', job_id: null });
    expect(await sendsOf(t.database, w)).toEqual([]);
    // A new trigger while paused enrols no one.
    await fire(t.database, runtime, clock, { kind: 'opened', contactId: 31, emailId: 17 });
    expect(await enrolments(t.database, w, 31)).toEqual([]);

    const resumed = await post(t.app, demo, `${W}resume_workflow/`, { workflow_id: w, status: 'active' });
    expect(resumed.json()).toMatchObject({ success: true, message: 'Your workflow has been reactivated' });
    await expectPath(w, 30, [
      '0:enrolled',
      '0:delay started',
      '0:held',
      '0:resumed',
      '0:waited',
      '1:sent',
      '2:ended',
    ]);
    expect(await sendsOf(t.database, w)).toHaveLength(1);
  });

  it('a second trigger while enrolled is ignored; once ended, a new send enrols again, the same send never', async () => {
    const flow = buildFlow([{ type: 'delay', duration: { value: 2, unit: 'hours' } }, { type: 'end' }]);
    const w = await insertWorkflow(t.database, { triggerId: 7, emailId: 19, flow });
    const open = (sendId: number) =>
      fire(t.database, runtime, clock, { kind: 'opened', contactId: 32, emailId: 19, sendId });
    await open(900_001);
    await settled(t.database, w, 32, ['waiting']);
    await open(900_001);
    await open(900_002);
    expect(await enrolments(t.database, w, 32)).toHaveLength(1);
    await travel(t.database, clock, 2 * HOUR);
    await settled(t.database, w, 32, ['completed']);
    // The same email opened again: not a new start (the enrolment is recorded in the event's transaction).
    await open(900_001);
    expect(await enrolments(t.database, w, 32)).toHaveLength(1);
    // A new send of the trigger email, opened: enrolled again.
    await open(900_003);
    const again = await settled(t.database, w, 32, ['waiting'], 2);
    expect(again.trigger_send_id).toBe(900_003);

    // Many opens of one send in one tracking batch (one transaction) enrol once.
    const batched = await insertWorkflow(t.database, { triggerId: 7, emailId: 19, flow });
    await t.database.db.transaction().execute(async (trx) => {
      await recordEmailEvents(
        trx,
        [runtime.emailEventSink],
        [900_004, 900_004, 900_004].map((sendId) => ({
          orgId: ORG,
          kind: 'opened' as const,
          contactId: 33,
          emailId: 19,
          sendId,
        })),
      );
    });
    expect(await enrolments(t.database, batched, 33)).toHaveLength(1);
  });

  it('a contact whose current step was deleted from the flow leaves the workflow (exited)', async () => {
    const flow = buildFlow([
      { type: 'send email', emailId: 1 },
      { type: 'delay', duration: { value: 1, unit: 'hours' } },
      { type: 'end' },
    ]);
    const w = await insertWorkflow(t.database, { triggerId: 7, emailId: 20, flow });
    await fire(t.database, runtime, clock, { kind: 'opened', contactId: 33, emailId: 20 });
    await settled(t.database, w, 33, ['waiting']);
    const edited = buildFlow([{ type: 'send email', emailId: 1 }]);
    await t.database.db
      .updateTable('workflow')
      .set({ flow: JSON.stringify({ ...edited, '0': { ...edited['0'], childNodes: [] } }), version: 5 })
      .where('id', '=', w)
      .execute();
    await travel(t.database, clock, HOUR);
    const exited = await settled(t.database, w, 33, ['exited']);
    expect(exited.current_node).toBe('1');
    expect(await sendsOf(t.database, w)).toHaveLength(1);
  });
});

describe('the loop guard', () => {
  it('an email a workflow sent does not re-enrol the contact in it (directly or through another workflow)', async () => {
    const a = await insertWorkflow(t.database, {
      triggerId: 9,
      emailId: 22,
      flow: buildFlow([{ type: 'send email', emailId: 23 }, { type: 'end' }]),
    });
    const b = await insertWorkflow(t.database, {
      triggerId: 9,
      emailId: 23,
      flow: buildFlow([{ type: 'send email', emailId: 22 }, { type: 'end' }]),
    });
    await fire(t.database, runtime, clock, { kind: 'delivered', contactId: 40, emailId: 22 });
    const inA = await settled(t.database, a, 40, ['completed']);
    // A's email 23 is delivered: B enrols with chain [A]; B's email 22 is delivered: A is in the chain.
    await fire(t.database, runtime, clock, {
      kind: 'delivered',
      contactId: 40,
      emailId: 23,
      workflowId: a,
      nodeId: '0',
    });
    const inB = await settled(t.database, b, 40, ['completed']);
    expect(inB.chain).toEqual([a]);
    await fire(t.database, runtime, clock, {
      kind: 'delivered',
      contactId: 40,
      emailId: 22,
      workflowId: b,
      nodeId: '0',
    });
    expect(await enrolments(t.database, a, 40)).toHaveLength(1);
    expect(inA.chain).toEqual([]);
    // The same delivery from outside any workflow re-enrols (the first enrolment ended).
    await fire(t.database, runtime, clock, { kind: 'delivered', contactId: 40, emailId: 22 });
    await settled(t.database, a, 40, ['completed'], 2);
  });

  it('add-to-list chains: a list workflow is not re-entered through lists its own steps filled', async () => {
    for (const c of [41]) await removeFromLists(t.database, c);
    const a = await insertWorkflow(t.database, {
      triggerId: 14,
      listId: 5,
      flow: buildFlow([{ type: 'add to list', listId: 2 }, { type: 'end' }]),
    });
    const b = await insertWorkflow(t.database, {
      triggerId: 14,
      listId: 2,
      flow: buildFlow([{ type: 'add to list', listId: 5 }, { type: 'end' }]),
    });
    await subscribeContactsToList(t.database.db, { orgId: ORG, listId: 5, contactIds: [41] });
    const inB = await settled(t.database, b, 41, ['completed']);
    expect(inB.chain).toEqual([a]);
    // Taken off list 5 meanwhile, B's step would add it again: A is in B's chain, so no re-entry.
    await removeFromLists(t.database, 41);
    await subscribeContactsToList(t.database.db, { orgId: ORG, listId: 5, contactIds: [41], chain: [a, b] });
    expect(await enrolments(t.database, a, 41)).toHaveLength(1);
  });
});
