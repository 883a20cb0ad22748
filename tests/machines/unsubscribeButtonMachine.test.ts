import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { createRecordedActor } from '../../machines/createRecordedActor.ts';
import { createEventLog } from '../../machines/eventLog.ts';
import { replayEventLog } from '../../machines/replay.ts';
import {
  type SubscriptionAction,
  type SubscriptionRequest,
  type SubscriptionResult,
  type UnsubscribeButtonActor,
  unsubscribeButtonMachine,
} from '../../machines/unsubscribeButtonMachine.ts';

const UNSUB_ID = '6f1c2a9e-3b7d-4c8a-9e21-0d5f4b3a2c10';

type Call = {
  input: SubscriptionRequest;
  resolve: (value: SubscriptionResult) => void;
  reject: (error: unknown) => void;
};

/** Lets a settled promise's done/error event reach the actor. */
const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

function controlledSubmits() {
  const calls: Call[] = [];
  const machine = unsubscribeButtonMachine.provide({
    actors: {
      submit: fromPromise<SubscriptionResult, SubscriptionRequest>(
        ({ input }) =>
          new Promise((resolve, reject) => {
            calls.push({ input, resolve, reject });
          }),
      ),
    },
  });
  return { machine, calls };
}

function start(action: SubscriptionAction = 'unsubscribe') {
  const clock = new SimulatedClock();
  const { machine, calls } = controlledSubmits();
  const actor = createActor(machine, { clock, input: { unsubId: UNSUB_ID, action } });
  const navigations: Array<{ to: string; at: number }> = [];
  actor.on('page.navigate', (event) => navigations.push({ to: event.to, at: clock.now() }));
  actor.start();
  return { clock, actor, calls, navigations };
}

const enabled = (actor: UnsubscribeButtonActor) => actor.getSnapshot().matches({ button: 'idle' });
const toast = (actor: UnsubscribeButtonActor) => actor.getSnapshot().context.toast;

/** Submits and settles the call; the clock is then at 0 ms since the answer. */
async function answer(
  run: ReturnType<typeof start>,
  outcome: { resolve: SubscriptionResult } | { reject: unknown },
): Promise<void> {
  run.actor.send({ type: 'unsubscribe.submit' });
  const call = run.calls.at(-1);
  if (!call) throw new Error('no submit call was made');
  if ('resolve' in outcome) call.resolve(outcome.resolve);
  else call.reject(outcome.reject);
  await settle();
}

describe('unsubscribeButtonMachine', () => {
  it('starts enabled, with no toast', () => {
    const { actor } = start();
    expect(enabled(actor)).toBe(true);
    expect(actor.getSnapshot().context).toEqual({
      unsubId: UNSUB_ID,
      action: 'unsubscribe',
      succeeded: false,
      toast: null,
    });
  });

  it('is disabled while the request is in flight, and sends the id and the action', () => {
    const { actor, calls } = start();
    actor.send({ type: 'unsubscribe.submit' });
    expect(enabled(actor)).toBe(false);
    expect(actor.getSnapshot().matches({ button: 'submitting' })).toBe(true);
    expect(calls.map((call) => call.input)).toEqual([{ unsubId: UNSUB_ID, action: 'unsubscribe' }]);
  });

  it('ignores a second submit while the request is in flight', () => {
    const { actor, calls } = start();
    actor.send({ type: 'unsubscribe.submit' });
    actor.send({ type: 'unsubscribe.submit' });
    actor.send({ type: 'unsubscribe.submit' });
    expect(calls).toHaveLength(1);
  });

  it('status "True": success toast with the server msg, re-enabled at exactly 1 s, then navigates', async () => {
    const run = start();
    await answer(run, { resolve: { status: 'True', msg: 'You have been unsubscribed.' } });
    expect(toast(run.actor)).toEqual({
      tone: 'success',
      text: 'You have been unsubscribed.',
      durationMs: 5000,
      visible: true,
    });
    expect(run.actor.getSnapshot().context.succeeded).toBe(true);
    run.clock.increment(999);
    expect(enabled(run.actor)).toBe(false);
    expect(run.navigations).toEqual([]);
    run.clock.increment(1);
    expect(enabled(run.actor)).toBe(true);
    expect(run.navigations).toEqual([{ to: `/resub/i2c/${UNSUB_ID}`, at: 1000 }]);
  });

  it('keeps the success toast until exactly 5 s', async () => {
    const run = start();
    await answer(run, { resolve: { status: 'True', msg: 'Done.' } });
    run.clock.increment(1000);
    run.clock.increment(3999);
    expect(toast(run.actor)?.visible).toBe(true);
    run.clock.increment(1);
    expect(toast(run.actor)).toMatchObject({ visible: false, text: 'Done.' });
    expect(run.actor.getSnapshot().matches({ toast: 'hidden' })).toBe(true);
  });

  it('ignores a submit during the 1 s after a success', async () => {
    const run = start();
    await answer(run, { resolve: { status: 'True', msg: 'Done.' } });
    run.clock.increment(500);
    run.actor.send({ type: 'unsubscribe.submit' });
    expect(run.calls).toHaveLength(1);
    run.clock.increment(500);
    expect(run.navigations).toHaveLength(1);
  });

  it.each([
    ['"False"', 'False'],
    ['"true" (not exactly "True")', 'true'],
    ['"1"', '1'],
    ['empty', ''],
  ])(
    'status %s: the server msg as an error toast for 5 s, re-enabled at exactly 3 s, no navigation',
    async (_, status) => {
      const run = start();
      await answer(run, { resolve: { status, msg: 'We could not unsubscribe you.' } });
      expect(toast(run.actor)).toEqual({
        tone: 'error',
        text: 'We could not unsubscribe you.',
        durationMs: 5000,
        visible: true,
      });
      expect(run.actor.getSnapshot().context.succeeded).toBe(false);
      run.clock.increment(2999);
      expect(enabled(run.actor)).toBe(false);
      run.clock.increment(1);
      expect(enabled(run.actor)).toBe(true);
      run.clock.increment(1999);
      expect(toast(run.actor)?.visible).toBe(true);
      run.clock.increment(1);
      expect(toast(run.actor)?.visible).toBe(false);
      run.clock.increment(10_000);
      expect(run.navigations).toEqual([]);
    },
  );

  it('a status other than "True" with no msg says "Something went wrong" (for 5 s)', async () => {
    const run = start();
    await answer(run, { resolve: { status: 'False', msg: '' } });
    expect(toast(run.actor)).toMatchObject({ tone: 'error', text: 'Something went wrong', durationMs: 5000 });
  });

  it('a request error: "Something went wrong" for exactly 4 s, re-enabled at exactly 3 s', async () => {
    const run = start();
    await answer(run, { reject: new TypeError('Failed to fetch') });
    expect(toast(run.actor)).toEqual({
      tone: 'error',
      text: 'Something went wrong',
      durationMs: 4000,
      visible: true,
    });
    run.clock.increment(2999);
    expect(enabled(run.actor)).toBe(false);
    run.clock.increment(1);
    expect(enabled(run.actor)).toBe(true);
    run.clock.increment(999);
    expect(toast(run.actor)?.visible).toBe(true);
    run.clock.increment(1);
    expect(toast(run.actor)?.visible).toBe(false);
    expect(run.navigations).toEqual([]);
  });

  it('ignores a submit during the 3 s after a failure, and accepts one at 3 s', async () => {
    const run = start();
    await answer(run, { reject: new Error('offline') });
    run.clock.increment(2999);
    run.actor.send({ type: 'unsubscribe.submit' });
    expect(run.calls).toHaveLength(1);
    run.clock.increment(1);
    run.actor.send({ type: 'unsubscribe.submit' });
    expect(run.calls).toHaveLength(2);
  });

  it('a newer toast replaces the old one and restarts its timer', async () => {
    const run = start();
    await answer(run, { reject: new Error('offline') });
    run.clock.increment(3000);
    await answer(run, { resolve: { status: 'True', msg: 'You have been unsubscribed.' } });
    // The first toast would have hidden at 4 s; the new one runs its own 5 s from 3 s.
    run.clock.increment(1000);
    expect(toast(run.actor)).toMatchObject({ tone: 'success', visible: true });
    run.clock.increment(3999);
    expect(toast(run.actor)?.visible).toBe(true);
    run.clock.increment(1);
    expect(toast(run.actor)?.visible).toBe(false);
  });

  it('toast.dismiss hides the toast at once', async () => {
    const run = start();
    await answer(run, { resolve: { status: 'False', msg: 'No.' } });
    run.actor.send({ type: 'toast.dismiss' });
    expect(toast(run.actor)?.visible).toBe(false);
    expect(run.actor.getSnapshot().matches({ toast: 'hidden' })).toBe(true);
  });

  describe('the resubscribe mirror', () => {
    it('sends the resubscribe action, shows the success toast and stays on the page', async () => {
      const run = start('resubscribe');
      await answer(run, { resolve: { status: 'True', msg: 'You have been resubscribed.' } });
      expect(run.calls[0]?.input).toEqual({ unsubId: UNSUB_ID, action: 'resubscribe' });
      expect(toast(run.actor)).toMatchObject({ tone: 'success', text: 'You have been resubscribed.' });
      expect(run.actor.getSnapshot().context.succeeded).toBe(true);
      run.clock.increment(999);
      expect(enabled(run.actor)).toBe(false);
      run.clock.increment(1);
      expect(enabled(run.actor)).toBe(true);
      run.clock.increment(10_000);
      expect(run.navigations).toEqual([]);
    });

    it('falls back to "You have been resubscribed." when a success has no msg', async () => {
      const run = start('resubscribe');
      await answer(run, { resolve: { status: 'True', msg: '' } });
      expect(toast(run.actor)?.text).toBe('You have been resubscribed.');
    });

    it('fails like the unsubscribe button: 3 s disabled, server msg for 5 s', async () => {
      const run = start('resubscribe');
      await answer(run, { resolve: { status: 'False', msg: 'Not found.' } });
      run.clock.increment(2999);
      expect(enabled(run.actor)).toBe(false);
      run.clock.increment(1);
      expect(enabled(run.actor)).toBe(true);
      expect(toast(run.actor)).toMatchObject({ tone: 'error', text: 'Not found.', durationMs: 5000 });
    });
  });

  it('without a provided submit actor, a submit fails safely as a request error', async () => {
    const actor = createActor(unsubscribeButtonMachine, { input: { unsubId: UNSUB_ID } }).start();
    actor.send({ type: 'unsubscribe.submit' });
    await settle();
    expect(actor.getSnapshot().context.toast?.text).toBe('Something went wrong');
    actor.stop();
  });

  it('a recorded session replays to the same states', async () => {
    const clock = new SimulatedClock();
    const log = createEventLog({ now: () => clock.now() });
    const actor = createRecordedActor(
      unsubscribeButtonMachine.provide({
        actors: {
          submit: fromPromise<SubscriptionResult, SubscriptionRequest>(async () => ({
            status: 'True',
            msg: 'You have been unsubscribed.',
          })),
        },
      }),
      { name: 'unsubscribeButton', log, clock, input: { unsubId: UNSUB_ID } },
    ).start();
    clock.increment(250);
    actor.send({ type: 'unsubscribe.submit' });
    actor.send({ type: 'unsubscribe.submit' });
    await settle();
    clock.increment(1000);
    clock.increment(4000);
    actor.stop();
    const file = JSON.parse(JSON.stringify(log.toJSON()));
    const result = await replayEventLog(file);
    expect(result.divergence).toBeNull();
    expect(result.steps.map((step) => step.actual)).toContain('button.succeeded, toast.visible');
  });
});
