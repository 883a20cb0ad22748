import { describe, expect, it } from 'vitest';
import type { Condition } from '../../../domain/workflowTypes.ts';
import { recordEmailEvents } from '../../../server/services/delivery/recordEmailEvent.ts';
import type { WorkflowRuntime } from '../../../server/services/runtime/WorkflowRuntime.ts';
import { subscribeContactsToList } from '../../../server/services/runtime/workflowTriggers.ts';
import type { Session } from '../../helpers/testApp.ts';
import { get, W } from '../workflowTestKit.ts';
import {
  fire,
  insertWorkflow,
  ORG,
  removeFromLists,
  SEND_WAIT_BRANCH,
  sendsOf,
  settled,
} from './runtimeDb.ts';
import { buildFlow, type RuntimeTestApp, travel } from './runtimeKit.ts';
import { DAY, HOUR, runtimeTestSuite } from './runtimeTestSuite.ts';

let t: RuntimeTestApp;
let runtime: WorkflowRuntime;
let demo: Session;
const { clock, click, expectPath } = runtimeTestSuite((fixture) => {
  ({ t, runtime, demo } = fixture);
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
