import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  type WorkflowSaveRequest,
  type WorkflowSaveResult,
  workflowSaveMachine,
} from '../../machines/workflowSaveMachine.ts';
import { ApiError } from '../../src/api/ApiError.ts';

const REFUSAL = {
  success: false,
  message: 'Cannot publish: "Send the guide": the email "Guide" is not design-ready.',
  error_publish_nodes: [
    {
      nodeId: 'n7',
      nodeTitle: 'Send the guide',
      message: '"Send the guide": the email "Guide" is not design-ready.',
    },
  ],
};

function start(answers: (() => Promise<WorkflowSaveResult>)[]) {
  const actor = createActor(
    workflowSaveMachine.provide({
      actors: {
        save: fromPromise<WorkflowSaveResult, WorkflowSaveRequest>(async () => {
          const next = answers.shift();
          if (!next) throw new Error('no more answers');
          return next();
        }),
      },
    }),
    { input: { workflowId: 5 } },
  ).start();
  return actor;
}

describe('workflowSaveMachine: the steps a refused publish names', () => {
  it('keeps the server’s error_publish_nodes as faults, and clears them with the next attempt', async () => {
    const actor = start([
      async () => {
        throw new ApiError({ kind: 'rejected', status: 200, message: REFUSAL.message }, REFUSAL);
      },
      async () => ({ status: 'active', version: 3 }),
    ]);
    actor.send({ type: 'save.publish', refusal: null });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.notice).toMatchObject({ action: 'publish', text: REFUSAL.message });
    expect(actor.getSnapshot().context.faults).toEqual([
      { nodeId: 'n7', message: '"Send the guide": the email "Guide" is not design-ready.' },
    ]);
    actor.send({ type: 'save.publish', refusal: null });
    expect(actor.getSnapshot().context.faults).toEqual([]);
    await waitFor(actor, (s) => s.matches('published'));
    expect(actor.getSnapshot().context.faults).toEqual([]);
  });

  it('names no faults for a failure without them (a network error, a failed save)', async () => {
    const actor = start([
      async () => {
        throw new ApiError({ kind: 'network', status: 0, message: 'offline' });
      },
    ]);
    actor.send({ type: 'save.publish', refusal: null });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.faults).toEqual([]);
  });
});
