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
