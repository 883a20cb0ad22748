import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { CANCELED_MESSAGE } from '../../domain/requestFailure.ts';
import { requestMachine } from '../../machines/requestMachine.ts';

type Deferred = { resolve: (value: unknown) => void; reject: (error: unknown) => void; signal: AbortSignal };

function controlledRequests() {
  const calls: Array<{ input: unknown } & Deferred> = [];
  const machine = requestMachine.provide({
    actors: {
      request: fromPromise<unknown, unknown>(
        ({ input, signal }) =>
          new Promise((resolve, reject) => {
            calls.push({ input, resolve, reject, signal });
          }),
      ),
    },
  });
  return { machine, calls };
}

describe('requestMachine', () => {
  it('starts idle with nothing held', () => {
    const actor = createActor(requestMachine).start();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context).toEqual({ input: null, data: null, error: null });
  });

  it('loads and succeeds with the output', async () => {
    const { machine, calls } = controlledRequests();
    const actor = createActor(machine).start();
    actor.send({ type: 'request.submit', input: { email: 'a@b.test' } });
    expect(actor.getSnapshot().value).toBe('loading');
    expect(calls[0]?.input).toEqual({ email: 'a@b.test' });
    calls[0]?.resolve({ ok: 1 });
    const done = await waitFor(actor, (s) => s.matches('success'));
    expect(done.context.data).toEqual({ ok: 1 });
    expect(done.context.error).toBeNull();
  });

  it('fails with a typed failure carrying status and message', async () => {
    const { machine, calls } = controlledRequests();
    const actor = createActor(machine).start();
    actor.send({ type: 'request.submit', input: 1 });
    calls[0]?.reject({ kind: 'http', status: 400, message: 'Incorrect email or password.' });
    const failed = await waitFor(actor, (s) => s.matches('failure'));
    expect(failed.context.error).toEqual({
      kind: 'http',
      status: 400,
      message: 'Incorrect email or password.',
    });
  });

  it('turns an unknown error into a generic network failure', async () => {
    const { machine, calls } = controlledRequests();
    const actor = createActor(machine).start();
    actor.send({ type: 'request.submit', input: 1 });
    calls[0]?.reject(new TypeError('Failed to fetch'));
    const failed = await waitFor(actor, (s) => s.matches('failure'));
    expect(failed.context.error?.kind).toBe('network');
    expect(failed.context.error?.status).toBe(0);
  });

  it('a new submit while loading supersedes the first: aborted, its outcome ignored', async () => {
    const { machine, calls } = controlledRequests();
    const actor = createActor(machine).start();
    actor.send({ type: 'request.submit', input: 'first' });
    actor.send({ type: 'request.submit', input: 'second' });
    expect(calls).toHaveLength(2);
    expect(calls[0]?.signal.aborted).toBe(true);
    expect(calls[1]?.signal.aborted).toBe(false);
    calls[0]?.reject(new Error('aborted'));
    calls[1]?.resolve('second result');
    const done = await waitFor(actor, (s) => s.matches('success'));
    expect(done.context.data).toBe('second result');
    expect(done.context.input).toBe('second');
  });

  it('a cancellation by the request layer is never a failure and keeps loading', async () => {
    const { machine, calls } = controlledRequests();
    const actor = createActor(machine).start();
    actor.send({ type: 'request.submit', input: 'x' });
    calls[0]?.reject({ kind: 'canceled', status: 0, message: CANCELED_MESSAGE });
    await new Promise<void>((resolve) => setTimeout(resolve, 0));
    expect(actor.getSnapshot().value).toBe('loading');
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('can submit again after a failure, clearing the error', async () => {
    const { machine, calls } = controlledRequests();
    const actor = createActor(machine).start();
    actor.send({ type: 'request.submit', input: 1 });
    calls[0]?.reject({ kind: 'http', status: 500, message: 'boom' });
    await waitFor(actor, (s) => s.matches('failure'));
    actor.send({ type: 'request.submit', input: 2 });
    expect(actor.getSnapshot().context.error).toBeNull();
    calls[1]?.resolve('ok');
    await waitFor(actor, (s) => s.matches('success'));
  });

  it('reset returns to idle and forgets input, data and error', async () => {
    const { machine, calls } = controlledRequests();
    const actor = createActor(machine).start();
    actor.send({ type: 'request.submit', input: 'x' });
    calls[0]?.resolve('data');
    await waitFor(actor, (s) => s.matches('success'));
    actor.send({ type: 'request.reset' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context).toEqual({ input: null, data: null, error: null });
  });

  it('reset while loading cancels the request in flight', () => {
    const { machine, calls } = controlledRequests();
    const actor = createActor(machine).start();
    actor.send({ type: 'request.submit', input: 'x' });
    actor.send({ type: 'request.reset' });
    expect(calls[0]?.signal.aborted).toBe(true);
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('without a provided request it fails instead of hanging', async () => {
    const actor = createActor(requestMachine).start();
    actor.send({ type: 'request.submit', input: null });
    const failed = await waitFor(actor, (s) => s.matches('failure'));
    expect(failed.context.error?.kind).toBe('network');
  });
});
