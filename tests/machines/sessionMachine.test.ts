import { afterEach, describe, expect, it } from 'vitest';
import { type AnyActorRef, fromPromise, waitFor } from 'xstate';
import type { UserData } from '../../domain/userData.ts';
import { actorRegistry } from '../../machines/actorRegistry.ts';
import { createRecordedActor } from '../../machines/createRecordedActor.ts';
import { createEventLog } from '../../machines/eventLog.ts';
import { importProgressMachine } from '../../machines/importProgressMachine.ts';
import { requestMachine } from '../../machines/requestMachine.ts';
import { sessionMachine } from '../../machines/sessionMachine.ts';

const user = { user_id: 7, first_name: 'Dana', last_name: 'Demo' } as UserData;
const started: AnyActorRef[] = [];

afterEach(() => {
  for (const actor of started.splice(0)) actor.stop();
});

function start<T extends AnyActorRef>(actor: T): T {
  started.push(actor);
  actor.start();
  return actor;
}

describe('sessionMachine', () => {
  it('starts signed out, signs in with the user and forgets the user on sign-out', () => {
    const log = createEventLog();
    const session = start(createRecordedActor(sessionMachine, { name: 'session', log }));
    expect(session.getSnapshot().value).toBe('signedOut');
    session.send({ type: 'session.signIn' });
    expect(session.getSnapshot().value).toBe('signedIn');
    expect(session.getSnapshot().context.user).toBeNull();
    session.send({ type: 'session.signIn', user });
    expect(session.getSnapshot().context.user?.first_name).toBe('Dana');
    session.send({ type: 'session.signOut' });
    expect(session.getSnapshot().value).toBe('signedOut');
    expect(session.getSnapshot().context.user).toBeNull();
  });

  it('session.ended (a 403, another tab) signs out without resetting other actors', async () => {
    const log = createEventLog();
    const request = start(
      createRecordedActor(
        requestMachine.provide({ actors: { request: fromPromise<unknown, unknown>(async () => 'kept') } }),
        { name: 'request', log, reset: { type: 'request.reset' } },
      ),
    );
    const session = start(createRecordedActor(sessionMachine, { name: 'session', log }));
    session.send({ type: 'session.signIn', user });
    request.send({ type: 'request.submit', input: 1 });
    await waitFor(request, (s) => s.matches('success'));
    session.send({ type: 'session.ended' });
    expect(session.getSnapshot().value).toBe('signedOut');
    expect(request.getSnapshot().value).toBe('success');
  });

  it('sign-out resets every recorded actor: reset events are sent, the others are stopped', async () => {
    const log = createEventLog();
    const before = actorRegistry.size();
    const request = start(
      createRecordedActor(
        requestMachine.provide({
          actors: { request: fromPromise<unknown, unknown>(async () => ({ rows: [1, 2] })) },
        }),
        { name: 'request:list', log, reset: { type: 'request.reset' } },
      ),
    );
    const progress = start(createRecordedActor(importProgressMachine, { name: 'importProgress', log }));
    const session = start(createRecordedActor(sessionMachine, { name: 'session', log }));
    expect(actorRegistry.size()).toBe(before + 3);

    session.send({ type: 'session.signIn', user });
    request.send({ type: 'request.submit', input: 'page 1' });
    await waitFor(request, (s) => s.matches('success'));

    session.send({ type: 'session.signOut' });

    expect(request.getSnapshot().value).toBe('idle');
    expect(request.getSnapshot().context).toEqual({ input: null, data: null, error: null });
    expect(progress.getSnapshot().status).toBe('stopped');
    expect(session.getSnapshot().status).toBe('active');
    // The reset events were sent from outside, so the log holds them for a replay.
    const resets = log.toJSON().entries.filter((e) => e.kind === 'event' && e.event.type === 'request.reset');
    expect(resets).toHaveLength(1);
    // The stopped actor left the registry; the others remain until they stop.
    expect(actorRegistry.size()).toBe(before + 2);
  });
});
