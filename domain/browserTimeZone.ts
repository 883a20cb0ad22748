/**
 * The time zone of the runtime (the browser's, for the `user_tz` field of every request and the session
 * log's header): its IANA name, or "UTC" when the runtime does not say.
 */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}
