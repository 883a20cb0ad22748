import { assign, fromPromise, setup } from 'xstate';
import type { ContactImportState, ImportRefusal } from '../domain/contactImport.ts';
import type { RequestFailure } from '../domain/requestFailure.ts';

/** How often the progress is asked for while an import runs. */
export const IMPORT_POLL_MS = 1000;
/** Failed status calls in a row before the screen says the progress is lost (it offers Try again). */
export const IMPORT_POLL_FAILURES = 5;

export type ImportStatusAnswer = { data: ContactImportState; refusals: ImportRefusal[] };

export type ContactImportContext = {
  importId: number | null;
  state: ContactImportState | null;
  refusals: ImportRefusal[];
  failures: number;
  error: RequestFailure | null;
};

export type ContactImportEvent = { type: 'import.watch'; importId: number } | { type: 'import.retry' };

const isFinished = (answer: ImportStatusAnswer) =>
  answer.data.status === 'done' || answer.data.status === 'failed';

/**
 * The progress of a CSV import that runs on the server (a background job): watching an import id asks
 * import_status/ every IMPORT_POLL_MS until the import is done or failed. Because the job runs on the
 * server and the id is in the address, a reload just watches the same id again. A status call that fails
 * is tried again at the next tick; IMPORT_POLL_FAILURES in a row stop in `lost` (Try again: import.retry).
 * The `fetchStatus` actor is provided by the screen (the audience api) or a test.
 */
export const contactImportMachine = setup({
  types: {
    context: {} as ContactImportContext,
    events: {} as ContactImportEvent,
  },
  actors: {
    fetchStatus: fromPromise<ImportStatusAnswer, { importId: number }>(async () => {
      throw new Error('fetchStatus is provided by the screen');
    }),
  },
  delays: { poll: IMPORT_POLL_MS },
  guards: {
    tooManyFailures: ({ context }) => context.failures + 1 >= IMPORT_POLL_FAILURES,
  },
}).createMachine({
  id: 'contactImport',
  initial: 'idle',
  context: { importId: null, state: null, refusals: [], failures: 0, error: null },
  on: {
    'import.watch': {
      target: '.watching',
      actions: assign({
        importId: ({ event }) => event.importId,
        state: null,
        refusals: [],
        failures: 0,
        error: null,
      }),
    },
  },
  states: {
    idle: {},
    watching: {
      initial: 'asking',
      states: {
        asking: {
          invoke: {
            src: 'fetchStatus',
            input: ({ context }) => ({ importId: context.importId ?? 0 }),
            onDone: [
              {
                guard: ({ event }) => isFinished(event.output),
                target: '#contactImport.finished',
                actions: assign({
                  state: ({ event }) => event.output.data,
                  refusals: ({ event }) => event.output.refusals,
                  failures: 0,
                  error: null,
                }),
              },
              {
                target: 'waiting',
                actions: assign({
                  state: ({ event }) => event.output.data,
                  refusals: ({ event }) => event.output.refusals,
                  failures: 0,
                  error: null,
                }),
              },
            ],
            onError: [
              {
                guard: 'tooManyFailures',
                target: '#contactImport.lost',
                actions: assign({
                  failures: ({ context }) => context.failures + 1,
                  error: ({ event }) => toFailure(event.error),
                }),
              },
              {
                target: 'waiting',
                actions: assign({
                  failures: ({ context }) => context.failures + 1,
                  error: ({ event }) => toFailure(event.error),
                }),
              },
            ],
          },
        },
        waiting: { after: { poll: 'asking' } },
      },
    },
    finished: {},
    lost: {
      on: { 'import.retry': { target: 'watching', actions: assign({ failures: 0 }) } },
    },
  },
});

function toFailure(error: unknown): RequestFailure {
  const failure = error as Partial<RequestFailure> | null;
  return {
    kind: failure?.kind ?? 'network',
    status: typeof failure?.status === 'number' ? failure.status : 0,
    message: typeof failure?.message === 'string' ? failure.message : 'The progress could not be read.',
  };
}
