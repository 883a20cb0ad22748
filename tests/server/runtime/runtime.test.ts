import { describe, expect, it } from 'vitest';
import type { Condition } from '../../../domain/workflowTypes.ts';
import { OTHER_ORG_LOGIN } from '../../../server/seed/demoAccounts.ts';
import { DEMO_SHARE_PROFILES } from '../../../server/seed/demoWorkflows.ts';
import { recordEmailEvents } from '../../../server/services/delivery/recordEmailEvent.ts';
import type { WorkflowRuntime } from '../../../server/services/runtime/WorkflowRuntime.ts';
import { subscribeContactsToList } from '../../../server/services/runtime/workflowTriggers.ts';
import { type Session, signIn } from '../../helpers/testApp.ts';
import { get, post, W } from '../workflowTestKit.ts';
import { runtimeAppFixture } from './runtimeAppFixture.ts';
import {
  enrolments,
  expectPath as expectPathOf,
  fire,
  insertWorkflow,
  ORG,
  removeFromLists,
  SEND_WAIT_BRANCH,
  sendsOf,
  settled,
} from './runtimeDb.ts';
import { buildFlow, eventually, type RuntimeTestApp, TestClock, travel } from './runtimeKit.ts';

// Monday 2026-03-02 10:00 UTC.
const clock = new TestClock(Date.parse('2026-03-02T10:00:00Z'));
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
let t: RuntimeTestApp;
let runtime: WorkflowRuntime;
let demo: Session;

runtimeAppFixture(clock, (fixture) => {
  ({ t, runtime, demo } = fixture);
});

const endOnly = () => buildFlow([{ type: 'end' }]);

/** A click of a link of an email by a contact, recorded now. */
const click = (contactId: number, emailId: number, link: string) =>
  fire(t.database, runtime, clock, { kind: 'clicked', contactId, emailId, link });

/** Waits for the contact's enrolment to complete and checks the path it took. */
const expectPath = (workflowId: number, contactId: number, path: readonly string[]) =>
  expectPathOf(t.database, workflowId, contactId, path);

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

describe('a full run: send, delay, If / Else, add to list, end', () => {
  it('follows the yes branch for a contact who opened, the no branch otherwise; one send per send node', async () => {
    await removeFromLists(t.database, 20);
    await removeFromLists(t.database, 21);
    const flow = buildFlow([
      { type: 'send email', emailId: 1 },
      { type: 'delay', duration: { value: 1, unit: 'days' } },
      {
        type: 'If / Else',
        conditions: [{ conditionType: 'has opened', controlId: 1, controlName: 'has opened', emailId: 1 }],
        yes: [{ type: 'add to list', listId: 4 }, { type: 'end' }],
        no: [{ type: 'end' }],
      },
    ]);
    const w = await insertWorkflow(t.database, { triggerId: 7, emailId: 16, flow });
    await fire(t.database, runtime, clock, { kind: 'opened', contactId: 20, emailId: 16 });
    await fire(t.database, runtime, clock, { kind: 'opened', contactId: 21, emailId: 16 });
    const waiting = await settled(t.database, w, 20, ['waiting']);
    await settled(t.database, w, 21, ['waiting']);
    expect(waiting.current_node).toBe('1');
    expect(new Date(waiting.next_due_at as Date).getTime()).toBe(clock.now().getTime() + DAY);
    const sends = await sendsOf(t.database, w, 20);
    expect(sends).toEqual([
      expect.objectContaining({
        email_id: 1,
        node_id: '0',
        dedupe_key: `wf:${waiting.id}:0`,
        status: 'queued',
      }),
    ]);

    clock.advance(HOUR);
    await fire(t.database, runtime, clock, { kind: 'opened', contactId: 20, emailId: 1 });
    await travel(t.database, clock, DAY);
    await expectPath(w, 20, SEND_WAIT_BRANCH.yes);
    await expectPath(w, 21, SEND_WAIT_BRANCH.no);
    const member = await t.database.db
      .selectFrom('list_contacts')
      .select('contact_id')
      .where('list_id', '=', 4)
      .where('contact_id', 'in', [20, 21])
      .execute();
    expect(member.map((m) => m.contact_id)).toEqual([20]);
    expect(await sendsOf(t.database, w)).toHaveLength(2);

    // Visibility: per-node counts and the contacts view.
    const counts = (await get(t.app, demo, `${W}workflow_node_counts/`, { workflow_id: w })).json();
    expect(counts.success).toBe(true);
    const byNode = Object.fromEntries(counts.data.nodes.map((n: { node_id: string }) => [n.node_id, n]));
    expect(byNode['0']).toEqual({ node_id: '0', passed: 2, waiting: 0, left: 0 });
    expect(byNode['2']).toEqual({ node_id: '2', passed: 2, waiting: 0, left: 0 });
    expect(byNode['4']).toEqual({ node_id: '4', passed: 1, waiting: 0, left: 1 });
    expect(byNode['5']).toEqual({ node_id: '5', passed: 1, waiting: 0, left: 1 });
    expect(counts.data.totals).toMatchObject({ enrolled: 2, live: 0, completed: 2 });
    const page = (await get(t.app, demo, `${W}workflow_contacts/`, { workflow_id: w, limit: 1 })).json();
    expect(page.data.total_count).toBe(2);
    expect(page.data.contacts).toHaveLength(1);
    expect(page.data.contacts[0]).toMatchObject({ contact_id: 21, status: 'completed', current_node: '5' });
    expect(page.data.contacts[0].history.map((h: { outcome: string }) => h.outcome)).toContain('no');
  });

  it('email conditions read the database: has clicked a link, email sequence, list', async () => {
    await removeFromLists(t.database, 22);
    const flow = buildFlow([
      {
        type: 'If / Else',
        connector: 'AND',
        conditions: [
          {
            conditionType: 'has clicked',
            controlId: 2,
            controlName: 'has clicked',
            emailId: 2,
            link: 'https://northwind-demo.test/pricing',
          },
          { conditionType: 'email sequence', controlId: 7, controlName: 'email sequence', emailId: 2 },
          { conditionType: 'list', controlId: 8, controlName: 'list', listId: 6 },
        ],
        yes: [{ type: 'end' }],
        no: [{ type: 'end' }],
      },
    ]);
    const w = await insertWorkflow(t.database, { triggerId: 8, emailId: 2, flow });
    await subscribeContactsToList(t.database.db, { orgId: ORG, listId: 6, contactIds: [22] });
    await fire(t.database, runtime, clock, { kind: 'sent', contactId: 22, emailId: 2, campaignId: 1 });
    await click(22, 2, 'https://northwind-demo.test/pricing');
    await expectPath(w, 22, ['0:enrolled', '0:yes', '1:ended']);
    // A click on another link is not enough.
    await click(23, 2, 'https://northwind-demo.test/demo');
    await expectPath(w, 23, ['0:enrolled', '0:no', '2:ended']);
  });
});

describe('conditions at scale and at the trigger', () => {
  it('the open that enrolled a contact counts for "has opened" of the trigger email; an earlier one does not', async () => {
    const opened = (emailId: number) =>
      buildFlow([
        {
          type: 'If / Else',
          conditions: [{ conditionType: 'has opened', controlId: 1, controlName: 'has opened', emailId }],
          yes: [{ type: 'end' }],
          no: [{ type: 'end' }],
        },
      ]);
    const onOpen = await insertWorkflow(t.database, { triggerId: 7, emailId: 17, flow: opened(17) });
    // Recorded 2 s after the request (a group commit): the enrolment starts at the open itself.
    await fire(t.database, runtime, clock, { kind: 'opened', contactId: 30, emailId: 17, agoMs: 2000 });
    const yes = await expectPath(onOpen, 30, ['0:enrolled', '0:yes', '1:ended']);
    expect(new Date(yes.enrolled_at).getTime()).toBe(clock.now().getTime() - 2000);

    // Started by a click: an open an hour before the click is before the enrolment.
    const onClick = await insertWorkflow(t.database, { triggerId: 8, emailId: 19, flow: opened(19) });
    await fire(t.database, runtime, clock, { kind: 'opened', contactId: 31, emailId: 19, agoMs: HOUR });
    await click(31, 19, 'https://x.test');
    await expectPath(onClick, 31, ['0:enrolled', '0:no', '2:ended']);
  });

  it('every condition type through the database, joined by AND and by OR', async () => {
    await removeFromLists(t.database, 34);
    await removeFromLists(t.database, 35);
    await subscribeContactsToList(t.database.db, { orgId: ORG, listId: 6, contactIds: [34] });
    const now = clock.now();
    const today = new Intl.DateTimeFormat('en-US', { weekday: 'long', timeZone: 'UTC' }).format(now);
    const minute = now.toISOString().slice(11, 16);
    const c = (conditionType: Condition['conditionType'], extra: Partial<Condition> = {}): Condition => ({
      conditionType,
      controlId: 1,
      controlName: conditionType,
      ...extra,
    });
    const flow = buildFlow([
      {
        type: 'If / Else',
        connector: 'AND',
        // All true for both contacts: nothing opened or clicked, today, at or after this minute.
        conditions: [
          c('has not opened', { emailId: 21 }),
          c('has not clicked', { emailId: 21, link: '' }),
          c('current day', { verb: 'is', day: [today], timezone: 'UTC' }),
          c('current time', { verb: 'after', time: minute, timezone: 'UTC' }),
        ],
        yes: [
          {
            type: 'If / Else',
            connector: 'OR',
            // All false but the list, which only contact 34 is in.
            conditions: [
              c('has opened', { emailId: 21 }),
              c('has clicked', { emailId: 21, link: '' }),
              c('current day', { verb: 'is not', day: [today], timezone: 'UTC' }),
              c('current time', { verb: 'before', time: minute, timezone: 'UTC' }),
              c('list', { listId: 6 }),
            ],
            yes: [{ type: 'end' }],
            no: [{ type: 'end' }],
          },
        ],
        no: [{ type: 'end' }],
      },
    ]);
    const w = await insertWorkflow(t.database, { triggerId: 9, emailId: 22, flow });
    await fire(t.database, runtime, clock, { kind: 'delivered', contactId: 34, emailId: 22 });
    await fire(t.database, runtime, clock, { kind: 'delivered', contactId: 35, emailId: 22 });
    await expectPath(w, 34, ['0:enrolled', '0:yes', '1:yes', '2:ended']);
    await expectPath(w, 35, ['0:enrolled', '0:yes', '1:no', '3:ended']);
  });

  it('a batch of 24 contacts: each send, condition and list addition is its own contact’s', async () => {
    const contacts = Array.from({ length: 24 }, (_, i) => 50 + i);
    for (const id of contacts) await removeFromLists(t.database, id);
    const flow = buildFlow([
      { type: 'send email', emailId: 1 },
      { type: 'delay', duration: { value: 1, unit: 'hours' } },
      {
        type: 'If / Else',
        conditions: [{ conditionType: 'has opened', controlId: 1, controlName: 'has opened', emailId: 1 }],
        yes: [{ type: 'add to list', listId: 5 }, { type: 'end' }],
        no: [{ type: 'add to list', listId: 6 }, { type: 'end' }],
      },
    ]);
    const w = await insertWorkflow(t.database, { triggerId: 9, emailId: 20, flow });
    await t.database.db.transaction().execute(async (trx) => {
      await recordEmailEvents(
        trx,
        [runtime.emailEventSink],
        contacts.map((contactId) => ({
          orgId: ORG,
          kind: 'delivered' as const,
          contactId,
          emailId: 20,
          occurredAt: clock.now(),
        })),
      );
    });
    for (const id of contacts) await settled(t.database, w, id, ['waiting']);
    const sends = await sendsOf(t.database, w);
    expect(sends).toHaveLength(24);
    expect(new Set(sends.map((send) => send.contact_id))).toEqual(new Set(contacts));
    // The even contacts open the workflow's email during the delay.
    clock.advance(10 * 60_000);
    for (const id of contacts.filter((c) => c % 2 === 0)) {
      await fire(t.database, runtime, clock, { kind: 'opened', contactId: id, emailId: 1 });
    }
    await travel(t.database, clock, HOUR);
    for (const id of contacts) {
      await expectPath(
        w,
        id,
        id % 2 === 0
          ? SEND_WAIT_BRANCH.yes
          : ['0:enrolled', '0:sent', '1:delay started', '1:waited', '2:no', '5:added', '6:ended'],
      );
    }
    const members = await t.database.db
      .selectFrom('list_contacts')
      .select(['list_id', 'contact_id'])
      .where('contact_id', 'in', contacts)
      .where('list_id', 'in', [5, 6])
      .orderBy('contact_id')
      .execute();
    expect(members).toEqual(contacts.map((id) => ({ list_id: id % 2 === 0 ? 5 : 6, contact_id: id })));
    expect(await sendsOf(t.database, w)).toHaveLength(24);
  });
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

describe('routes', () => {
  it('answer 404 for another organisation and 400 for bad input', async () => {
    const other = await signIn(t.app, OTHER_ORG_LOGIN);
    const w = await insertWorkflow(t.database, {
      triggerId: 7,
      emailId: 2,
      status: 'draft',
      flow: endOnly(),
    });
    const counts = await get(t.app, other, `${W}workflow_node_counts/`, { workflow_id: w });
    expect(counts.statusCode).toBe(404);
    expect(counts.json()).toEqual({ success: false, message: 'Workflow not found.' });
    expect((await get(t.app, other, `${W}workflow_contacts/`, { workflow_id: w })).statusCode).toBe(404);
    expect((await get(t.app, demo, `${W}workflow_contacts/`, { workflow_id: w, limit: 0 })).statusCode).toBe(
      400,
    );
    const sim = await t.app.inject({
      method: 'POST',
      url: `${W}simulate_workflow/`,
      headers: { cookie: demo.cookie, 'x-csrftoken': demo.csrf },
      payload: { workflow_id: w },
    });
    expect(sim.statusCode).toBe(400);
    expect(sim.json().message).toContain('contact_id or sample_size');
  });

  it('simulates a draft on a virtual clock without writing or sending anything', async () => {
    const w = await insertWorkflow(t.database, {
      triggerId: 7,
      emailId: 2,
      status: 'draft',
      flow: endOnly(),
    });
    const draft = buildFlow([
      { type: 'send email', emailId: 1 },
      { type: 'delay', waitUntil: { dayOption: 'business', days: [], hour: 9, timezone: 'Europe/Berlin' } },
      {
        type: 'If / Else',
        conditions: [{ conditionType: 'has opened', controlId: 1, controlName: 'has opened', emailId: 1 }],
        yes: [{ type: 'send email', emailId: 2 }, { type: 'end' }],
        no: [{ type: 'end' }],
      },
    ]);
    const before = await t.database.db
      .selectFrom('email_send')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const sim = await t.app.inject({
      method: 'POST',
      url: `${W}simulate_workflow/`,
      headers: { cookie: demo.cookie, 'x-csrftoken': demo.csrf },
      payload: {
        workflow_id: w,
        flow: draft,
        contact_id: 50,
        start_at: '2026-03-06T17:00:00Z', // Friday 18:00 in Berlin
        events: [{ kind: 'opened', email_id: 1, after_minutes: 30 }],
      },
    });
    expect(sim.statusCode, sim.body).toBe(200);
    const [contact] = sim.json().data.contacts;
    expect(
      contact.steps.map((s: { node_id: string; outcome: string; at: string }) => [
        s.node_id,
        s.outcome,
        s.at,
      ]),
    ).toEqual([
      ['0', 'sent', '2026-03-06T17:00:00.000Z'],
      ['1', 'delay started', '2026-03-06T17:00:00.000Z'],
      ['1', 'waited', '2026-03-09T08:00:00.000Z'],
      ['2', 'yes', '2026-03-09T08:00:00.000Z'],
      ['3', 'sent', '2026-03-09T08:00:00.000Z'],
      ['4', 'ended', '2026-03-09T08:00:00.000Z'],
    ]);
    expect(contact.emails.map((e: { email_id: number }) => e.email_id)).toEqual([1, 2]);
    expect(contact.final_status).toBe('completed');
    // A sample of contacts, no recorded events: the no branch.
    const sample = await t.app.inject({
      method: 'POST',
      url: `${W}simulate_workflow/`,
      headers: { cookie: demo.cookie, 'x-csrftoken': demo.csrf },
      payload: { workflow_id: w, flow: draft, sample_size: 3, start_at: '2026-03-06T17:00:00Z', events: [] },
    });
    expect(sample.json().data.contacts).toHaveLength(3);
    for (const c of sample.json().data.contacts)
      expect(c.steps.at(-1)).toMatchObject({ node_id: '5', outcome: 'ended' });
    const after = await t.database.db
      .selectFrom('email_send')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    expect(await enrolments(t.database, w)).toEqual([]);
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
