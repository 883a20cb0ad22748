import { PREFERENCE_UPDATED_MESSAGE } from './preferenceMessages.ts';

/**
 * The public recipient pages' timings and texts: the unsubscribe button's
 * re-enable delays, the toasts' durations and wording. Every duration is in milliseconds.
 */

/** The unsubscribe (and resubscribe) button is enabled again 1 s after a status of exactly "True". */
export const REENABLE_AFTER_SUCCESS_MS = 1000;
/** ...and 3 s after any other status or a request error. */
export const REENABLE_AFTER_FAILURE_MS = 3000;

/** The server's msg as a success toast. */
export const SUCCESS_TOAST_MS = 5000;
/** The server's msg as an error toast (status not "True"). */
export const SERVER_ERROR_TOAST_MS = 5000;
/** "Something went wrong" after a request error (no answer, or an answer that could not be read). */
export const REQUEST_ERROR_TOAST_MS = 4000;
/** "Failed in updating the preferences !" after a failed save of the preference page. */
export const SAVE_FAILED_TOAST_MS = 5000;

export const REQUEST_ERROR_TEXT = 'Something went wrong';
export const SAVE_FAILED_TEXT = 'Failed in updating the preferences !';
/** What /unsub-success shows (the same text the server answers a save with). */
export const PREFERENCES_UPDATED_TEXT = PREFERENCE_UPDATED_MESSAGE;
export const LOADING_TEXT = 'Loading...';

/** Where a successful preference save goes. */
export const UNSUB_SUCCESS_PATH = '/unsub-success';

/** The confirmation of one recipient's save: it says what is now true (unsubscribed from all, or saved). */
export function successPath(unsubId: string): string {
  return `${UNSUB_SUCCESS_PATH}?u=${encodeURIComponent(unsubId)}`;
}

/** The unsubscribe id a confirmation's address names (its `u`), or null. */
export function successIdOf(search: string): string | null {
  const id = new URLSearchParams(search).get('u');
  return id && /^[A-Za-z0-9][A-Za-z0-9_-]{0,99}$/.test(id) ? id : null;
}

/** The resubscribe page of an unsubscribe id (where a successful unsubscribe goes). */
export function resubscribePath(unsubId: string): string {
  return `/resub/i2c/${encodeURIComponent(unsubId)}`;
}

export type ToastTone = 'success' | 'error';

/**
 * A toast held in a machine's context: components only render it. It stays in context once hidden
 * (visible false) so that a closing animation can still show its text.
 */
export type PageToast = {
  tone: ToastTone;
  text: string;
  durationMs: number;
  visible: boolean;
};

export function showToast(tone: ToastTone, text: string, durationMs: number): PageToast {
  return { tone, text, durationMs, visible: true };
}

export function hideToast(toast: PageToast | null): PageToast | null {
  return toast ? { ...toast, visible: false } : null;
}

/**
 * The toast's region of a public page machine, as plain data so that every such machine shares it. The
 * machine holds `toast: PageToast | null` in context and names: the delay `toastDuration` (the toast's
 * durationMs), the action `hideToast`, and the events `toast.show` (raised when it puts a new toast in
 * context: shows it, or restarts the timer of the one showing) and `toast.dismiss` (hides it at once).
 */
export const PAGE_TOAST_REGION = {
  initial: 'hidden',
  states: {
    hidden: {
      on: { 'toast.show': { target: 'visible' } },
    },
    visible: {
      after: { toastDuration: { target: 'hidden', actions: 'hideToast' } },
      on: {
        'toast.show': { target: 'visible', reenter: true },
        'toast.dismiss': { target: 'hidden', actions: 'hideToast' },
      },
    },
  },
} as const;
