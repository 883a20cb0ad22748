import { type ActorRefFrom, assign, emit, fromPromise, raise, setup } from 'xstate';
import { RESUBSCRIBED_MESSAGE, UNSUBSCRIBED_MESSAGE } from '../domain/preferenceMessages.ts';
import {
  hideToast,
  PAGE_TOAST_REGION,
  type PageToast,
  REENABLE_AFTER_FAILURE_MS,
  REENABLE_AFTER_SUCCESS_MS,
  REQUEST_ERROR_TEXT,
  REQUEST_ERROR_TOAST_MS,
  resubscribePath,
  SERVER_ERROR_TOAST_MS,
  SUCCESS_TOAST_MS,
  showToast,
} from '../domain/publicPageTimings.ts';

/** Which call the button makes: the unsubscribe page's, or the resubscribe page's (its mirror). */
export type SubscriptionAction = 'unsubscribe' | 'resubscribe';

export type UnsubscribeButtonInput = { unsubId: string; action?: SubscriptionAction };

/** What the `submit` actor is given. */
export type SubscriptionRequest = { unsubId: string; action: SubscriptionAction };

/**
 * What the unsubscribe (or resubscribe) call answers. An answer with a status, whatever the HTTP status,
 * should resolve (not reject) so that the server's msg is shown; only "no usable answer" rejects.
 */
export type SubscriptionResult = { status: string; msg: string };

export type UnsubscribeButtonContext = {
  unsubId: string;
  action: SubscriptionAction;
  /** True once a call answered status "True" (the resubscribe page then says it is done). */
  succeeded: boolean;
  toast: PageToast | null;
};

export type UnsubscribeButtonEvent =
  | { type: 'unsubscribe.submit' }
  | { type: 'toast.dismiss' }
  /** Internal: raised when a new toast is put in context (restarts its timer). */
  | { type: 'toast.show' };

export type UnsubscribeButtonEmitted = { type: 'page.navigate'; to: string };

type Answer = Partial<SubscriptionResult> | null | undefined;

const DEFAULT_SUCCESS_TEXT: Record<SubscriptionAction, string> = {
  unsubscribe: UNSUBSCRIBED_MESSAGE,
  resubscribe: RESUBSCRIBED_MESSAGE,
};

function serverText(answer: Answer, fallback: string): string {
  const msg = answer?.msg;
  return typeof msg === 'string' && msg.trim() !== '' ? msg : fallback;
}

/**
 * The "YES, UNSUBSCRIBE" button of /unsub/i2c/{unsubid} and, with `action: 'resubscribe'`, its mirror on
 * /resub/i2c/{unsubid} (one machine serves both; the page sends `unsubscribe.submit` either way).
 *
 * Two parallel regions. `button`: idle (enabled) -> submitting (disabled, the `submit` actor in flight)
 * -> succeeded (status exactly "True"; disabled for 1 s) or failed (any other status, or a rejected
 * request; disabled for 3 s) -> idle. A submit while not idle is ignored. `toast`: the toast in context
 * (success: the server's msg for 5 s; other status: the server's msg as an error for 5 s; request error:
 * "Something went wrong" for 4 s) hides itself after its duration; a newer toast replaces it and restarts
 * the timer; `toast.dismiss` hides it at once.
 *
 * What follows a success: the unsubscribe page emits `page.navigate` to /resub/i2c/{unsubid} when the
 * button re-enables, 1 s after the answer (the toast keeps running, its actor must outlive the route
 * change to stay on screen). The resubscribe page does NOT navigate: it stays, `succeeded` turns true so
 * the page can say "You have been resubscribed." next to the success toast, and the button re-enables
 * after 1 s (resubscribing again is harmless: the server's resubscribe is idempotent).
 *
 * `submit` is a placeholder: the page provides the real call with `machine.provide({ actors: { submit } })`.
 */
export const unsubscribeButtonMachine = setup({
  types: {
    context: {} as UnsubscribeButtonContext,
    events: {} as UnsubscribeButtonEvent,
    emitted: {} as UnsubscribeButtonEmitted,
    input: {} as UnsubscribeButtonInput,
  },
  actors: {
    submit: fromPromise<SubscriptionResult, SubscriptionRequest>(async () => {
      throw new Error('unsubscribeButtonMachine: no submit actor was provided');
    }),
  },
  delays: {
    reenableAfterSuccess: REENABLE_AFTER_SUCCESS_MS,
    reenableAfterFailure: REENABLE_AFTER_FAILURE_MS,
    toastDuration: ({ context }) => context.toast?.durationMs ?? 0,
  },
  guards: {
    isTrueStatus: (_, params: { answer: Answer }) => params.answer?.status === 'True',
    isUnsubscribe: ({ context }) => context.action === 'unsubscribe',
  },
  actions: {
    markSucceeded: assign({ succeeded: () => true }),
    showSuccessToast: assign({
      toast: ({ context }, params: { answer: Answer }) =>
        showToast(
          'success',
          serverText(params.answer, DEFAULT_SUCCESS_TEXT[context.action]),
          SUCCESS_TOAST_MS,
        ),
    }),
    showServerErrorToast: assign({
      toast: (_, params: { answer: Answer }) =>
        showToast('error', serverText(params.answer, REQUEST_ERROR_TEXT), SERVER_ERROR_TOAST_MS),
    }),
    showRequestErrorToast: assign({
      toast: () => showToast('error', REQUEST_ERROR_TEXT, REQUEST_ERROR_TOAST_MS),
    }),
    announceToast: raise({ type: 'toast.show' }),
    hideToast: assign({ toast: ({ context }) => hideToast(context.toast) }),
    navigateToResubscribe: emit(({ context }) => ({
      type: 'page.navigate' as const,
      to: resubscribePath(context.unsubId),
    })),
  },
}).createMachine({
  id: 'unsubscribeButton',
  type: 'parallel',
  context: ({ input }) => ({
    unsubId: input.unsubId,
    action: input.action ?? 'unsubscribe',
    succeeded: false,
    toast: null,
  }),
  states: {
    button: {
      initial: 'idle',
      states: {
        idle: {
          on: { 'unsubscribe.submit': { target: 'submitting' } },
        },
        submitting: {
          invoke: {
            id: 'submit',
            src: 'submit',
            input: ({ context }) => ({ unsubId: context.unsubId, action: context.action }),
            onDone: [
              {
                guard: { type: 'isTrueStatus', params: ({ event }) => ({ answer: event.output }) },
                target: 'succeeded',
                actions: [
                  'markSucceeded',
                  { type: 'showSuccessToast', params: ({ event }) => ({ answer: event.output }) },
                  'announceToast',
                ],
              },
              {
                target: 'failed',
                actions: [
                  { type: 'showServerErrorToast', params: ({ event }) => ({ answer: event.output }) },
                  'announceToast',
                ],
              },
            ],
            onError: { target: 'failed', actions: ['showRequestErrorToast', 'announceToast'] },
          },
        },
        succeeded: {
          after: {
            reenableAfterSuccess: [
              { guard: 'isUnsubscribe', target: 'idle', actions: 'navigateToResubscribe' },
              { target: 'idle' },
            ],
          },
        },
        failed: {
          after: { reenableAfterFailure: { target: 'idle' } },
        },
      },
    },
    toast: PAGE_TOAST_REGION,
  },
});

export type UnsubscribeButtonActor = ActorRefFrom<typeof unsubscribeButtonMachine>;
