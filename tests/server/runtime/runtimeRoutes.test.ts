import { describe, expect, it } from 'vitest';
import { OTHER_ORG_LOGIN } from '../../../server/seed/demoAccounts.ts';
import { type Session, signIn } from '../../helpers/testApp.ts';
import { get, W } from '../workflowTestKit.ts';
import { enrolments, insertWorkflow } from './runtimeDb.ts';
import { buildFlow, type RuntimeTestApp } from './runtimeKit.ts';
import { endOnly, runtimeTestSuite } from './runtimeTestSuite.ts';

let t: RuntimeTestApp;
let demo: Session;
runtimeTestSuite((fixture) => {
  ({ t, demo } = fixture);
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
