import { useSelector } from '@xstate/react';
import { useCallback, useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import type { RequestFailure } from '../../../../domain/requestFailure.ts';
import { type LoadStatus, loadMachine } from '../../../../machines/loadMachine.ts';
import { useRecordedActor } from '../../../ui/useRecordedActor.ts';

export type LoadRun<TInput, TOutput> = (input: TInput, signal: AbortSignal) => Promise<TOutput>;

export type UseLoad<TInput, TOutput> = {
  status: LoadStatus;
  /** The latest successful result (kept while a newer load runs). */
  data: TOutput | null;
  error: RequestFailure | null;
  /** Starts a load; one in flight is superseded (its request aborted, no error shown). */
  load: (input: TInput) => void;
  reset: () => void;
};

/**
 * A generic load machine actor (machines/loadMachine.ts) for one kind of load in a component, typed.
 * Created through the recording helper (session log, reset by sign-out); leaving the screen cancels a
 * load in flight.
 */
export function useLoad<TInput, TOutput>(
  run: LoadRun<TInput, TOutput>,
  /** The actor's name in the session log ("load:<name>"). */
  name: string,
): UseLoad<TInput, TOutput> {
  const runRef = useRef(run);
  runRef.current = run;
  const [machine] = useState(() =>
    loadMachine.provide({
      actors: {
        load: fromPromise<unknown, unknown>(({ input, signal }) => runRef.current(input as TInput, signal)),
      },
    }),
  );
  const actor = useRecordedActor(machine, { name: `load:${name}`, reset: { type: 'load.reset' } });
  const status = useSelector(actor, (s) => s.value as LoadStatus);
  // The machine holds `unknown`; this hook is the one place that knows what `run` returns.
  const data = useSelector(actor, (s) => s.context.data) as TOutput | null;
  const error = useSelector(actor, (s) => s.context.error);
  const load = useCallback((input: TInput) => actor.send({ type: 'load.start', input }), [actor]);
  const reset = useCallback(() => actor.send({ type: 'load.reset' }), [actor]);
  return { status, data, error, load, reset };
}
