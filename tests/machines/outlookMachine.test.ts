import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { OutlookState, OutlookStatus } from '../../domain/outlookConnection.ts';
import { type OutlookRouteRequest, outlookMachine } from '../../machines/outlookMachine.ts';

const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

const state = (status: OutlookStatus, patch: Partial<OutlookState> = {}): OutlookState => ({
  status,
  missing: status === 'notConfigured' ? ['OUTLOOK_CLIENT_ID', 'OUTLOOK_TOKEN_KEY'] : [],
  address: status === 'connected' ? 'news@contoso.test' : null,
  name: status === 'connected' ? 'Contoso News' : null,
  route: false,
  remaining: 500,
  dailyLimit: 500,
  error: status === 'error' ? 'The Outlook connection stopped working: connect Outlook again.' : null,
  ...patch,
});

function start(
  outlook: OutlookState,
  calls: { connect: number[]; route: OutlookRouteRequest[] },
  fail = false,
) {
  const machine = outlookMachine.provide({
    actors: {
      connect: fromPromise<void, { versionId: number }>(async ({ input }) => {
        calls.connect.push(input.versionId);
        if (fail) throw new Error('Outlook is not set up on this server.');
      }),
      route: fromPromise<void, OutlookRouteRequest>(async ({ input }) => {
        calls.route.push(input);
        if (fail) throw new Error('Connect your Outlook mailbox first.');
      }),
    },
  });
  return createActor(machine, { input: { versionId: 5, campaignId: 3, emailId: 4, outlook } }).start();
}

describe('outlookMachine', () => {
  it('does not start a connection when the server is not configured', async () => {
    const calls = { connect: [] as number[], route: [] as OutlookRouteRequest[] };
    const actor = start(state('notConfigured'), calls);
    actor.send({ type: 'outlook.connect' });
    await settle();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(calls.connect).toEqual([]);
  });

  it('connects (and reconnects after a connection error) by leaving for the sign-in', async () => {
    for (const status of ['notConnected', 'error'] as const) {
      const calls = { connect: [] as number[], route: [] as OutlookRouteRequest[] };
      const actor = start(state(status), calls);
      actor.send({ type: 'outlook.connect' });
      expect(actor.getSnapshot().value).toBe('connecting');
      await settle();
      expect(actor.getSnapshot().value).toBe('leaving');
      expect(calls.connect).toEqual([5]);
    }
  });

  it('shows why a connection could not start', async () => {
    const calls = { connect: [] as number[], route: [] as OutlookRouteRequest[] };
    const actor = start(state('notConnected'), calls, true);
    actor.send({ type: 'outlook.connect' });
    await settle();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.message).toBe('Outlook is not set up on this server.');
  });

  it('chooses the mailbox for the edition only when connected, and turns it off', async () => {
    const calls = { connect: [] as number[], route: [] as OutlookRouteRequest[] };
    const broken = start(state('error'), calls);
    broken.send({ type: 'outlook.route', on: true });
    expect(broken.getSnapshot().value).toBe('idle');
    expect(calls.route).toEqual([]);

    const actor = start(state('connected'), calls);
    actor.send({ type: 'outlook.route', on: true });
    expect(actor.getSnapshot().context.outlook.route).toBe(true);
    await settle();
    expect(calls.route).toEqual([{ campaignId: 3, emailId: 4, versionId: 5, on: true }]);
    actor.send({ type: 'outlook.route', on: false });
    await settle();
    expect(calls.route.at(-1)?.on).toBe(false);
    expect(actor.getSnapshot().context.outlook.route).toBe(false);
  });

  it('puts the choice back and shows the message when saving it fails', async () => {
    const calls = { connect: [] as number[], route: [] as OutlookRouteRequest[] };
    const actor = start(state('connected'), calls, true);
    actor.send({ type: 'outlook.route', on: true });
    await settle();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.outlook.route).toBe(false);
    expect(actor.getSnapshot().context.message).toBe('Connect your Outlook mailbox first.');
  });
});
