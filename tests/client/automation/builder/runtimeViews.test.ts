import { describe, expect, it, vi } from 'vitest';
import type { WorkflowNodeCounts } from '../../../../domain/workflowRuntimeTypes.ts';
import { NodeCountsStore } from '../../../../src/modules/automation/builder/runtime/NodeCountsStore.ts';
import {
  localNow,
  type SimulationForm,
  simulationFormProblem,
  simulationRequest,
} from '../../../../src/modules/automation/builder/runtime/simulationForm.ts';
import { sampleFlow } from '../../../engine/workflowFixtures.ts';

const counts = (nodes: WorkflowNodeCounts['nodes'], enrolled = 3): WorkflowNodeCounts => ({
  workflow_id: 42,
  nodes,
  totals: { enrolled, live: 1, completed: 2, exited: 0, failed: 0 },
});

describe('NodeCountsStore', () => {
  it('keeps a node count object while its numbers stay, and notifies only on a change', () => {
    const store = new NodeCountsStore();
    const listener = vi.fn();
    store.subscribe(listener);
    store.set(counts([{ node_id: '0', passed: 2, waiting: 1, left: 0 }]));
    expect(listener).toHaveBeenCalledTimes(1);
    const first = store.get('0');
    expect(first).toEqual({ node_id: '0', passed: 2, waiting: 1, left: 0 });

    // The same numbers again (a new answer object): same count object, no notification.
    store.set(counts([{ node_id: '0', passed: 2, waiting: 1, left: 0 }]));
    expect(store.get('0')).toBe(first);
    expect(listener).toHaveBeenCalledTimes(1);

    // One node moves on: a new object for it, one notification, totals follow.
    store.set(
      counts(
        [
          { node_id: '0', passed: 3, waiting: 0, left: 0 },
          { node_id: 'e1', passed: 1, waiting: 0, left: 1 },
        ],
        4,
      ),
    );
    expect(listener).toHaveBeenCalledTimes(2);
    expect(store.get('0')).not.toBe(first);
    expect(store.get('e1')?.left).toBe(1);
    expect(store.getTotals()?.enrolled).toBe(4);
    expect(store.get('missing')).toBeUndefined();
  });
});

describe('the simulator form', () => {
  const base: SimulationForm = {
    who: 'contact',
    contactId: 7,
    sampleSize: 5,
    startAt: '2026-11-22T09:30',
    events: 'real',
    pretend: [],
  };

  it('names what is missing before a run', () => {
    expect(simulationFormProblem(base)).toBeNull();
    expect(simulationFormProblem({ ...base, contactId: null })).toBe(
      'Choose a contact to run through the workflow.',
    );
    expect(simulationFormProblem({ ...base, who: 'sample', sampleSize: 0 })).toBe(
      'A sample is 1 to 50 contacts.',
    );
    expect(simulationFormProblem({ ...base, who: 'sample', sampleSize: 51 })).toBe(
      'A sample is 1 to 50 contacts.',
    );
    expect(simulationFormProblem({ ...base, startAt: '' })).toBe('Choose when the simulation starts.');
    expect(
      simulationFormProblem({
        ...base,
        events: 'pretend',
        pretend: [{ kind: 'opened', emailId: 0, afterMinutes: 5 }],
      }),
    ).toBe('Each pretend event needs an email and a time of 0 minutes or more.');
  });

  it('sends the draft flow, the trigger, one contact or a sample, the start and the pretend events', () => {
    const flow = sampleFlow();
    const one = simulationRequest(base, { workflowId: 42, flow, triggerId: 7 });
    expect(one).toEqual({
      workflow_id: 42,
      flow,
      trigger_id: 7,
      contact_id: 7,
      start_at: new Date('2026-11-22T09:30').toISOString(),
    });
    const sample = simulationRequest(
      {
        ...base,
        who: 'sample',
        events: 'pretend',
        pretend: [{ kind: 'clicked', emailId: 11, afterMinutes: 90 }],
      },
      { workflowId: 42, flow, triggerId: null },
    );
    expect(sample).toMatchObject({
      sample_size: 5,
      events: [{ kind: 'clicked', email_id: 11, after_minutes: 90 }],
    });
    expect(sample).not.toHaveProperty('contact_id');
    expect(sample).not.toHaveProperty('trigger_id');
  });

  it('starts at the current minute in the local zone', () => {
    const now = new Date(2026, 10, 22, 9, 30, 45);
    expect(localNow(now)).toBe('2026-11-22T09:30');
  });
});
