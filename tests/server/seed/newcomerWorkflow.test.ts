import { describe, expect, it } from 'vitest';
import { DEMO_IDS } from '../../../server/seed/demoIds.ts';
import { NEWCOMER_WORKFLOW_NAME } from '../../../server/seed/demoWorkflows.ts';
import { NEWCOMER_EMAILS } from '../../../server/seed/newcomerEmails.ts';
import type { WorkflowRuntime } from '../../../server/services/runtime/WorkflowRuntime.ts';
import type { Session } from '../../helpers/testApp.ts';
import { runtimeAppFixture } from '../runtime/runtimeAppFixture.ts';
import {
  expectPath,
  fire,
  removeFromLists,
  SEND_WAIT_BRANCH,
  sendsOf,
  settled,
} from '../runtime/runtimeDb.ts';
import { type RuntimeTestApp, TestClock, travel } from '../runtime/runtimeKit.ts';
import { get, post, W } from '../workflowTestKit.ts';

/**
 * The newcomer's demo workflow (README "Try the sending loop") as seeded: a draft that publishes as it is,
 * and, once published, does what the README promises: opening "Welcome to Northwind" enrols the contact
 * and sends "Getting started guide"; a minute later a contact who clicked a link in it is added to
 * Newsletter Readers (yes branch), one who did not ends on the no branch.
 */
const clock = new TestClock(Date.parse('2026-03-02T10:00:00Z'));
const WORKFLOW = DEMO_IDS.newcomerWorkflowId;
const NEWSLETTER_READERS = 3;
let t: RuntimeTestApp;
let runtime: WorkflowRuntime;
let demo: Session;

// Only the newcomer's workflow (a draft, published below) reacts to the events below.
runtimeAppFixture(clock, (fixture) => {
  ({ t, runtime, demo } = fixture);
});

describe('the newcomer workflow "Welcome journey (try me)"', () => {
  it('is a draft of the demo user, started by opening "Welcome to Northwind", with no publish problem', async () => {
    const { data } = (await get(t.app, demo, `${W}get_workflow_details/`, { workflow_id: WORKFLOW })).json();
    expect(data).toMatchObject({
      name: NEWCOMER_WORKFLOW_NAME,
      status: 'draft',
      trigger_id: 7,
      detail: { emailId: NEWCOMER_EMAILS.welcome.id, emailName: 'Welcome to Northwind' },
      design_ready: true,
      error_nodes: [],
      error_publish_nodes: [],
    });
    const emails = await t.database.db
      .selectFrom('emails')
      .select(['id', 'name', 'design_ready', 'html', 'user_id'])
      .where('id', 'in', [NEWCOMER_EMAILS.welcome.id, NEWCOMER_EMAILS.guide.id])
      .orderBy('id')
      .execute();
    expect(emails.map((e) => [e.name, e.design_ready, e.user_id])).toEqual([
      ['Welcome to Northwind', true, DEMO_IDS.demoUserId],
      ['Getting started guide', true, DEMO_IDS.demoUserId],
    ]);
    expect(emails[0]?.html?.match(/<a href="https:\/\//g)?.length).toBeGreaterThanOrEqual(1);
    expect(emails[1]?.html?.match(/<a href="https:\/\//g)).toHaveLength(2);
  });

  it('publishes as seeded, then sends the guide, waits a minute and branches on a click in the guide', async () => {
    const details = (await get(t.app, demo, `${W}get_workflow_details/`, { workflow_id: WORKFLOW })).json();
    const published = await post(t.app, demo, `${W}update_workflow/`, {
      workflow_id: WORKFLOW,
      workflow: JSON.stringify(details.data.flow),
      status: 'active',
    });
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json()).toMatchObject({ success: true });

    const contacts = await t.database.db
      .selectFrom('contacts')
      .select('id')
      .where('org_id', '=', DEMO_IDS.mainOrgId)
      .where('status', '=', 'Subscribed')
      .orderBy('id', 'desc')
      .limit(2)
      .execute();
    const [clicker, reader] = contacts.map((c) => c.id) as [number, number];
    for (const id of [clicker, reader]) await removeFromLists(t.database, id);

    for (const contactId of [clicker, reader]) {
      await fire(t.database, runtime, clock, {
        kind: 'opened',
        contactId,
        emailId: NEWCOMER_EMAILS.welcome.id,
      });
    }
    const waiting = await settled(t.database, WORKFLOW, clicker, ['waiting']);
    await settled(t.database, WORKFLOW, reader, ['waiting']);
    expect(waiting.current_node).toBe('1');
    expect(new Date(waiting.next_due_at as Date).getTime()).toBe(clock.now().getTime() + 60_000);
    expect(await sendsOf(t.database, WORKFLOW, clicker)).toEqual([
      expect.objectContaining({ email_id: NEWCOMER_EMAILS.guide.id, node_id: '0' }),
    ]);

    // The clicker clicks a link of the guide (any link counts); the reader only opens it.
    clock.advance(10_000);
    const link = 'https://northwind-demo.test/guides/first-dashboard';
    const workflowEvent = { emailId: NEWCOMER_EMAILS.guide.id, workflowId: WORKFLOW, nodeId: '0' };
    await fire(t.database, runtime, clock, { kind: 'opened', contactId: clicker, ...workflowEvent });
    await fire(t.database, runtime, clock, { kind: 'clicked', contactId: clicker, link, ...workflowEvent });
    await fire(t.database, runtime, clock, { kind: 'opened', contactId: reader, ...workflowEvent });
    await travel(t.database, clock, 60_000);

    await expectPath(t.database, WORKFLOW, clicker, SEND_WAIT_BRANCH.yes);
    await expectPath(t.database, WORKFLOW, reader, SEND_WAIT_BRANCH.no);
    const members = await t.database.db
      .selectFrom('list_contacts')
      .select('contact_id')
      .where('list_id', '=', NEWSLETTER_READERS)
      .where('contact_id', 'in', [clicker, reader])
      .execute();
    expect(members.map((m) => m.contact_id)).toEqual([clicker]);
  });
});
