import { useSelector } from '@xstate/react';
import { useCallback, useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import type { RequestFailure } from '../../../../domain/requestFailure.ts';
import { type RequestStatus, requestMachine } from '../../../../machines/requestMachine.ts';
import { useRecordedActor } from '../../../ui/useRecordedActor.ts';

export type RequestRun<TInput, TOutput> = (input: TInput, signal: AbortSignal) => Promise<TOutput>;

export type UseRequest<TInput, TOutput> = {
  status: RequestStatus;
  data: TOutput | null;
  error: RequestFailure | null;
  submit: (input: TInput) => void;
  reset: () => void;
};

/**
 * A requestMachine actor for one kind of call in a component, with typed input and output. The actor
 * lives as long as the component: leaving the screen drops what it held and cancels a call in flight.
 * It is created through the recording helper (session log) and reset by sign-out.
 */
export function useRequest<TInput, TOutput>(
  run: RequestRun<TInput, TOutput>,
  /** The actor's name in the session log ("request:<name>"). */
  name = 'call',
): UseRequest<TInput, TOutput> {
  const runRef = useRef(run);
  runRef.current = run;
  const [machine] = useState(() =>
    requestMachine.provide({
      actors: {
        request: fromPromise<unknown, unknown>(({ input, signal }) =>
          runRef.current(input as TInput, signal),
        ),
      },
    }),
  );
  const actor = useRecordedActor(machine, { name: `request:${name}`, reset: { type: 'request.reset' } });
  const status = useSelector(actor, (s) => s.value as RequestStatus);
  // The machine holds `unknown`; this hook is the one place that knows what `run` returns.
  const data = useSelector(actor, (s) => s.context.data) as TOutput | null;
  const error = useSelector(actor, (s) => s.context.error);
  const submit = useCallback((input: TInput) => actor.send({ type: 'request.submit', input }), [actor]);
  const reset = useCallback(() => actor.send({ type: 'request.reset' }), [actor]);
  return { status, data, error, submit, reset };
}
