/**
 * Wall-clock arithmetic in an IANA time zone with Intl only (no library), safe across daylight-saving
 * changes: a local time is turned into an instant by asking Intl for the zone's offset at that instant
 * and correcting once more (the offset can differ on either side of a change).
 */

export type ZonedParts = {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  /** Monday ... Sunday */
  weekday: string;
};

const formatters = new Map<string, Intl.DateTimeFormat>();

/** A known IANA zone, else UTC (a flow saved with a bad zone still runs, in UTC). */
export function safeZone(zone: string | null | undefined): string {
  if (!zone) return 'UTC';
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone;
  } catch {
    return 'UTC';
  }
}

function formatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      weekday: 'long',
    });
    formatters.set(zone, f);
  }
  return f;
}

export function zonedParts(instant: Date, zone: string): ZonedParts & { second: number } {
  const parts: Record<string, string> = {};
  for (const part of formatter(safeZone(zone)).formatToParts(instant)) parts[part.type] = part.value;
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour) % 24,
    minute: Number(parts.minute),
    second: Number(parts.second),
    weekday: parts.weekday ?? 'Monday',
  };
}

/** The zone's offset from UTC at an instant, in milliseconds (east positive). */
function offsetAt(instantMs: number, zone: string): number {
  const p = zonedParts(new Date(instantMs), zone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(instantMs / 1000) * 1000;
}

/**
 * The instant of a local wall time in a zone. A time skipped by a spring-forward change gives the
 * instant after the gap (02:30 that does not exist runs at 03:30 local); a time repeated by a fall-back
 * change gives its first occurrence.
 */
export function zonedToInstant(
  local: { year: number; month: number; day: number; hour: number; minute?: number },
  zone: string,
): Date {
  const z = safeZone(zone);
  const guess = Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute ?? 0);
  // The offsets a day before and a day after cover both sides of any change near this time.
  const candidates = [
    ...new Set([guess - offsetAt(guess - 86_400_000, z), guess - offsetAt(guess + 86_400_000, z)]),
  ];
  const shows = (instant: number) => {
    const p = zonedParts(new Date(instant), z);
    return p.day === local.day && p.hour === local.hour && p.minute === (local.minute ?? 0);
  };
  const valid = candidates.filter(shows);
  // Repeated: the first occurrence. Skipped: the instant after the gap.
  return new Date(valid.length > 0 ? Math.min(...valid) : Math.max(...candidates));
}
