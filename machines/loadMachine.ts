import { type ActorRefFrom, assign, fromPromise, setup } from 'xstate';
import { type RequestFailure, toRequestFailure } from '../domain/requestFailure.ts';
import { isCanceledFailure } from './isCanceledFailure.ts';

export type LoadContext = {
  /** The input of the latest load. */
  input: unknown;
  /** The result of the latest successful load (kept while a new one runs, dropped by reset). */
  data: unknown;
  error: RequestFailure | null;
};

export type LoadEvent = { type: 'load.start'; input: unknown } | { type: 'load.reset' };

export type LoadStatus = 'idle' | 'loading' | 'success' | 'failure';

/**
 * Every async load ("Every load has load, success and fail states"):
 * idle -> loading -> success | failure, and `load.reset` back to idle from anywhere.
 * A `load.start` while loading supersedes the load in flight: its actor is stopped, which aborts the
 * AbortSignal the `load` actor was given, so the request layer cancels the call. A cancellation
 * (CANCELED_MESSAGE, kind "canceled") never lands in failure and does not clear loading.
 * `load` is a placeholder: callers provide the real call with `loadMachine.provide({ actors: { load } })`.
 */
export const loadMachine = setup({
  types: {
    context: {} as LoadContext,
    events: {} as LoadEvent,
  },
  actors: {
    load: fromPromise<unknown, unknown>(async () => {
      throw new Error('loadMachine: no load actor was provided');
    }),
  },
  guards: {
    isCanceled: ({ event }) => 'error' in event && isCanceledFailure(event.error),
  },
  actions: {
    assignInput: assign({
      input: ({ event }) => (event.type === 'load.start' ? event.input : null),
      error: () => null,
    }),
    assignData: assign({
      data: ({ event }) => ('output' in event ? event.output : null),
      error: () => null,
    }),
    assignError: assign({
      error: ({ event }) => toRequestFailure('error' in event ? event.error : null),
    }),
    clear: assign({ input: () => null, data: () => null, error: () => null }),
  },
}).createMachine({
  id: 'load',
  initial: 'idle',
  context: { input: null, data: null, error: null },
  states: {
    idle: {
      on: { 'load.start': { target: 'loading', actions: 'assignInput' } },
    },
    loading: {
      invoke: {
        src: 'load',
        input: ({ context }: { context: LoadContext }) => context.input,
        onDone: { target: 'success', actions: 'assignData' },
        onError: [{ guard: 'isCanceled' }, { target: 'failure', actions: 'assignError' }],
      },
      on: {
        // Re-entering stops the load in flight (superseded: its signal aborts) and starts the new one.
        'load.start': { target: 'loading', reenter: true, actions: 'assignInput' },
      },
    },
    success: {
      on: { 'load.start': { target: 'loading', actions: 'assignInput' } },
    },
    failure: {
      on: { 'load.start': { target: 'loading', actions: 'assignInput' } },
    },
  },
  on: {
    'load.reset': { target: '.idle', actions: 'clear' },
  },
});

export type LoadActor = ActorRefFrom<typeof loadMachine>;
