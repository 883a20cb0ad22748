import { type ActorRefFrom, assign, emit, setup } from 'xstate';
import {
  IMPORT_REDIRECT_MS,
  IMPORT_REDIRECT_PATH,
  IMPORT_STEP,
  IMPORT_TICK_MS,
  IMPORT_TOTAL,
} from '../domain/importProgress.ts';

export type ImportProgressContext = {
  count: number;
  total: number;
};

export type ImportProgressEmitted = { type: 'import.redirect'; to: string };

/**
 * The import-progress screen: the count rises by IMPORT_STEP every IMPORT_TICK_MS up to IMPORT_TOTAL;
 * IMPORT_REDIRECT_MS after the actor starts (the screen appears) it reaches `done` and emits
 * `import.redirect`, whatever the count. Both are `after` timers, so tests drive them with SimulatedClock.
 */
export const importProgressMachine = setup({
  types: {
    context: {} as ImportProgressContext,
    emitted: {} as ImportProgressEmitted,
  },
  delays: {
    tick: IMPORT_TICK_MS,
    redirect: IMPORT_REDIRECT_MS,
  },
  guards: {
    isLastStep: ({ context }) => context.count + IMPORT_STEP >= context.total,
  },
  actions: {
    step: assign({ count: ({ context }) => Math.min(context.total, context.count + IMPORT_STEP) }),
    emitRedirect: emit({ type: 'import.redirect', to: IMPORT_REDIRECT_PATH }),
  },
}).createMachine({
  id: 'importProgress',
  initial: 'importing',
  context: { count: 0, total: IMPORT_TOTAL },
  states: {
    importing: {
      initial: 'counting',
      after: { redirect: { target: 'done' } },
      states: {
        counting: {
          after: {
            tick: [
              { guard: 'isLastStep', target: 'complete', actions: 'step' },
              { target: 'counting', reenter: true, actions: 'step' },
            ],
          },
        },
        complete: {},
      },
    },
    done: {
      type: 'final',
      entry: 'emitRedirect',
    },
  },
});

export type ImportProgressActor = ActorRefFrom<typeof importProgressMachine>;
