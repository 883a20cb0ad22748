import { describe, expect, it } from 'vitest';
import { DEMO_SHARE_PROFILES } from '../../../server/seed/demoWorkflows.ts';
import type { WorkflowRuntime } from '../../../server/services/runtime/WorkflowRuntime.ts';
import { subscribeContactsToList } from '../../../server/services/runtime/workflowTriggers.ts';
import { enrolments, fire, insertWorkflow, ORG, removeFromLists, settled } from './runtimeDb.ts';
import { buildFlow, eventually, type RuntimeTestApp } from './runtimeKit.ts';
import { endOnly, runtimeTestSuite } from './runtimeTestSuite.ts';

let t: RuntimeTestApp;
let runtime: WorkflowRuntime;
const { clock, click, expectPath } = runtimeTestSuite((fixture) => {
  ({ t, runtime } = fixture);
});

describe('triggers', () => {
  it('7 email open, 8 email click, 9 email received: events of the trigger email only', async () => {
    const w7 = await insertWorkflow(t.database, { triggerId: 7, emailId: 2, flow: endOnly() });
    const w8 = await insertWorkflow(t.database, { triggerId: 8, emailId: 4, flow: endOnly() });
    const w9 = await insertWorkflow(t.database, { triggerId: 9, emailId: 5, flow: endOnly() });
    await fire(t.database, runtime, clock, { kind: 'opened', contactId: 1, emailId: 2 });
    await fire(t.database, runtime, clock, { kind: 'opened', contactId: 2, emailId: 4 });
    await click(3, 4, 'https://x.test');
    await fire(t.database, runtime, clock, { kind: 'delivered', contactId: 4, emailId: 5 });
    await fire(t.database, runtime, clock, { kind: 'opened', contactId: 5, emailId: 5 });
    await expectPath(w7, 1, ['0:enrolled', '0:ended']);
    await settled(t.database, w8, 3, ['completed']);
    await settled(t.database, w9, 4, ['completed']);
    expect((await enrolments(t.database, w7)).map((e) => e.contact_id)).toEqual([1]);
    expect((await enrolments(t.database, w8)).map((e) => e.contact_id)).toEqual([3]);
    expect((await enrolments(t.database, w9)).map((e) => e.contact_id)).toEqual([4]);
    expect((await enrolments(t.database, w7))[0]).toMatchObject({ trigger_id: 7, current_node: '0' });
  });

  it('11 email sequence: an email of the trigger email’s campaign is sent', async () => {
    const w11 = await insertWorkflow(t.database, { triggerId: 11, emailId: 7, flow: endOnly() });
    await fire(t.database, runtime, clock, { kind: 'sent', contactId: 6, emailId: 8, campaignId: 2 });
    await fire(t.database, runtime, clock, { kind: 'sent', contactId: 7, emailId: 11, campaignId: 3 });
    await fire(t.database, runtime, clock, { kind: 'delivered', contactId: 8, emailId: 7, campaignId: 2 });
    await settled(t.database, w11, 6, ['completed']);
    expect((await enrolments(t.database, w11)).map((e) => e.contact_id)).toEqual([6]);
  });

  it('10 share profile: a send-email step with that share profile sends', async () => {
    const sp = DEMO_SHARE_PROFILES[0].uuid;
    const sender = await insertWorkflow(t.database, {
      triggerId: 7,
      emailId: 13,
      status: 'inactive',
      flow: buildFlow([{ type: 'send email', emailId: 1, spUuid: sp }, { type: 'end' }]),
    });
    const w10 = await insertWorkflow(t.database, { triggerId: 10, spUuid: sp, flow: endOnly() });
    await fire(t.database, runtime, clock, {
      kind: 'sent',
      contactId: 9,
      emailId: 1,
      workflowId: sender,
      nodeId: '0',
    });
    await fire(t.database, runtime, clock, {
      kind: 'sent',
      contactId: 10,
      emailId: 1,
      workflowId: sender,
      nodeId: '1',
    });
    await settled(t.database, w10, 9, ['completed']);
    expect((await enrolments(t.database, w10)).map((e) => e.contact_id)).toEqual([9]);
  });

  it('14 subscribes to a list: a new member (not an existing one) is enrolled', async () => {
    await removeFromLists(t.database, 11);
    const w14 = await insertWorkflow(t.database, { triggerId: 14, listId: 3, flow: endOnly() });
    const first = await subscribeContactsToList(t.database.db, { orgId: ORG, listId: 3, contactIds: [11] });
    expect(first.added).toEqual([11]);
    expect(first.enrolments).toHaveLength(1);
    await settled(t.database, w14, 11, ['completed']);
    const again = await subscribeContactsToList(t.database.db, { orgId: ORG, listId: 3, contactIds: [11] });
    expect(again).toEqual({ added: [], enrolments: [] });
    // Another organisation's list or contacts are ignored.
    expect(await subscribeContactsToList(t.database.db, { orgId: 2, listId: 3, contactIds: [11] })).toEqual({
      added: [],
      enrolments: [],
    });
  });

  it('draft and inactive workflows enrol no one', async () => {
    const draft = await insertWorkflow(t.database, {
      triggerId: 7,
      emailId: 14,
      status: 'draft',
      flow: endOnly(),
    });
    const paused = await insertWorkflow(t.database, {
      triggerId: 7,
      emailId: 14,
      status: 'inactive',
      flow: endOnly(),
    });
    await fire(t.database, runtime, clock, { kind: 'opened', contactId: 12, emailId: 14 });
    expect(await enrolments(t.database, draft)).toEqual([]);
    expect(await enrolments(t.database, paused)).toEqual([]);
  });
});

describe('the sweep', () => {
  it('schedules enrolments made while no scheduler was at hand', async () => {
    const w = await insertWorkflow(t.database, { triggerId: 14, listId: 1, flow: endOnly() });
    await removeFromLists(t.database, 55);
    const result = await subscribeContactsToList(
      t.database.db,
      { orgId: ORG, listId: 1, contactIds: [55] },
      null,
    );
    expect(result.enrolments).toHaveLength(1);
    // Made with no job; the sweep, woken by the commit's notification, schedules it.
    await settled(t.database, w, 55, ['completed']);
    await eventually(async () => (runtime.stats.jobs > 0 ? true : undefined), 'jobs to run');
  });
});
