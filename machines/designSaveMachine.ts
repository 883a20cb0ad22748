import { type ActorRefFrom, assign, fromPromise, setup } from 'xstate';
import { DESIGN_NAME_EXISTS, MISSING_LINK } from '../domain/emailDesign.ts';
import { toRequestFailure } from '../domain/requestFailure.ts';

export type DesignSaveInput = { versionId: number };
export type DesignSaveRequest = { versionId: number };
/** What design/save/ answered: the name and time kept, and the text version the server keeps now. */
export type DesignSaveResult = { versionName: string; savedAt: string; previewText: string | null };

export type DesignSaveContext = {
  versionId: number;
  /** The error under the version name field (spec 02 section 5: emailNameExists). */
  nameError: string | null;
  /** The block without a link target (the missing-link error highlights it). */
  faultBlockId: string | null;
  /** Any other failure, as a sentence. */
  message: string | null;
  result: DesignSaveResult | null;
};

export type DesignSaveEvent =
  /** Save. `missingLinkBlockId`: the designer's own check found a link without a target (nothing is sent). */
  { type: 'save.save'; missingLinkBlockId: string | null } | { type: 'save.dismiss' };

/** Spec 02 section 4: the saved-draft success flag shows for 2000 ms. */
export const DESIGN_SAVED_FLAG_MS = 2000;
export const DESIGN_NAME_EXISTS_TEXT = 'An edition of this email already has this name. Choose another.';
const SAVE_FAILED = 'Your design could not be saved.';

type Refusal = { error?: unknown; block_id?: unknown; message?: unknown };

function refusalOf(error: unknown): Refusal {
  const body =
    error && typeof error === 'object' && 'body' in error ? (error as { body: unknown }).body : null;
  return body && typeof body === 'object' ? (body as Refusal) : {};
}

function failureOf(error: unknown): Pick<DesignSaveContext, 'nameError' | 'faultBlockId' | 'message'> {
  const refusal = refusalOf(error);
  if (refusal.error === DESIGN_NAME_EXISTS || refusal.message === DESIGN_NAME_EXISTS) {
    return { nameError: DESIGN_NAME_EXISTS_TEXT, faultBlockId: null, message: null };
  }
  if (refusal.error === 'missing_link') {
    return {
      nameError: null,
      faultBlockId: typeof refusal.block_id === 'string' ? refusal.block_id : null,
      message: MISSING_LINK,
    };
  }
  const failure = toRequestFailure(error);
  const text =
    (failure.kind === 'rejected' || (failure.kind === 'http' && failure.status === 400)) && failure.message
      ? failure.message
      : SAVE_FAILED;
  return { nameError: null, faultBlockId: null, message: text };
}

const START = {
  'save.save': [
    { guard: 'hasMissingLink', target: '#designSave.failed', reenter: true, actions: 'assignMissingLink' },
    { target: '#designSave.saving' },
  ],
} as const;

/**
 * The designer's save (design/save/): idle -> saving -> saved -> (after 2000 ms) idle, or failed.
 * A name another edition of the email has (emailNameExists) sets nameError for the name field; a link
 * without a target (the designer's check in the event, or the server's missing_link answer with its
 * block_id) sets faultBlockId and the missing-link message. The call is the invoked `save` actor,
 * provided by the designer (designSaveMachine.provide({ actors: { save } })).
 */
export const designSaveMachine = setup({
  types: {
    input: {} as DesignSaveInput,
    context: {} as DesignSaveContext,
    events: {} as DesignSaveEvent,
  },
  actors: {
    save: fromPromise<DesignSaveResult, DesignSaveRequest>(async () => {
      throw new Error('designSaveMachine: no save actor was provided');
    }),
  },
  delays: { savedFlag: DESIGN_SAVED_FLAG_MS },
  guards: {
    hasMissingLink: ({ event }) => event.type === 'save.save' && event.missingLinkBlockId !== null,
  },
  actions: {
    assignMissingLink: assign(({ event }) => ({
      nameError: null,
      faultBlockId: event.type === 'save.save' ? event.missingLinkBlockId : null,
      message: MISSING_LINK,
    })),
    clearErrors: assign({ nameError: () => null, faultBlockId: () => null, message: () => null }),
    assignResult: assign({
      result: ({ event }) => ('output' in event ? (event.output as DesignSaveResult) : null),
    }),
    assignFailure: assign(({ event }) => failureOf('error' in event ? event.error : null)),
  },
}).createMachine({
  id: 'designSave',
  context: ({ input }) => ({
    versionId: input.versionId,
    nameError: null,
    faultBlockId: null,
    message: null,
    result: null,
  }),
  initial: 'idle',
  states: {
    idle: { on: START },
    saving: {
      entry: 'clearErrors',
      invoke: {
        src: 'save',
        input: ({ context }) => ({ versionId: context.versionId }),
        onDone: { target: 'saved', actions: 'assignResult' },
        onError: { target: 'failed', actions: 'assignFailure' },
      },
    },
    saved: {
      after: { savedFlag: 'idle' },
      on: START,
    },
    failed: {
      on: { ...START, 'save.dismiss': { target: 'idle', actions: 'clearErrors' } },
    },
  },
});

export type DesignSaveActor = ActorRefFrom<typeof designSaveMachine>;
