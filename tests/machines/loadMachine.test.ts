import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { CANCELED_MESSAGE } from '../../domain/requestFailure.ts';
import { loadMachine } from '../../machines/loadMachine.ts';

type Call = {
  input: unknown;
  signal: AbortSignal;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
};

/** A fake load actor: every call waits until the test settles it; aborting a call rejects it as canceled. */
function fakeLoads() {
  const calls: Call[] = [];
  const machine = loadMachine.provide({
    actors: {
      load: fromPromise<unknown, unknown>(
        ({ input, signal }) =>
          new Promise((resolve, reject) => {
            calls.push({ input, signal, resolve, reject });
            signal.addEventListener('abort', () =>
              reject({ kind: 'canceled', status: 0, message: CANCELED_MESSAGE }),
            );
          }),
      ),
    },
  });
  return { machine, calls };
}

/** Runs every pending promise callback (not a sleep: nothing here waits on time). */
const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

describe('loadMachine', () => {
  it('starts idle and holds nothing', () => {
    const actor = createActor(loadMachine).start();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context).toEqual({ input: null, data: null, error: null });
  });

  it('load.start runs the load with its input and lands in success with the output', async () => {
    const { machine, calls } = fakeLoads();
    const actor = createActor(machine).start();
    actor.send({ type: 'load.start', input: { page: 2 } });
    expect(actor.getSnapshot().value).toBe('loading');
    expect(calls[0]?.input).toEqual({ page: 2 });
    calls[0]?.resolve(['a', 'b']);
    const done = await waitFor(actor, (s) => s.matches('success'));
    expect(done.context.data).toEqual(['a', 'b']);
  });

  it('a failure lands in failure with a typed error', async () => {
    const { machine, calls } = fakeLoads();
    const actor = createActor(machine).start();
    actor.send({ type: 'load.start', input: 1 });
    calls[0]?.reject({ kind: 'http', status: 500, message: 'Server trouble.' });
    const failed = await waitFor(actor, (s) => s.matches('failure'));
    expect(failed.context.error).toEqual({ kind: 'http', status: 500, message: 'Server trouble.' });
  });

  it('a new load supersedes the one in flight: aborted, never a failure, still loading', async () => {
    const { machine, calls } = fakeLoads();
    const actor = createActor(machine).start();
    const seen: string[] = [];
    actor.subscribe((s) => seen.push(String(s.value)));
    actor.send({ type: 'load.start', input: 'first' });
    actor.send({ type: 'load.start', input: 'second' });
    expect(calls).toHaveLength(2);
    expect(calls[0]?.signal.aborted).toBe(true);
    expect(calls[1]?.signal.aborted).toBe(false);
    // Let the canceled rejection of the first call settle: it must change nothing.
    await settle();
    expect(actor.getSnapshot().value).toBe('loading');
    expect(actor.getSnapshot().context.error).toBeNull();
    calls[1]?.resolve('second result');
    const done = await waitFor(actor, (s) => s.matches('success'));
    expect(done.context.data).toBe('second result');
    expect(done.context.input).toBe('second');
    expect(seen).not.toContain('failure');
  });

  it('a cancellation of its own call (superseded elsewhere) keeps loading and shows no error', async () => {
    const { machine, calls } = fakeLoads();
    const actor = createActor(machine).start();
    actor.send({ type: 'load.start', input: 1 });
    calls[0]?.reject(new Error(CANCELED_MESSAGE));
    await settle();
    expect(actor.getSnapshot().value).toBe('loading');
    expect(actor.getSnapshot().context.error).toBeNull();
    actor.send({ type: 'load.start', input: 2 });
    calls[1]?.resolve('ok');
    await waitFor(actor, (s) => s.matches('success'));
  });

  it('load.reset from success or while loading returns to idle and drops everything', async () => {
    const { machine, calls } = fakeLoads();
    const actor = createActor(machine).start();
    actor.send({ type: 'load.start', input: 'x' });
    calls[0]?.resolve('data');
    await waitFor(actor, (s) => s.matches('success'));
    actor.send({ type: 'load.start', input: 'y' });
    actor.send({ type: 'load.reset' });
    expect(calls[1]?.signal.aborted).toBe(true);
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context).toEqual({ input: null, data: null, error: null });
  });

  it('can load again after a failure, clearing the error at once', async () => {
    const { machine, calls } = fakeLoads();
    const actor = createActor(machine).start();
    actor.send({ type: 'load.start', input: 1 });
    calls[0]?.reject({ kind: 'http', status: 404, message: 'Not found.' });
    await waitFor(actor, (s) => s.matches('failure'));
    actor.send({ type: 'load.start', input: 2 });
    expect(actor.getSnapshot().context.error).toBeNull();
    calls[1]?.resolve('ok');
    await waitFor(actor, (s) => s.matches('success'));
  });
});
