import { type ActorRefFrom, assign, fromPromise, setup } from 'xstate';
import type { JourneyCriteriaSaved } from '../domain/journeyAnswers.ts';
import type { JourneyCriteria, RecomputeJob } from '../domain/journeyScoring.ts';
import { type RequestFailure, toRequestFailure } from '../domain/requestFailure.ts';

/** How long the screen waits between two readings of a recompute's progress. */
export const RECOMPUTE_POLL_MS = 1000;

export type JourneyRecomputeContext = {
  /** The criteria of the latest Save. */
  criteria: JourneyCriteria | null;
  /** The criteria the server saved (its answer to the latest Save). */
  saved: JourneyCriteria | null;
  /** The recompute the latest Save queued, as last read. */
  job: RecomputeJob | null;
  /** Why the save, or the reading of its progress, failed. */
  error: RequestFailure | null;
};

export type JourneyRecomputeEvent =
  | { type: 'criteria.save'; criteria: JourneyCriteria }
  /** Reads the progress again after a reading failed. */
  | { type: 'progress.check' };

const finished = (job: RecomputeJob | null) => job?.state === 'done' || job?.state === 'failed';

/**
 * Saving the scoring criteria and following the recompute it queues: idle -> saving (the `save` actor) ->
 * a refused save goes back to idle with its error (the editor keeps the criteria); a saved one follows its
 * job: waiting RECOMPUTE_POLL_MS, then checking (the `check` actor reads the job), again until the job is
 * done or failed. A reading that fails stops in `stalled` with its error until `progress.check`. A Save
 * while a recompute runs starts over with the new criteria (the server's newer job is followed).
 * `save` and `check` are placeholders: the screen provides the calls with `provide({ actors })`.
 */
export const journeyRecomputeMachine = setup({
  types: {
    context: {} as JourneyRecomputeContext,
    events: {} as JourneyRecomputeEvent,
  },
  actors: {
    save: fromPromise<JourneyCriteriaSaved, JourneyCriteria>(async () => {
      throw new Error('journeyRecomputeMachine: no save actor was provided');
    }),
    check: fromPromise<RecomputeJob, number>(async () => {
      throw new Error('journeyRecomputeMachine: no check actor was provided');
    }),
  },
  delays: { poll: RECOMPUTE_POLL_MS },
  guards: {
    isFinished: ({ context }) => finished(context.job),
  },
  actions: {
    assignCriteria: assign({
      criteria: ({ event }) => (event.type === 'criteria.save' ? event.criteria : null),
      error: () => null,
    }),
    assignSaved: assign({
      saved: ({ event }) => ('output' in event ? (event.output as JourneyCriteriaSaved).criteria : null),
      job: ({ event }) => ('output' in event ? (event.output as JourneyCriteriaSaved).job : null),
      error: () => null,
    }),
    assignJob: assign({
      job: ({ event, context }) => ('output' in event ? (event.output as RecomputeJob) : context.job),
      error: () => null,
    }),
    assignError: assign({
      error: ({ event }) => toRequestFailure('error' in event ? event.error : null),
    }),
  },
}).createMachine({
  id: 'journeyRecompute',
  initial: 'idle',
  context: { criteria: null, saved: null, job: null, error: null },
  on: {
    'criteria.save': { target: '.saving', actions: 'assignCriteria' },
  },
  states: {
    idle: {},
    saving: {
      invoke: {
        src: 'save',
        input: ({ context }) => context.criteria as JourneyCriteria,
        onDone: [
          { guard: ({ event }) => finished(event.output.job), target: 'finished', actions: 'assignSaved' },
          { target: 'waiting', actions: 'assignSaved' },
        ],
        onError: { target: 'idle', actions: 'assignError' },
      },
    },
    waiting: {
      after: { poll: 'checking' },
    },
    checking: {
      invoke: {
        src: 'check',
        input: ({ context }) => context.job?.id ?? 0,
        onDone: { target: 'checked', actions: 'assignJob' },
        onError: { target: 'stalled', actions: 'assignError' },
      },
    },
    checked: {
      always: [{ guard: 'isFinished', target: 'finished' }, { target: 'waiting' }],
    },
    stalled: {
      on: { 'progress.check': 'checking' },
    },
    finished: {},
  },
});

export type JourneyRecomputeActor = ActorRefFrom<typeof journeyRecomputeMachine>;
