import { describe, expect, it } from 'vitest';
import { bucketLabel, defaultZoomLevel, zoomLevelsFor } from '../../domain/trendZoom.ts';

describe('the trends zoom', () => {
  it('offers the levels a period spans', () => {
    expect(zoomLevelsFor(1)).toEqual(['daily']);
    expect(zoomLevelsFor(14)).toEqual(['daily', 'weekly']);
    expect(zoomLevelsFor(90)).toEqual(['daily', 'weekly', 'monthly']);
    expect(zoomLevelsFor(200)).toEqual(['daily', 'weekly', 'monthly', 'quarterly']);
    expect(zoomLevelsFor(400)).toEqual(['weekly', 'monthly', 'quarterly']);
    expect(zoomLevelsFor(3000)).toEqual(['monthly', 'quarterly', 'yearly']);
  });

  it('opens at the last level, one lower when quarterly is last of four', () => {
    expect(defaultZoomLevel(['daily'])).toBe('daily');
    expect(defaultZoomLevel(['daily', 'weekly', 'monthly'])).toBe('monthly');
    expect(defaultZoomLevel(['daily', 'weekly', 'monthly', 'quarterly'])).toBe('monthly');
    expect(defaultZoomLevel(['weekly', 'monthly', 'quarterly'])).toBe('quarterly');
    expect(defaultZoomLevel(['weekly', 'monthly', 'quarterly', 'yearly'])).toBe('yearly');
  });
});

describe('bucketLabel', () => {
  it('names a bucket by its first day as a reader says it, at each level', () => {
    expect(bucketLabel('2026-11-02', 'daily')).toBe('Nov 2, 2026');
    expect(bucketLabel('2026-11-02', 'weekly')).toBe('Week of Nov 2, 2026');
    expect(bucketLabel('2026-11-01', 'monthly')).toBe('Nov 2026');
    expect(bucketLabel('2026-10-01', 'quarterly')).toBe('Q4 2026');
    expect(bucketLabel('2026-01-01', 'quarterly')).toBe('Q1 2026');
    expect(bucketLabel('2026-01-01', 'yearly')).toBe('2026');
    expect(bucketLabel('not a day', 'daily')).toBe('not a day');
  });
});
