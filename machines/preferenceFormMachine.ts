import { type ActorRefFrom, assign, emit, fromPromise, raise, type SnapshotFrom, setup } from 'xstate';
import {
  hasAnyOptionOn,
  type PreferenceForm,
  type PreferenceListSection,
  type PreferencePayload,
  type PreferenceRecord,
  type PreferenceSection,
  preferenceFormFromRecord,
  preferencePayload,
  toggleSection,
  toggleSubOption,
} from '../domain/preferenceForm.ts';
import {
  hideToast,
  PAGE_TOAST_REGION,
  type PageToast,
  SAVE_FAILED_TEXT,
  SAVE_FAILED_TOAST_MS,
  showToast,
  successPath,
} from '../domain/publicPageTimings.ts';
import { type RequestFailure, toRequestFailure } from '../domain/requestFailure.ts';

export type PreferenceFormInput = {
  unsubId: string;
  /** The record already in the page (server rendering): the form starts in editing, with no load. */
  record?: PreferenceRecord | null;
};

/** What update_preference/ answers: a save counts only with status exactly "True". */
export type PreferenceSaveResult = { status: string; msg?: string };

export type PreferenceFormContext = {
  unsubId: string;
  /** Null until the record is loaded. */
  form: PreferenceForm | null;
  loadError: RequestFailure | null;
  toast: PageToast | null;
};

export type PreferenceFormEvent =
  | { type: 'preference.toggle'; section: PreferenceSection }
  | { type: 'preference.toggleSub'; section: PreferenceListSection; key: string }
  | { type: 'preference.submit' }
  | { type: 'preference.retry' }
  | { type: 'toast.dismiss' }
  /** Internal: raised when a new toast is put in context (restarts its timer). */
  | { type: 'toast.show' };

export type PreferenceFormEmitted = { type: 'page.navigate'; to: string };

/**
 * The preference page /unsub/{unsubid}. Region `form`: starting -> loading
 * ("Loading..."; the `load` actor is given the unsub id) -> editing (toggles change the held form through
 * the pure rules of domain/preferenceForm.ts) -> saving (the `save` actor is given update_preference/'s
 * fields) -> saved (emits `page.navigate` to /unsub-success?u={unsubid}), or back to editing with the toast
 * "Failed in updating the preferences !" for 5 s when the save is rejected or its status is not "True".
 * A failed load lands in `failed` (`preference.retry` loads again). With a record in the input (the server
 * rendered the page) it starts in editing. Submit is accepted only in editing with some option on; toggles
 * are ignored while loading and saving. Region `toast`: the toast hides itself after its duration.
 *
 * `load` and `save` are placeholders: the page provides the real calls with `machine.provide({ actors })`.
 */
export const preferenceFormMachine = setup({
  types: {
    context: {} as PreferenceFormContext,
    events: {} as PreferenceFormEvent,
    emitted: {} as PreferenceFormEmitted,
    input: {} as PreferenceFormInput,
  },
  actors: {
    load: fromPromise<PreferenceRecord, { unsubId: string }>(async () => {
      throw new Error('preferenceFormMachine: no load actor was provided');
    }),
    save: fromPromise<PreferenceSaveResult, PreferencePayload>(async () => {
      throw new Error('preferenceFormMachine: no save actor was provided');
    }),
  },
  delays: {
    toastDuration: ({ context }) => context.toast?.durationMs ?? 0,
  },
  guards: {
    hasForm: ({ context }) => context.form !== null,
    canSubmit: ({ context }) => context.form !== null && hasAnyOptionOn(context.form),
    isSaved: (_, params: { answer: PreferenceSaveResult | null | undefined }) =>
      params.answer?.status === 'True',
  },
  actions: {
    assignRecord: assign({
      form: (_, params: { record: PreferenceRecord }) => preferenceFormFromRecord(params.record),
      loadError: () => null,
    }),
    assignLoadError: assign({
      loadError: (_, params: { error: unknown }) => toRequestFailure(params.error),
    }),
    toggleSection: assign({
      form: ({ context }, params: { section: PreferenceSection }) =>
        context.form && toggleSection(context.form, params.section),
    }),
    toggleSubOption: assign({
      form: ({ context }, params: { section: PreferenceListSection; key: string }) =>
        context.form && toggleSubOption(context.form, params.section, params.key),
    }),
    showSaveFailedToast: assign({ toast: () => showToast('error', SAVE_FAILED_TEXT, SAVE_FAILED_TOAST_MS) }),
    announceToast: raise({ type: 'toast.show' }),
    hideToast: assign({ toast: ({ context }) => hideToast(context.toast) }),
    navigateToSuccess: emit(({ context }) => ({
      type: 'page.navigate' as const,
      to: successPath(context.unsubId),
    })),
  },
}).createMachine({
  id: 'preferenceForm',
  type: 'parallel',
  context: ({ input }) => ({
    unsubId: input.unsubId,
    form: input.record ? preferenceFormFromRecord(input.record) : null,
    loadError: null,
    toast: null,
  }),
  states: {
    form: {
      initial: 'starting',
      states: {
        starting: {
          always: [{ guard: 'hasForm', target: 'editing' }, { target: 'loading' }],
        },
        loading: {
          invoke: {
            id: 'load',
            src: 'load',
            input: ({ context }) => ({ unsubId: context.unsubId }),
            onDone: {
              target: 'editing',
              actions: { type: 'assignRecord', params: ({ event }) => ({ record: event.output }) },
            },
            onError: {
              target: 'failed',
              actions: { type: 'assignLoadError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        editing: {
          on: {
            'preference.toggle': {
              actions: { type: 'toggleSection', params: ({ event }) => ({ section: event.section }) },
            },
            'preference.toggleSub': {
              actions: {
                type: 'toggleSubOption',
                params: ({ event }) => ({ section: event.section, key: event.key }),
              },
            },
            'preference.submit': { guard: 'canSubmit', target: 'saving' },
          },
        },
        saving: {
          invoke: {
            id: 'save',
            src: 'save',
            input: ({ context }) => {
              if (!context.form) throw new Error('preferenceFormMachine: saving without a form');
              return preferencePayload(context.form);
            },
            onDone: [
              {
                guard: { type: 'isSaved', params: ({ event }) => ({ answer: event.output }) },
                target: 'saved',
              },
              { target: 'editing', actions: ['showSaveFailedToast', 'announceToast'] },
            ],
            onError: { target: 'editing', actions: ['showSaveFailedToast', 'announceToast'] },
          },
        },
        saved: {
          type: 'final',
          entry: 'navigateToSuccess',
        },
        failed: {
          on: { 'preference.retry': { target: 'loading' } },
        },
      },
    },
    toast: PAGE_TOAST_REGION,
  },
});

export type PreferenceFormActor = ActorRefFrom<typeof preferenceFormMachine>;

/** Whether the page's Submit button is enabled: in editing (not loading or saving) with some option on. */
export function isPreferenceSubmitEnabled(snapshot: SnapshotFrom<typeof preferenceFormMachine>): boolean {
  const { form } = snapshot.context;
  return snapshot.matches({ form: 'editing' }) && form !== null && hasAnyOptionOn(form);
}
