import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { type TourActor, type TourStepSave, tourMachine, tourStanding } from '../../machines/tourMachine.ts';

type Call = { input: TourStepSave; resolve: () => void; reject: (error: unknown) => void };

/** Lets a settled promise's done/error event reach the actor. */
const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

function start(keptStep: number | undefined, stepCount = 3) {
  const calls: Call[] = [];
  const machine = tourMachine.provide({
    actors: {
      saveStep: fromPromise<TourStepSave, TourStepSave>(
        ({ input }) =>
          new Promise((resolve, reject) => {
            calls.push({ input, resolve: () => resolve(input), reject });
          }),
      ),
    },
  });
  const actor = createActor(machine, { input: { key: 'campaigns', stepCount, keptStep } });
  const kept: TourStepSave[] = [];
  actor.on('tour.stepKept', ({ key, step }) => kept.push({ key, step }));
  actor.start();
  return { actor, calls, kept };
}

const running = (actor: TourActor) => actor.getSnapshot().matches({ tour: 'running' });
const step = (actor: TourActor) => actor.getSnapshot().context.step;
const standing = (actor: TourActor) => tourStanding(actor.getSnapshot().context);

describe('tourMachine', () => {
  it('starts idle, as never taken, and saves nothing until started', () => {
    const { actor, calls } = start(undefined);
    expect(running(actor)).toBe(false);
    expect(standing(actor)).toBe('new');
    expect(calls).toHaveLength(0);
  });

  it('walks Next and Back through the steps, saving each step it shows', async () => {
    const { actor, calls, kept } = start(undefined);
    actor.send({ type: 'tour.start' });
    expect(running(actor)).toBe(true);
    expect(step(actor)).toBe(0);
    actor.send({ type: 'tour.next' });
    expect(step(actor)).toBe(1);
    actor.send({ type: 'tour.back' });
    expect(step(actor)).toBe(0);
    // Back on the first step stays there.
    actor.send({ type: 'tour.back' });
    expect(step(actor)).toBe(0);
    expect(calls.map((call) => call.input.step)).toEqual([0, 1, 0]);
    calls.at(-1)?.resolve();
    await settle();
    expect(kept).toEqual([{ key: 'campaigns', step: 0 }]);
  });

  it('lets the latest step win: a newer step supersedes the save in flight', async () => {
    const { actor, calls, kept } = start(undefined);
    actor.send({ type: 'tour.start' });
    actor.send({ type: 'tour.next' });
    actor.send({ type: 'tour.next' });
    for (const call of calls) call.resolve();
    await settle();
    // Only the latest save's answer is heard.
    expect(kept).toEqual([{ key: 'campaigns', step: 2 }]);
  });

  it('is dismissed with its step kept, and resumes there', async () => {
    const { actor, calls } = start(undefined);
    actor.send({ type: 'tour.start' });
    actor.send({ type: 'tour.next' });
    actor.send({ type: 'tour.dismiss' });
    expect(running(actor)).toBe(false);
    expect(standing(actor)).toBe('left');
    // Next and Back do nothing to a tour not shown.
    actor.send({ type: 'tour.next' });
    expect(actor.getSnapshot().context.keptStep).toBe(1);
    actor.send({ type: 'tour.resume' });
    expect(running(actor)).toBe(true);
    expect(step(actor)).toBe(1);
    expect(calls.map((call) => call.input.step)).toEqual([0, 1, 1]);
  });

  it('resumes a tour left on another device at the step kept by the server', () => {
    const { actor } = start(2, 4);
    expect(standing(actor)).toBe('left');
    actor.send({ type: 'tour.resume' });
    expect(step(actor)).toBe(2);
  });

  it('finishes after the last step, keeps the step count, and starts again from the first', () => {
    const { actor, calls } = start(1, 2);
    actor.send({ type: 'tour.resume' });
    actor.send({ type: 'tour.next' });
    expect(running(actor)).toBe(false);
    expect(standing(actor)).toBe('finished');
    expect(calls.at(-1)?.input).toEqual({ key: 'campaigns', step: 2 });
    // Resuming a finished tour takes it again from the start; so does Start.
    actor.send({ type: 'tour.resume' });
    expect(step(actor)).toBe(0);
    actor.send({ type: 'tour.dismiss' });
    actor.send({ type: 'tour.start' });
    expect(step(actor)).toBe(0);
  });

  it('goes on when a save fails, says so, and saves again with the next step', async () => {
    const { actor, calls } = start(undefined);
    actor.send({ type: 'tour.start' });
    calls[0]?.reject(new Error('offline'));
    await settle();
    expect(actor.getSnapshot().context.saveFailed).toBe(true);
    expect(running(actor)).toBe(true);
    actor.send({ type: 'tour.next' });
    expect(calls.at(-1)?.input.step).toBe(1);
    calls.at(-1)?.resolve();
    await settle();
    expect(actor.getSnapshot().context.saveFailed).toBe(false);
  });
});
