/**
 * The time zones a delay or a condition can use: "UTC" first, then every IANA zone the runtime knows.
 * `Intl.supportedValuesOf('timeZone')` lists only geographic zones, so without "UTC" up front a browser
 * set to UTC would fall back to the first zone of the list (Africa/Abidjan).
 */
export const UTC_ZONE = 'UTC';

/** Names browsers and systems give to UTC itself. */
const UTC_ALIASES = new Set([
  'UTC',
  'Etc/UTC',
  'Etc/UCT',
  'UCT',
  'Etc/Universal',
  'Universal',
  'Etc/Zulu',
  'Zulu',
  'Etc/GMT',
  'Etc/GMT+0',
  'Etc/GMT-0',
  'Etc/GMT0',
  'GMT',
  'GMT+0',
  'GMT-0',
  'GMT0',
  'Etc/Greenwich',
  'Greenwich',
]);

export function timeZoneOptions(): string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [UTC_ZONE, ...zones.filter((zone) => zone !== UTC_ZONE)];
}

/**
 * The zone to preselect for a browser whose own zone is `own`: "UTC" for any name of UTC (every runtime
 * knows it, listed or not), the browser's zone when the list has it, else UTC.
 */
export function preferredTimeZone(zones: readonly string[], own: string | undefined): string {
  if (!own || UTC_ALIASES.has(own)) return UTC_ZONE;
  return zones.includes(own) ? own : UTC_ZONE;
}
