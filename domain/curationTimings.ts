/**
 * The curation timings (milliseconds), kept by machines/curationMachine.ts.
 */

/** The edition card an add went to shows as recent for 5 s. */
export const RECENT_MS = 5000;
/** Undo is offered for 30 s after the add; then the card reads UNDO_EXPIRED_TEXT. */
export const UNDO_MS = 30_000;
/** After an undo, its confirmation shows for 3 s. */
export const UNDO_CONFIRMATION_MS = 3000;
/** A failed add sets the add-fail flag, reset after 3 s. */
export const ADD_FAIL_RESET_MS = 3000;

export const UNDO_EXPIRED_TEXT = '30 sec ago';
