/**
 * The fixed "now" of the demo data. Every date in the seed is counted back from it, never from
 * Date.now(), so two fresh databases hold the same rows.
 */
export const SEED_NOW = new Date('2026-11-01T09:00:00.000Z');

const DAY_MS = 24 * 60 * 60 * 1000;

/** A moment daysAgo days (plus minutes) before SEED_NOW. */
export function seedTime(daysAgo: number, minutes = 0): Date {
  return new Date(SEED_NOW.getTime() - daysAgo * DAY_MS + minutes * 60 * 1000);
}
