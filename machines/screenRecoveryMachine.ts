import { type ActorRefFrom, assign, emit, fromPromise, setup } from 'xstate';
import type { BuildProbe } from '../domain/chunkLoadError.ts';
import { SCREEN_RETRY_MS } from '../domain/screenRecovery.ts';

export type ScreenRecoveryContext = {
  /** Looks at the server that went unanswered since the screen failed (0: none yet). */
  unanswered: number;
};

export type ScreenRecoveryEvent = { type: 'screen.retryNow' };

export type ScreenRecoveryEmitted =
  /** The server answers with the build this tab runs: load the screen again in place. */
  | { type: 'screen.retry' }
  /** The server answers with a newer build (a deploy replaced the files): load the page again. */
  | { type: 'screen.reload' };

/**
 * A screen whose code or styles could not be loaded (see domain/chunkLoadError.ts). At once, then every
 * SCREEN_RETRY_MS, or at once on `screen.retryNow` (the "Try again" button), it asks the `probe` actor
 * whether the server answers: no answer counts in `unanswered` and waits again; the same build emits `screen.retry`; a newer
 * build emits `screen.reload`. Both end the machine: the screen that mounted it goes away or fails anew
 * (which mounts a fresh one).
 *
 * `probe` is a placeholder: the screen provides the real look with `machine.provide({ actors: { probe } })`.
 */
export const screenRecoveryMachine = setup({
  types: {
    context: {} as ScreenRecoveryContext,
    events: {} as ScreenRecoveryEvent,
    emitted: {} as ScreenRecoveryEmitted,
  },
  actors: {
    probe: fromPromise<BuildProbe>(async () => {
      throw new Error('screenRecoveryMachine: no probe actor was provided');
    }),
  },
  delays: { retryDelay: SCREEN_RETRY_MS },
  guards: {
    isSameBuild: (_, params: { probe: BuildProbe }) => params.probe === 'same-build',
    isNewBuild: (_, params: { probe: BuildProbe }) => params.probe === 'new-build',
  },
  actions: {
    countUnanswered: assign({ unanswered: ({ context }) => context.unanswered + 1 }),
    emitRetry: emit({ type: 'screen.retry' as const }),
    emitReload: emit({ type: 'screen.reload' as const }),
  },
}).createMachine({
  id: 'screenRecovery',
  initial: 'probing',
  context: { unanswered: 0 },
  states: {
    waiting: {
      after: { retryDelay: { target: 'probing' } },
      on: { 'screen.retryNow': { target: 'probing' } },
    },
    probing: {
      invoke: {
        src: 'probe',
        onDone: [
          {
            guard: { type: 'isSameBuild', params: ({ event }) => ({ probe: event.output }) },
            target: 'recovered',
            actions: 'emitRetry',
          },
          {
            guard: { type: 'isNewBuild', params: ({ event }) => ({ probe: event.output }) },
            target: 'recovered',
            actions: 'emitReload',
          },
          { target: 'waiting', actions: 'countUnanswered' },
        ],
        onError: { target: 'waiting', actions: 'countUnanswered' },
      },
    },
    recovered: { type: 'final' },
  },
});

export type ScreenRecoveryActor = ActorRefFrom<typeof screenRecoveryMachine>;
