import { formatDate } from './formatDate.ts';

/** The zoom levels of the trends graphs, finest first. */
export const ZOOM_LEVELS = ['daily', 'weekly', 'monthly', 'quarterly', 'yearly'] as const;
export type ZoomLevel = (typeof ZOOM_LEVELS)[number];

/**
 * The levels a period of `days` days (both ends counted) is shown at: daily up to a year, weekly from two
 * weeks up to five years, monthly from two months, quarterly from half a year, yearly from two years.
 */
export function zoomLevelsFor(days: number): ZoomLevel[] {
  const levels: ZoomLevel[] = [];
  if (days <= 366) levels.push('daily');
  if (days >= 14 && days <= 1830) levels.push('weekly');
  if (days >= 60) levels.push('monthly');
  if (days >= 180) levels.push('quarterly');
  if (days >= 730) levels.push('yearly');
  return levels;
}

/** The level a trends graph opens at: the last, or one lower when the last is quarterly of four levels. */
export function defaultZoomLevel(levels: readonly ZoomLevel[]): ZoomLevel {
  const last = levels.at(-1) ?? 'daily';
  if (last === 'quarterly' && levels.length === 4) return levels[2] ?? last;
  return last;
}

/** What one bucket of a level is called ("per week"). */
export const BUCKET_NOUNS: Record<ZoomLevel, string> = {
  daily: 'day',
  weekly: 'week',
  monthly: 'month',
  quarterly: 'quarter',
  yearly: 'year',
};

/**
 * A bucket as a reader names it, from its first day: "Nov 2, 2026", "Week of Nov 2, 2026", "Nov 2026",
 * "Q4 2026", "2026".
 */
export function bucketLabel(start: string, level: ZoomLevel): string {
  const date = new Date(`${start.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return start;
  switch (level) {
    case 'daily':
      return formatDate(date, 'date', 'UTC');
    case 'weekly':
      return `Week of ${formatDate(date, 'date', 'UTC')}`;
    case 'monthly':
      return formatDate(date, 'monthYear', 'UTC');
    case 'quarterly':
      return `Q${Math.floor(date.getUTCMonth() / 3) + 1} ${date.getUTCFullYear()}`;
    case 'yearly':
      return String(date.getUTCFullYear());
  }
}
