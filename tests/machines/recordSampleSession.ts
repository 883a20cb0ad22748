import { fromPromise, SimulatedClock } from 'xstate';
import { CANCELED_MESSAGE } from '../../domain/requestFailure.ts';
import { createRecordedActor } from '../../machines/createRecordedActor.ts';
import { createEventLog, type EventLog } from '../../machines/eventLog.ts';
import { importProgressMachine } from '../../machines/importProgressMachine.ts';
import { loadMachine } from '../../machines/loadMachine.ts';
import { requestMachine } from '../../machines/requestMachine.ts';
import { sessionMachine } from '../../machines/sessionMachine.ts';

export const SAMPLE_PASSWORD = 'Demo-Password-2026';
export const SAMPLE_CSRF = 'csrf-5b0c1e9a7d3f4e21';

const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Records a small session with the real machines on a simulated clock, with fake calls:
 * sign-in (password and CSRF token in play), a superseded load, an import-progress run and sign-out.
 */
export async function recordSampleSession(): Promise<EventLog> {
  const clock = new SimulatedClock();
  const log = createEventLog({ now: () => clock.now(), startedAt: new Date('2026-11-22T01:00:00Z') });
  log.addSecretValues(() => [SAMPLE_CSRF]);

  const session = createRecordedActor(sessionMachine, { name: 'session', log, clock }).start();
  const signIn = createRecordedActor(
    requestMachine.provide({
      actors: {
        request: fromPromise<unknown, unknown>(async () => ({
          success: true,
          csrf_token: SAMPLE_CSRF,
          user: { user_id: 1001, first_name: 'Dana' },
        })),
      },
    }),
    { name: 'request:signIn', log, clock, reset: { type: 'request.reset' } },
  ).start();
  clock.increment(120);
  signIn.send({ type: 'request.submit', input: { email: 'demo@workbench.test', password: SAMPLE_PASSWORD } });
  await settle();
  session.send({ type: 'session.signIn', user: null });

  let calls = 0;
  const load = createRecordedActor(
    loadMachine.provide({
      actors: {
        load: fromPromise<unknown, unknown>(({ input, signal }) => {
          calls += 1;
          const call = calls;
          return new Promise((resolve, reject) => {
            signal.addEventListener('abort', () => reject(new Error(CANCELED_MESSAGE)));
            if (call === 2) setTimeout(() => resolve({ page: input, rows: 3 }), 0);
          });
        }),
      },
    }),
    { name: 'load:contacts', log, clock, reset: { type: 'load.reset' } },
  ).start();
  clock.increment(40);
  load.send({ type: 'load.start', input: 1 });
  clock.increment(15);
  load.send({ type: 'load.start', input: 2 });
  await settle();

  clock.increment(200);
  const progress = createRecordedActor(importProgressMachine, { name: 'importProgress', log, clock }).start();
  for (let step = 0; step < 13; step += 1) clock.increment(500);
  progress.stop();

  session.send({ type: 'session.signOut' });
  for (const actor of [session, signIn, load]) actor.stop();
  return log;
}
