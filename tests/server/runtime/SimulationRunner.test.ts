import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_FLOW_NODES } from '../../../domain/workflowSchemas.ts';
import { SIMULATIONS_PER_USER } from '../../../server/services/runtime/SimulationRunner.ts';
import { createTestApp, type Session, signIn, type TestApp } from '../../helpers/testApp.ts';
import { W } from '../workflowTestKit.ts';
import { buildFlow, largestSimulation as largestBody, largestFlow } from './buildFlow.ts';
import { insertWorkflow } from './runtimeDb.ts';

describe('simulations run off the event loop, within limits', () => {
  let t: TestApp;
  let demo: Session;
  let workflowId: number;
  const flow = largestFlow(1);

  beforeAll(async () => {
    t = await createTestApp({ SIMULATION_THREADS: '2' });
    demo = await signIn(t.app);
    workflowId = await insertWorkflow(t.database, {
      triggerId: 7,
      emailId: 1,
      status: 'draft',
      flow: buildFlow([{ type: 'end' }]),
    });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  const simulate = (body: object, session = demo) =>
    t.app.inject({
      method: 'POST',
      url: `${W}simulate_workflow/`,
      headers: { cookie: session.cookie, 'x-csrftoken': session.csrf },
      payload: body,
    });

  it('answers the largest allowed simulation with each contact capped and counted', async () => {
    expect(Object.keys(flow).length).toBeGreaterThan(MAX_FLOW_NODES - 4);
    expect(Object.keys(flow).length).toBeLessThanOrEqual(MAX_FLOW_NODES);
    const answer = await simulate(largestBody(workflowId, flow));
    expect(answer.statusCode, answer.body).toBe(200);
    const contacts = answer.json().data.contacts;
    expect(contacts).toHaveLength(50);
    for (const contact of contacts) {
      expect(contact.steps).toHaveLength(200);
      expect(contact.steps_omitted).toBeGreaterThan(1000);
      expect(contact.emails).toHaveLength(200);
      expect(contact.emails_omitted).toBeGreaterThan(250);
    }
  }, 120_000);

  it('keeps a public page answering within 100 ms while the largest simulations run', async () => {
    // Warm the threads and the page.
    await simulate({ ...largestBody(workflowId, flow), sample_size: 1 });
    await t.app.inject({ method: 'GET', url: '/t/o/warm.gif' });
    const running = [simulate(largestBody(workflowId, flow)), simulate(largestBody(workflowId, flow))];
    let settled = false;
    void Promise.all(running).then(() => {
      settled = true;
    });
    const times: number[] = [];
    while (!settled) {
      const started = performance.now();
      const pixel = await t.app.inject({ method: 'GET', url: '/t/o/not-a-send.gif' });
      times.push(performance.now() - started);
      expect(pixel.statusCode).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    for (const answer of await Promise.all(running)) expect(answer.statusCode).toBe(200);
    times.sort((a, b) => a - b);
    // Enough samples to see the simulations' whole run, and 95 in 100 of them within 100 ms (a busy test
    // machine may pause any one of them; simulations on the event loop hold every one for seconds).
    expect(times.length).toBeGreaterThan(10);
    const p95 = times[Math.floor(times.length * 0.95)] ?? Infinity;
    expect(p95, `pixel times (ms): ${times.map(Math.round).join(', ')}`).toBeLessThan(100);
  }, 120_000);

  it('runs two simulations per user at a time and refuses a third with 429 and Retry-After', async () => {
    const answers = await Promise.all([1, 2, 3].map(() => simulate(largestBody(workflowId, flow))));
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(SIMULATIONS_PER_USER).toBe(2);
    expect(statuses).toEqual([200, 200, 429]);
    const refused = answers.find((answer) => answer.statusCode === 429);
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused?.json()).toMatchObject({
      success: false,
      message: 'You already have 2 simulations running. Wait for one to finish, then try again.',
    });
  }, 120_000);
});

describe('a simulation over the time limit', () => {
  let t: TestApp;
  let demo: Session;
  afterAll(async () => {
    await t?.close();
  });

  it('is stopped with a 400 that says what to do, and the next one runs', async () => {
    t = await createTestApp({ SIMULATION_THREADS: '1', SIMULATION_TIME_LIMIT_MS: '100' });
    demo = await signIn(t.app);
    const workflowId = await insertWorkflow(t.database, {
      triggerId: 7,
      emailId: 1,
      status: 'draft',
      flow: buildFlow([{ type: 'end' }]),
    });
    const headers = { cookie: demo.cookie, 'x-csrftoken': demo.csrf };
    const url = `${W}simulate_workflow/`;
    const slow = await t.app.inject({
      method: 'POST',
      url,
      headers,
      payload: largestBody(workflowId, largestFlow(1)),
    });
    expect(slow.statusCode).toBe(400);
    expect(slow.json()).toEqual({
      success: false,
      message:
        'The simulation took longer than 0.1 s and was stopped. Simulate fewer contacts or fewer days.',
    });
    // The thread the stopped simulation ran on takes the next one. (The largest simulation takes about
    // half a second, well over the 0.1 s limit; a small one well under it, though a loaded machine may
    // stop a first try too: it is asked again until it runs.)
    const small = () =>
      t.app.inject({
        method: 'POST',
        url,
        headers,
        payload: {
          workflow_id: workflowId,
          flow: buildFlow([{ type: 'send email', emailId: 1 }, { type: 'end' }]),
          contact_id: 50,
        },
      });
    let answer = await small();
    await expect
      .poll(
        async () => {
          if (answer.statusCode !== 200) answer = await small();
          return answer.statusCode;
        },
        { timeout: 30_000 },
      )
      .toBe(200);
    expect(answer.json().data.contacts[0].emails).toHaveLength(1);
  }, 120_000);
});
