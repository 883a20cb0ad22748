import { describe, expect, it } from 'vitest';
import type { ZoomLevel } from '../../../domain/trendZoom.ts';
import { addDays } from '../../../server/services/analytics/analyticsScope.ts';
import { bucketStart, nextBucketStart } from '../../../server/services/analytics/trendQueries.ts';

const LEVELS: ZoomLevel[] = ['daily', 'weekly', 'monthly', 'quarterly', 'yearly'];

/** The buckets of a period as the days in it name them, one day at a time. */
function bucketsByDay(from: string, to: string, level: ZoomLevel): string[] {
  const starts: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) {
    const start = bucketStart(day, level);
    if (starts.at(-1) !== start) starts.push(start);
  }
  return starts;
}

function bucketsByStep(from: string, to: string, level: ZoomLevel): string[] {
  const starts: string[] = [];
  for (let start = bucketStart(from, level); start <= to; start = nextBucketStart(start, level))
    starts.push(start);
  return starts;
}

describe('nextBucketStart', () => {
  it('steps through the same buckets as the days of a period, across month, year and leap-day edges', () => {
    const periods: [string, string][] = [
      ['2018-06-01', '2026-11-28'],
      ['2023-12-31', '2024-03-01'],
      ['2024-02-28', '2024-03-04'],
      ['2025-11-15', '2026-02-14'],
      ['2026-11-28', '2026-11-28'],
      ['2019-10-01', '2020-09-30'],
    ];
    for (const [from, to] of periods)
      for (const level of LEVELS)
        expect(bucketsByStep(from, to, level)).toEqual(bucketsByDay(from, to, level));
  });

  it('moves a month, a quarter and a year from their first days', () => {
    expect(nextBucketStart('2026-12-01', 'monthly')).toBe('2027-01-01');
    expect(nextBucketStart('2026-10-01', 'quarterly')).toBe('2027-01-01');
    expect(nextBucketStart('2026-01-01', 'yearly')).toBe('2027-01-01');
    expect(nextBucketStart('2026-11-23', 'weekly')).toBe('2026-11-30');
  });
});
