import { describe, expect, it } from 'vitest';
import { zonedParts, zonedToInstant } from '../../../server/lib/zonedTime.ts';
import { nextWaitUntil } from '../../../server/services/runtime/nextWaitUntil.ts';

describe('wait until a day and hour in a time zone', () => {
  it('finds the next hour on an allowed day, today when it is still ahead', () => {
    // Monday 2026-03-02 08:30 in New York (13:30 UTC).
    const now = new Date('2026-03-02T13:30:00Z');
    const at = nextWaitUntil(now, { dayOption: 'all', days: [], hour: 9, timezone: 'America/New_York' });
    expect(at?.toISOString()).toBe('2026-03-02T14:00:00.000Z');
    const later = nextWaitUntil(now, { dayOption: 'all', days: [], hour: 8, timezone: 'America/New_York' });
    expect(later?.toISOString()).toBe('2026-03-03T13:00:00.000Z');
  });

  it('business days skip the weekend; named days restrict further', () => {
    // Friday 2026-03-06 18:00 in Berlin.
    const now = new Date('2026-03-06T17:00:00Z');
    const business = nextWaitUntil(now, {
      dayOption: 'business',
      days: [],
      hour: 9,
      timezone: 'Europe/Berlin',
    });
    expect(business?.toISOString()).toBe('2026-03-09T08:00:00.000Z'); // Monday 09:00 CET
    const wednesday = nextWaitUntil(now, {
      dayOption: 'all',
      days: ['Wednesday'],
      hour: 9,
      timezone: 'Europe/Berlin',
    });
    expect(wednesday?.toISOString()).toBe('2026-03-11T08:00:00.000Z');
    expect(
      nextWaitUntil(now, { dayOption: 'business', days: ['Saturday'], hour: 9, timezone: 'Europe/Berlin' }),
    ).toBeNull();
  });

  it('is safe across daylight-saving changes', () => {
    // New York springs forward on Sunday 2026-03-08: 09:00 is EST (UTC-5) on Saturday, EDT (UTC-4) on Monday.
    const saturday = new Date('2026-03-07T15:00:00Z'); // Saturday 10:00 EST
    const next = nextWaitUntil(saturday, {
      dayOption: 'all',
      days: [],
      hour: 9,
      timezone: 'America/New_York',
    });
    expect(next?.toISOString()).toBe('2026-03-08T13:00:00.000Z'); // Sunday 09:00 EDT
    // 02:00 does not exist on that Sunday: it runs at the first instant after the gap (03:00 EDT).
    const gap = nextWaitUntil(new Date('2026-03-08T05:00:00Z'), {
      dayOption: 'all',
      days: [],
      hour: 2,
      timezone: 'America/New_York',
    });
    expect(gap?.toISOString()).toBe('2026-03-08T07:00:00.000Z');
    // Berlin falls back on 2026-10-25: 02:00 happens twice; the first one (CEST, UTC+2) is chosen.
    const twice = zonedToInstant({ year: 2026, month: 10, day: 25, hour: 2 }, 'Europe/Berlin');
    expect(twice.toISOString()).toBe('2026-10-25T00:00:00.000Z');
    expect(zonedParts(new Date('2026-10-26T08:00:00Z'), 'Europe/Berlin').hour).toBe(9);
  });

  it('an unknown zone runs in UTC', () => {
    const at = nextWaitUntil(new Date('2026-03-02T10:00:00Z'), {
      dayOption: 'all',
      days: [],
      hour: 12,
      timezone: 'Not/AZone',
    });
    expect(at?.toISOString()).toBe('2026-03-02T12:00:00.000Z');
  });
});
