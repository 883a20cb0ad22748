import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { SupportMessage } from '../../domain/supportMessage.ts';
import { type SendInput, supportChatMachine } from '../../machines/supportChatMachine.ts';

type Pending<T> = { resolve: (value: T) => void; reject: (error: unknown) => void };

function harness() {
  const loads: Array<Pending<SupportMessage[]>> = [];
  const sends: Array<Pending<SupportMessage> & { input: SendInput }> = [];
  const machine = supportChatMachine.provide({
    actors: {
      loadMessages: fromPromise<SupportMessage[], void>(
        () => new Promise((resolve, reject) => loads.push({ resolve, reject })),
      ),
      sendMessage: fromPromise<SupportMessage, SendInput>(
        ({ input }) => new Promise((resolve, reject) => sends.push({ input, resolve, reject })),
      ),
    },
  });
  const actor = createActor(machine).start();
  return { actor, loads, sends };
}

const message = (id: number, text: string): SupportMessage => ({
  id,
  message: text,
  page_path: '/campaigns',
  created_at: '2026-01-01T00:00:00.000Z',
});

describe('supportChatMachine', () => {
  it('starts closed and loads nothing until opened', () => {
    const { actor, loads } = harness();
    expect(actor.getSnapshot().value).toEqual({ panel: 'closed', history: 'idle', send: 'idle' });
    expect(loads).toHaveLength(0);
  });

  it('loads the own messages the first time it opens, not again', async () => {
    const { actor, loads } = harness();
    actor.send({ type: 'support.toggle' });
    expect(actor.getSnapshot().matches({ panel: 'open', history: 'loading' })).toBe(true);
    loads[0]?.resolve([message(1, 'hello')]);
    await waitFor(actor, (s) => s.matches({ history: 'ready' }));
    expect(actor.getSnapshot().context.messages.map((m) => m.message)).toEqual(['hello']);
    actor.send({ type: 'support.close' });
    actor.send({ type: 'support.open' });
    expect(loads).toHaveLength(1);
  });

  it('refuses a blank draft without calling the server', () => {
    const { actor, sends } = harness();
    actor.send({ type: 'support.draft.change', value: '   ' });
    actor.send({ type: 'support.send', page: '/campaigns' });
    expect(sends).toHaveLength(0);
    expect(actor.getSnapshot().context.sendError).toBe('Write a message first.');
    actor.send({ type: 'support.draft.change', value: 'x'.repeat(2001) });
    actor.send({ type: 'support.send', page: '/campaigns' });
    expect(sends).toHaveLength(0);
    expect(actor.getSnapshot().context.sendError).toMatch(/at most 2000/);
  });

  it('sends the trimmed draft with the page, shows it, and clears the draft', async () => {
    const { actor, sends } = harness();
    actor.send({ type: 'support.draft.change', value: '  Need help  ' });
    actor.send({ type: 'support.send', page: '/audiences' });
    expect(actor.getSnapshot().matches({ send: 'sending' })).toBe(true);
    actor.send({ type: 'support.send', page: '/audiences' });
    expect(sends).toHaveLength(1);
    expect(sends[0]?.input).toEqual({ message: 'Need help', page: '/audiences' });
    sends[0]?.resolve(message(7, 'Need help'));
    const sent = await waitFor(actor, (s) => s.matches({ send: 'sent' }));
    expect(sent.context.draft).toBe('');
    expect(sent.context.messages.map((m) => m.id)).toEqual([7]);
    actor.send({ type: 'support.draft.change', value: 'n' });
    expect(actor.getSnapshot().matches({ send: 'idle' })).toBe(true);
  });

  it('keeps the draft and says why when sending fails, and can try again', async () => {
    const { actor, sends } = harness();
    actor.send({ type: 'support.draft.change', value: 'Please call me' });
    actor.send({ type: 'support.send', page: '/' });
    sends[0]?.reject({ kind: 'http', status: 500, message: 'Server trouble.' });
    const failed = await waitFor(actor, (s) => s.matches({ send: 'failed' }));
    expect(failed.context.draft).toBe('Please call me');
    expect(failed.context.sendError).toBe('Server trouble.');
    actor.send({ type: 'support.send', page: '/' });
    expect(sends).toHaveLength(2);
    sends[1]?.resolve(message(8, 'Please call me'));
    await waitFor(actor, (s) => s.matches({ send: 'sent' }));
  });

  it('keeps a message sent while the history loads after the loaded ones', async () => {
    const { actor, loads, sends } = harness();
    actor.send({ type: 'support.open' });
    actor.send({ type: 'support.draft.change', value: 'quick one' });
    actor.send({ type: 'support.send', page: '/' });
    sends[0]?.resolve(message(9, 'quick one'));
    await waitFor(actor, (s) => s.matches({ send: 'sent' }));
    loads[0]?.resolve([message(1, 'old'), message(9, 'quick one')]);
    const ready = await waitFor(actor, (s) => s.matches({ history: 'ready' }));
    expect(ready.context.messages.map((m) => m.id)).toEqual([1, 9]);
  });

  it('shows a load failure and reloads on request', async () => {
    const { actor, loads } = harness();
    actor.send({ type: 'support.open' });
    loads[0]?.reject({ kind: 'network', status: 0, message: 'Offline.' });
    const failed = await waitFor(actor, (s) => s.matches({ history: 'failed' }));
    expect(failed.context.loadError?.message).toBe('Offline.');
    actor.send({ type: 'support.reload' });
    expect(loads).toHaveLength(2);
  });
});
