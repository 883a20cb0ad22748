import { describe, expect, it } from 'vitest';
import {
  ALL_TIME_START,
  DATE_OPTIONS,
  DEFAULT_DATE_OPTION,
  periodDates,
  shiftDay,
} from '../../domain/analyticsPeriod.ts';

const TODAY = '2026-11-28';
const choice = (
  option: (typeof DATE_OPTIONS)[number]['value'],
  customStart: string | null = null,
  customEnd: string | null = null,
) => ({
  option,
  customStart,
  customEnd,
});

describe('analytics date options', () => {
  it('offers All time, 1 QTR, Month, Week, Day and Custom, one quarter by default', () => {
    expect(DATE_OPTIONS.map((o) => o.label)).toEqual(['All time', '1 QTR', 'Month', 'Week', 'Day', 'Custom']);
    expect(DEFAULT_DATE_OPTION).toBe('qtr');
  });

  it('rolling options end today, both ends counted', () => {
    expect(periodDates(choice('qtr'), TODAY)).toEqual({ startDate: '2026-08-31', endDate: TODAY });
    expect(periodDates(choice('month'), TODAY)).toEqual({ startDate: '2026-10-30', endDate: TODAY });
    expect(periodDates(choice('week'), TODAY)).toEqual({ startDate: '2026-11-22', endDate: TODAY });
    expect(periodDates(choice('day'), TODAY)).toEqual({ startDate: TODAY, endDate: TODAY });
  });

  it('all time starts on the first list day; for workflows it sends no dates', () => {
    expect(periodDates(choice('all'), TODAY)).toEqual({ startDate: ALL_TIME_START, endDate: TODAY });
    expect(periodDates(choice('all'), TODAY, true)).toEqual({ startDate: null, endDate: null });
  });

  it('custom sends its days in order, and the quarter while a day is missing', () => {
    expect(periodDates(choice('custom', '2026-10-05', '2026-09-01'), TODAY)).toEqual({
      startDate: '2026-09-01',
      endDate: '2026-10-05',
    });
    expect(periodDates(choice('custom', '2026-10-05', null), TODAY)).toEqual(
      periodDates(choice('qtr'), TODAY),
    );
  });

  it('shifts days across months and years', () => {
    expect(shiftDay('2026-01-01', -1)).toBe('2025-12-31');
    expect(shiftDay('2024-02-28', 1)).toBe('2024-02-29');
  });
});
