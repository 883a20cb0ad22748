import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { MISSING_LINK } from '../../domain/emailDesign.ts';
import {
  DESIGN_NAME_EXISTS_TEXT,
  type DesignSaveRequest,
  type DesignSaveResult,
  designSaveMachine,
} from '../../machines/designSaveMachine.ts';
import { ApiError } from '../../src/api/ApiError.ts';

function run(answer: (request: DesignSaveRequest) => Promise<DesignSaveResult>) {
  const calls: DesignSaveRequest[] = [];
  const machine = designSaveMachine.provide({
    actors: {
      save: fromPromise<DesignSaveResult, DesignSaveRequest>(async ({ input }) => {
        calls.push(input);
        return answer(input);
      }),
    },
  });
  const clock = new SimulatedClock();
  const actor = createActor(machine, { clock, input: { versionId: 5 } });
  actor.start();
  return { actor, clock, calls };
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));
const refused = (body: Record<string, unknown>) =>
  new ApiError(
    { kind: 'rejected', status: 200, message: String(body.message ?? '') },
    { success: false, ...body },
  );

describe('designSaveMachine', () => {
  it('saving -> saved; the saved flag resets to idle after exactly 2000 ms', async () => {
    const { actor, clock, calls } = run(async () => ({
      versionName: 'A',
      savedAt: 'now',
      previewText: null,
    }));
    actor.send({ type: 'save.save', missingLinkBlockId: null });
    expect(actor.getSnapshot().value).toBe('saving');
    await settled();
    expect(actor.getSnapshot().value).toBe('saved');
    expect(calls).toEqual([{ versionId: 5 }]);
    clock.increment(1999);
    expect(actor.getSnapshot().value).toBe('saved');
    clock.increment(1);
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('emailNameExists is shown on the name field', async () => {
    const { actor } = run(async () => {
      throw refused({ message: 'emailNameExists', error: 'emailNameExists' });
    });
    actor.send({ type: 'save.save', missingLinkBlockId: null });
    await settled();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.nameError).toBe(DESIGN_NAME_EXISTS_TEXT);
    expect(actor.getSnapshot().context.faultBlockId).toBeNull();
  });

  it("the server's missing-link refusal names the block", async () => {
    const { actor } = run(async () => {
      throw refused({ message: MISSING_LINK, error: 'missing_link', block_id: 'b7' });
    });
    actor.send({ type: 'save.save', missingLinkBlockId: null });
    await settled();
    expect(actor.getSnapshot().context).toMatchObject({ faultBlockId: 'b7', message: MISSING_LINK });
  });

  it("the designer's own missing-link check refuses without a call; a later save clears it", async () => {
    const { actor, calls } = run(async () => ({ versionName: 'A', savedAt: 'now', previewText: null }));
    actor.send({ type: 'save.save', missingLinkBlockId: 'b2' });
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.faultBlockId).toBe('b2');
    expect(calls).toEqual([]);
    actor.send({ type: 'save.save', missingLinkBlockId: null });
    expect(actor.getSnapshot().context.faultBlockId).toBeNull();
    await settled();
    expect(actor.getSnapshot().value).toBe('saved');
  });
});
