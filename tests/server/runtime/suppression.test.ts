import { afterAll, beforeAll, expect, it } from 'vitest';
import type { WorkflowRuntime } from '../../../server/services/runtime/WorkflowRuntime.ts';
import { fire, insertWorkflow, ORG, pauseSeededWorkflows, sendsOf, settled } from './runtimeDb.ts';
import { buildFlow, createRuntimeApp, eventually, type RuntimeTestApp, TestClock } from './runtimeKit.ts';

let t: RuntimeTestApp;
let runtime: WorkflowRuntime;
const clock = new TestClock();

beforeAll(async () => {
  // The delivery worker runs here (demo mailbox, no SMTP): suppression is decided when it sends.
  t = await createRuntimeApp({ loops: 1 }, { DELIVERY_WORKER: 'true', DELIVERY_POLL_MS: '100' });
  runtime = t.app.workflowRuntime as WorkflowRuntime;
  await pauseSeededWorkflows(t.database);
});
afterAll(async () => {
  await t?.close();
});

it('a send step for an unsubscribed or hard-bounced contact results in no delivered email', async () => {
  const pick = async (status: 'Subscribed' | 'Unsubscribed' | 'Hard Bounce') =>
    (
      await t.database.db
        .selectFrom('contacts')
        .select('id')
        .where('org_id', '=', ORG)
        .where('status', '=', status)
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).id;
  const [subscribed, unsubscribed, bounced] = [
    await pick('Subscribed'),
    await pick('Unsubscribed'),
    await pick('Hard Bounce'),
  ];
  const w = await insertWorkflow(t.database, {
    triggerId: 7,
    emailId: 2,
    flow: buildFlow([{ type: 'send email', emailId: 1 }, { type: 'end' }]),
  });
  for (const contactId of [subscribed, unsubscribed, bounced]) {
    await fire(t.database, runtime, clock, { kind: 'opened', contactId, emailId: 2 });
    await settled(t.database, w, contactId, ['completed']);
  }
  const final = await eventually(async () => {
    const sends = await sendsOf(t.database, w);
    return sends.length === 3 && sends.every((s) => s.status !== 'queued' && s.status !== 'sending')
      ? sends
      : undefined;
  }, 'the delivery worker to decide every send');
  const status = Object.fromEntries(final.map((s) => [s.contact_id, s.status]));
  expect(status[subscribed]).toBe('delivered');
  expect(status[unsubscribed]).not.toBe('delivered');
  expect(status[bounced]).not.toBe('delivered');
  const delivered = await t.database.db
    .selectFrom('email_event')
    .select('contact_id')
    .where('workflow_id', '=', w)
    .where('kind', '=', 'delivered')
    .execute();
  expect(delivered.map((d) => d.contact_id)).toEqual([subscribed]);
});
