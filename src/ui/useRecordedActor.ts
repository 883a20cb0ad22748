import { useActorRef } from '@xstate/react';
import { useEffect, useState } from 'react';
import type { Actor, ActorOptions, AnyStateMachine } from 'xstate';
import { actorRegistry } from '../../machines/actorRegistry.ts';
import { type RecordedActorOptions, recordedActorOptions } from '../../machines/createRecordedActor.ts';

/**
 * useActorRef through the recording helper: the actor lives as long as the component, every event sent
 * to it from outside and every promise it invokes are recorded in the page's event log, and sign-out
 * resets it (`reset`: its reset event, default: stop it). Options are read on the first render only.
 * In a server render (no window) nothing is recorded.
 */
export function useRecordedActor<TMachine extends AnyStateMachine>(
  machine: TMachine,
  options: RecordedActorOptions<TMachine>,
): Actor<TMachine> {
  const [recording] = useState(() => {
    const reset = options.reset ?? 'stop';
    // The server's render (public pages) never starts the actor: there is nothing to record there.
    if (typeof window === 'undefined') {
      const { name: _name, reset: _reset, log: _log, ...actorOptions } = options;
      return { actorOptions: actorOptions as ActorOptions<TMachine>, reset };
    }
    return { ...recordedActorOptions(machine, options), reset };
  });
  const actor = useActorRef(machine, recording.actorOptions) as Actor<TMachine>;
  useEffect(() => actorRegistry.register(actor, recording.reset), [actor, recording]);
  return actor;
}
