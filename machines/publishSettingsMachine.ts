import { type ActorRefFrom, assign, fromPromise, setup, waitFor } from 'xstate';
import type { PublishDraft } from '../domain/editionSend.ts';
import { toRequestFailure } from '../domain/requestFailure.ts';

export type PublishSettingsInput = { versionId: number; draft: PublishDraft };

/** What the `save` actor is given: the whole draft as it is on screen. */
export type PublishSettingsSaveRequest = { versionId: number; draft: PublishDraft };

export type PublishSettingsContext = {
  versionId: number;
  /** The sender, subject and audience on screen. */
  draft: PublishDraft;
  /** A change came while a save was in flight: it is saved right after. */
  changedWhileSaving: boolean;
  /** Why the last save failed, shown with Retry until the next save works. */
  message: string | null;
};

export type PublishSettingsEvent =
  /** A field changed on screen (only the fields given). */
  | { type: 'settings.change'; patch: Partial<PublishDraft> }
  /** Save now what is pending (nothing happens when all is saved). */
  | { type: 'settings.flush' }
  | { type: 'settings.retry' };

/** How long typing may pause before what is on screen is saved. */
export const PUBLISH_AUTOSAVE_MS = 800;

const SAVE_FAILED = 'Your changes could not be saved.';

/** Why a save failed, short enough to follow "Not saved:" (the server's refusal, else what to check). */
function failureText(error: unknown): string {
  const failure = toRequestFailure(error);
  if ((failure.kind === 'http' && failure.status === 400) || failure.kind === 'rejected') {
    return failure.message || SAVE_FAILED;
  }
  if (failure.kind === 'network' || failure.kind === 'timeout') return 'check your connection.';
  return failure.status >= 500 ? 'the server had a problem.' : SAVE_FAILED;
}

const CHANGE = {
  actions: 'applyChange',
  target: '#publishSettings.editing',
  reenter: true,
} as const;

/**
 * The publish step's autosave (publish_configurations/): every field is saved as it is on screen, empty
 * ones too (the preflight names what a send still needs), so nothing typed is lost by leaving or checking.
 *
 * - `saved`: all saved. `settings.change` -> `editing`.
 * - `editing`: waits PUBLISH_AUTOSAVE_MS after the last change (each change restarts the wait), then
 *   `saving`; `settings.flush` saves at once.
 * - `saving` (the `save` actor, the whole draft): a change meanwhile is kept and saved right after this
 *   one; done -> `saved`; a failure -> `failed`.
 * - `failed`: the reason in `message`; `settings.retry` or `settings.flush` saves again, a change waits
 *   and saves again.
 *
 * `flushPublishSettings` (waiting for `saved` or `failed`) is how a check, a send, a test or leaving the
 * page makes sure what they act on is what the screen shows. `save` is a placeholder: the screen provides
 * the real call with `machine.provide({ actors: { save } })`.
 */
export const publishSettingsMachine = setup({
  types: {
    context: {} as PublishSettingsContext,
    events: {} as PublishSettingsEvent,
    input: {} as PublishSettingsInput,
  },
  actors: {
    save: fromPromise<void, PublishSettingsSaveRequest>(async () => {
      throw new Error('publishSettingsMachine: no save actor was provided');
    }),
  },
  delays: { autosave: PUBLISH_AUTOSAVE_MS },
  guards: {
    changedWhileSaving: ({ context }) => context.changedWhileSaving,
  },
  actions: {
    applyChange: assign(({ context, event }) =>
      event.type === 'settings.change'
        ? { draft: { ...context.draft, ...event.patch }, changedWhileSaving: true }
        : {},
    ),
    startSave: assign({ changedWhileSaving: () => false }),
    clearFailure: assign({ message: () => null }),
    keepFailure: assign({ message: (_, params: { error: unknown }) => failureText(params.error) }),
  },
}).createMachine({
  id: 'publishSettings',
  context: ({ input }) => ({
    versionId: input.versionId,
    draft: input.draft,
    changedWhileSaving: false,
    message: null,
  }),
  initial: 'saved',
  states: {
    saved: {
      on: { 'settings.change': CHANGE },
    },
    editing: {
      after: { autosave: { target: 'saving' } },
      on: {
        'settings.change': CHANGE,
        'settings.flush': { target: 'saving' },
      },
    },
    saving: {
      entry: 'startSave',
      invoke: {
        src: 'save',
        input: ({ context }) => ({ versionId: context.versionId, draft: context.draft }),
        onDone: [
          { guard: 'changedWhileSaving', target: 'saving', reenter: true },
          { target: 'saved', actions: 'clearFailure' },
        ],
        onError: {
          target: 'failed',
          actions: { type: 'keepFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
      on: { 'settings.change': { actions: 'applyChange' } },
    },
    failed: {
      on: {
        'settings.change': CHANGE,
        'settings.retry': { target: 'saving' },
        'settings.flush': { target: 'saving' },
      },
    },
  },
});

export type PublishSettingsActor = ActorRefFrom<typeof publishSettingsMachine>;

/**
 * Saves what is pending now and resolves once the draft is saved; rejects with the reason when the save
 * fails (what then acts on the edition would not see what the screen shows).
 */
export async function flushPublishSettings(actor: PublishSettingsActor, signal?: AbortSignal): Promise<void> {
  actor.send({ type: 'settings.flush' });
  const settled = await waitFor(actor, (s) => s.matches('saved') || s.matches('failed'), {
    timeout: Number.POSITIVE_INFINITY,
    signal,
  });
  if (settled.matches('failed')) {
    throw new Error(`Your changes could not be saved: ${settled.context.message ?? 'try again.'}`);
  }
}
