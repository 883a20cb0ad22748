import { type Actor, type ActorOptions, type AnyStateMachine, createActor } from 'xstate';
import { type ActorReset, actorRegistry } from './actorRegistry.ts';
import { appEventLog } from './appEventLog.ts';
import type { EventLog } from './eventLog.ts';
import { recordingInspector } from './recordingInspector.ts';

export type RecordedActorOptions<TMachine extends AnyStateMachine> = Omit<
  ActorOptions<TMachine>,
  'inspect'
> & {
  /** A stable name for the log, e.g. "currentUser" or "request:signIn" (an instance number is added). */
  name: string;
  /** What sign-out does to this actor (default: stop it). */
  reset?: ActorReset;
  /** The log to write to (default: the page's appEventLog). */
  log?: EventLog;
};

/** The options every recorded actor is created with: its `inspect` observer and its key in the log. */
export function recordedActorOptions<TMachine extends AnyStateMachine>(
  machine: TMachine,
  options: RecordedActorOptions<TMachine>,
): { key: string; actorOptions: ActorOptions<TMachine> } {
  const { name, reset: _reset, log = appEventLog, ...actorOptions } = options;
  const { key, inspect } = recordingInspector(log, name, machine.id);
  return { key, actorOptions: { ...actorOptions, inspect } as ActorOptions<TMachine> };
}

/**
 * The one way actors are created in the app and the public pages (React components go through
 * useRecordedActor, which uses recordedActorOptions): the actor is recorded into the event log and
 * registered so that sign-out resets it. The actor is returned unstarted, like createActor.
 */
export function createRecordedActor<TMachine extends AnyStateMachine>(
  machine: TMachine,
  options: RecordedActorOptions<TMachine>,
): Actor<TMachine> {
  const { actorOptions } = recordedActorOptions(machine, options);
  const actor = createActor(machine, actorOptions);
  const unregister = actorRegistry.register(actor, options.reset ?? 'stop');
  actor.subscribe({ complete: unregister, error: unregister });
  return actor;
}
