/**
 * The preference service's flags, texts and unsubscribe-id rule, free of the schema library so that the
 * light public build can use them (the zod schemas in preferenceSchemas.ts build on these).
 * Every flag travels as the text "1" (on) or "0" (off).
 */
export const PREFERENCE_FLAGS = ['0', '1'] as const;
export type PreferenceFlag = (typeof PREFERENCE_FLAGS)[number];

export const PREFERENCE_UPDATED_MESSAGE = 'Your subscription preferences have been successfully updated.';
export const UNSUBSCRIBED_MESSAGE = 'You have been unsubscribed.';
export const RESUBSCRIBED_MESSAGE = 'You have been resubscribed.';
export const PAGE_EVENT_RECORDED_MESSAGE = 'The event was recorded.';
export const ONE_CLICK_UNSUBSCRIBED_MESSAGE = 'You have been unsubscribed.';
/**
 * The answer to an unknown (well-formed) unsubscribe id, on every public call: HTTP 200, status "False",
 * this message, and nothing changed. It never says whether the id exists.
 */
export const UNKNOWN_RECIPIENT_MESSAGE = 'This link is not valid.';

/** An unsubscribe id: a random (version 4) UUID in lower case. */
export const UNSUB_UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The id as the service reads it (trimmed, lower case), or null when it cannot be an unsubscribe id. */
export function normaliseUnsubUuid(raw: string): string | null {
  const id = raw.trim().toLowerCase();
  return UNSUB_UUID_PATTERN.test(id) ? id : null;
}
