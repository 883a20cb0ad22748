import { type ActorRefFrom, assign, fromPromise, setup } from 'xstate';
import { type RequestFailure, toRequestFailure } from '../domain/requestFailure.ts';
import { isCanceledFailure } from './isCanceledFailure.ts';

export type RequestContext = {
  /** The input of the latest request. */
  input: unknown;
  /** The result of the latest successful request (kept while a new one loads). */
  data: unknown;
  error: RequestFailure | null;
};

export type RequestEvent = { type: 'request.submit'; input: unknown } | { type: 'request.reset' };

export type RequestStatus = 'idle' | 'loading' | 'success' | 'failure';

/**
 * One request (a form submission or a load): idle -> loading -> success | failure.
 * A submit while loading supersedes the request in flight: its actor is stopped (its AbortSignal fires)
 * and its outcome ignored. `request` is a placeholder: the app provides the real call with
 * `requestMachine.provide({ actors: { request: fromPromise(...) } })` and tests provide a fake one.
 * Input and output are `unknown` here; `useRequest` in the app gives them their types.
 */
export const requestMachine = setup({
  types: {
    context: {} as RequestContext,
    events: {} as RequestEvent,
  },
  actors: {
    request: fromPromise<unknown, unknown>(async () => {
      throw new Error('requestMachine: no request was provided');
    }),
  },
  guards: {
    isCanceled: ({ event }) => 'error' in event && isCanceledFailure(event.error),
  },
  actions: {
    assignInput: assign({
      input: ({ event }) => (event.type === 'request.submit' ? event.input : null),
      error: () => null,
    }),
    clear: assign({ input: () => null, data: () => null, error: () => null }),
  },
}).createMachine({
  id: 'request',
  initial: 'idle',
  context: { input: null, data: null, error: null },
  states: {
    idle: {
      on: { 'request.submit': { target: 'loading', actions: 'assignInput' } },
    },
    loading: {
      invoke: {
        src: 'request',
        input: ({ context }: { context: RequestContext }) => context.input,
        onDone: {
          target: 'success',
          actions: assign({ data: ({ event }) => event.output, error: () => null }),
        },
        onError: [
          // Canceled by the request layer (superseded elsewhere): no failure, still loading.
          { guard: 'isCanceled' },
          { target: 'failure', actions: assign({ error: ({ event }) => toRequestFailure(event.error) }) },
        ],
      },
      on: {
        // Re-entering stops the request in flight (superseded) and starts the new one.
        'request.submit': { target: 'loading', reenter: true, actions: 'assignInput' },
      },
    },
    success: {
      on: { 'request.submit': { target: 'loading', actions: 'assignInput' } },
    },
    failure: {
      on: { 'request.submit': { target: 'loading', actions: 'assignInput' } },
    },
  },
  on: {
    'request.reset': { target: '.idle', actions: 'clear' },
  },
});

export type RequestActor = ActorRefFrom<typeof requestMachine>;
