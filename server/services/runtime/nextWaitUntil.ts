import { BUSINESS_DAYS, WEEKDAYS } from '../../../domain/workflowCatalogue.ts';
import type { DayOption } from '../../../domain/workflowTypes.ts';
import { safeZone, zonedParts, zonedToInstant } from '../../lib/zonedTime.ts';

/** The weekdays a wait-until delay may end on. */
export function allowedDays(dayOption: DayOption, days: readonly string[]): Set<string> {
  const base: readonly string[] = dayOption === 'business' ? BUSINESS_DAYS : WEEKDAYS;
  const chosen = days.filter((day) => (WEEKDAYS as readonly string[]).includes(day));
  return new Set(chosen.length > 0 ? base.filter((day) => chosen.includes(day)) : base);
}

/**
 * The first instant at or after `now` that is `hour`:00 local time on an allowed weekday in the zone
 * (radioValue 2 delays). Null when no weekday is allowed (e.g. business days restricted to Saturday).
 */
export function nextWaitUntil(
  now: Date,
  waitUntil: { dayOption: DayOption; days: readonly string[]; hour: number; timezone: string },
): Date | null {
  const zone = safeZone(waitUntil.timezone);
  const days = allowedDays(waitUntil.dayOption, waitUntil.days);
  if (days.size === 0) return null;
  const hour = Math.min(23, Math.max(0, Math.trunc(waitUntil.hour)));
  const today = zonedParts(now, zone);
  for (let offset = 0; offset <= 8; offset += 1) {
    // Calendar arithmetic on the local date (UTC date maths never meets a DST change).
    const date = new Date(Date.UTC(today.year, today.month - 1, today.day + offset));
    const local = {
      year: date.getUTCFullYear(),
      month: date.getUTCMonth() + 1,
      day: date.getUTCDate(),
      hour,
    };
    const weekday = WEEKDAYS[(date.getUTCDay() + 6) % 7] as string;
    if (!days.has(weekday)) continue;
    const instant = zonedToInstant(local, zone);
    if (instant.getTime() >= now.getTime()) return instant;
  }
  return null;
}
