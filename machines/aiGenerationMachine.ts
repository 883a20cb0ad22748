import { type ActorRefFrom, assign, fromPromise, setup } from 'xstate';
import { AI_PROGRESS_POLL_MS, type AiCreation, type AiProgress } from '../domain/aiEmails.ts';
import { type RequestFailure, toRequestFailure } from '../domain/requestFailure.ts';
import { isCanceledFailure } from './isCanceledFailure.ts';

/** What `create` is given: the client's id of the request (progress and cancel name it) and the form. */
export type AiGenerationRequest = { aiId: string; fields: unknown };

export type AiGenerationContext = {
  request: AiGenerationRequest | null;
  /** Variants written so far, of how many (the latest progress answer; 0 of 0 before the first). */
  done: number;
  total: number;
  /** create_ai_email/'s answer once the generation is done. */
  result: AiCreation | null;
  error: RequestFailure | null;
};

export type AiGenerationEvent =
  | { type: 'generation.start'; request: AiGenerationRequest }
  | { type: 'generation.cancel' }
  | { type: 'generation.reset' };

/**
 * One AI email generation, from the "New AI email" form: idle -> generating -> done | failed, or
 * cancelling -> cancelled.
 *
 * `generating` runs two regions: `create` waits for create_ai_email/ (it answers when every variant is
 * written, or fails with the server's text), and `progress` asks ai_email_progress/ every
 * AI_PROGRESS_POLL_MS (a failed look is ignored: the next one tries again; an answer never lowers the
 * count). `generation.cancel` stops the create call (its request is aborted) and asks cancel_ai_email/,
 * after which nothing of the generation is kept: `cancelled`; a refused cancel lands in `failed` with
 * its reason. From done, failed and cancelled the form may start again. `create`, `progress` and
 * `cancel` are placeholders the screen provides.
 */
export const aiGenerationMachine = setup({
  types: {
    context: {} as AiGenerationContext,
    events: {} as AiGenerationEvent,
  },
  actors: {
    create: fromPromise<AiCreation, AiGenerationRequest>(async () => {
      throw new Error('aiGenerationMachine: no create actor was provided');
    }),
    progress: fromPromise<AiProgress, { aiId: string }>(async () => {
      throw new Error('aiGenerationMachine: no progress actor was provided');
    }),
    cancel: fromPromise<void, { aiId: string }>(async () => {
      throw new Error('aiGenerationMachine: no cancel actor was provided');
    }),
  },
  delays: { poll: AI_PROGRESS_POLL_MS },
  guards: {
    isCanceled: ({ event }) => 'error' in event && isCanceledFailure(event.error),
  },
  actions: {
    begin: assign({
      request: ({ event }) => (event.type === 'generation.start' ? event.request : null),
      done: () => 0,
      total: () => 0,
      result: () => null,
      error: () => null,
    }),
    clear: assign({
      request: () => null,
      done: () => 0,
      total: () => 0,
      result: () => null,
      error: () => null,
    }),
  },
}).createMachine({
  id: 'aiGeneration',
  initial: 'idle',
  context: { request: null, done: 0, total: 0, result: null, error: null },
  states: {
    idle: {
      on: { 'generation.start': { target: 'generating', actions: 'begin' } },
    },
    generating: {
      type: 'parallel',
      on: { 'generation.cancel': { target: 'cancelling' } },
      states: {
        create: {
          initial: 'waiting',
          states: {
            waiting: {
              invoke: {
                src: 'create',
                input: ({ context }) => context.request as AiGenerationRequest,
                onDone: {
                  target: '#aiGeneration.done',
                  actions: assign({
                    result: ({ event }) => event.output,
                    done: ({ event }) => event.output.emails.length,
                    total: ({ event }) => event.output.emails.length,
                  }),
                },
                onError: [
                  { guard: 'isCanceled' },
                  {
                    target: '#aiGeneration.failed',
                    actions: assign({ error: ({ event }) => toRequestFailure(event.error) }),
                  },
                ],
              },
            },
          },
        },
        progress: {
          initial: 'waiting',
          states: {
            waiting: { after: { poll: { target: 'asking' } } },
            asking: {
              invoke: {
                src: 'progress',
                input: ({ context }) => ({ aiId: context.request?.aiId ?? '' }),
                onDone: {
                  target: 'waiting',
                  actions: assign({
                    done: ({ context, event }) => Math.max(context.done, event.output.done),
                    total: ({ context, event }) => Math.max(context.total, event.output.total),
                  }),
                },
                onError: { target: 'waiting' },
              },
            },
          },
        },
      },
    },
    cancelling: {
      invoke: {
        src: 'cancel',
        input: ({ context }) => ({ aiId: context.request?.aiId ?? '' }),
        onDone: { target: 'cancelled' },
        onError: {
          target: 'failed',
          actions: assign({ error: ({ event }) => toRequestFailure(event.error) }),
        },
      },
    },
    done: {
      on: { 'generation.start': { target: 'generating', actions: 'begin' } },
    },
    failed: {
      on: { 'generation.start': { target: 'generating', actions: 'begin' } },
    },
    cancelled: {
      on: { 'generation.start': { target: 'generating', actions: 'begin' } },
    },
  },
  on: {
    'generation.reset': { target: '.idle', actions: 'clear' },
  },
});

export type AiGenerationActor = ActorRefFrom<typeof aiGenerationMachine>;
