import { type ActorRefFrom, assign, emit, fromPromise, raise, setup } from 'xstate';
import type { OnboardingKey } from '../domain/onboardingSteps.ts';

export type TourInput = {
  key: OnboardingKey;
  /** How many steps the area's tour has. */
  stepCount: number;
  /** Where the user stood (user_data/'s onboarding_steps): undefined when never started. */
  keptStep: number | undefined;
};

/** What the `saveStep` actor is given: the onboarding-step POST's fields. */
export type TourStepSave = { key: OnboardingKey; step: number };

export type TourContext = {
  key: OnboardingKey;
  stepCount: number;
  /** The step shown while the tour runs (0 is the first). */
  step: number;
  /** The step to resume at, or stepCount once finished; undefined while never started. */
  keptStep: number | undefined;
  /** The latest save failed (the next step change saves again). */
  saveFailed: boolean;
};

export type TourEvent =
  /** Start from the first step (a tour never taken, or taken again). */
  | { type: 'tour.start' }
  /** Go on where the user left off (the first step when never started or finished). */
  | { type: 'tour.resume' }
  | { type: 'tour.next' }
  | { type: 'tour.back' }
  /** Leave the tour (Esc, Close): its step stays kept, to resume later. */
  | { type: 'tour.dismiss' }
  /** Internal: the kept step changed, so it is saved. */
  | { type: 'tour.save' };

/** Told to the page once the server keeps a step (the signed-in user's data follows it). */
export type TourEmitted = { type: 'tour.stepKept'; key: OnboardingKey; step: number };

/** Where the user stands in a tour, for the page's offer: never started, left part-way, or finished. */
export type TourStanding = 'new' | 'left' | 'finished';

export function tourStanding(context: Pick<TourContext, 'keptStep' | 'stepCount'>): TourStanding {
  if (context.keptStep === undefined) return 'new';
  return context.keptStep >= context.stepCount ? 'finished' : 'left';
}

/**
 * One area's tour, step by step: the one engine every area's tour definition runs on.
 *
 * `tour`: idle (not shown) -> running (step shown; Next, Back, Dismiss) -> idle when dismissed, with its
 * step kept to resume; Next on the last step finishes it (its kept step becomes the step count). Start
 * begins at the first step, Resume at the kept one. Back on the first step does nothing.
 *
 * `saving`: every change of the kept step (start, resume, next, back, finish) is saved with the
 * onboarding-step POST (`saveStep`); a newer change while one is saving supersedes it (the latest step
 * wins). A failed save sets `saveFailed` and the tour goes on; the next change saves again. A save the
 * server kept emits `tour.stepKept`.
 *
 * `saveStep` is a placeholder: the app provides the real call with `machine.provide({ actors })`.
 */
export const tourMachine = setup({
  types: {
    context: {} as TourContext,
    events: {} as TourEvent,
    emitted: {} as TourEmitted,
    input: {} as TourInput,
  },
  actors: {
    saveStep: fromPromise<TourStepSave, TourStepSave>(async () => {
      throw new Error('tourMachine: no saveStep actor was provided');
    }),
  },
  guards: {
    isLastStep: ({ context }) => context.step >= context.stepCount - 1,
    hasPreviousStep: ({ context }) => context.step > 0,
  },
  actions: {
    showFirstStep: assign({ step: () => 0, keptStep: () => 0 }),
    showKeptStep: assign(({ context }) => {
      const kept = context.keptStep;
      const step = kept === undefined || kept >= context.stepCount ? 0 : Math.max(0, kept);
      return { step, keptStep: step };
    }),
    showNextStep: assign(({ context }) => ({ step: context.step + 1, keptStep: context.step + 1 })),
    showPreviousStep: assign(({ context }) => ({ step: context.step - 1, keptStep: context.step - 1 })),
    markFinished: assign(({ context }) => ({ keptStep: context.stepCount })),
    save: raise({ type: 'tour.save' }),
  },
}).createMachine({
  id: 'tour',
  type: 'parallel',
  context: ({ input }) => ({
    key: input.key,
    stepCount: input.stepCount,
    step: 0,
    keptStep: input.keptStep,
    saveFailed: false,
  }),
  states: {
    tour: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'tour.start': { target: 'running', actions: ['showFirstStep', 'save'] },
            'tour.resume': { target: 'running', actions: ['showKeptStep', 'save'] },
          },
        },
        running: {
          on: {
            'tour.next': [
              { guard: 'isLastStep', target: 'idle', actions: ['markFinished', 'save'] },
              { actions: ['showNextStep', 'save'] },
            ],
            'tour.back': { guard: 'hasPreviousStep', actions: ['showPreviousStep', 'save'] },
            'tour.dismiss': { target: 'idle' },
          },
        },
      },
    },
    saving: {
      initial: 'saved',
      states: {
        saved: { on: { 'tour.save': 'saving' } },
        saving: {
          // A newer step restarts the save (its own state only: the tour region is not touched).
          on: { 'tour.save': { target: 'saving', reenter: true } },
          invoke: {
            src: 'saveStep',
            input: ({ context }) => ({ key: context.key, step: context.keptStep ?? 0 }),
            onDone: {
              target: 'saved',
              actions: [
                assign({ saveFailed: () => false }),
                emit(({ event }) => ({
                  type: 'tour.stepKept' as const,
                  key: event.output.key,
                  step: event.output.step,
                })),
              ],
            },
            onError: { target: 'saved', actions: assign({ saveFailed: () => true }) },
          },
        },
      },
    },
  },
});

export type TourActor = ActorRefFrom<typeof tourMachine>;
