import { describe, expect, it } from 'vitest';
import { preferredTimeZone, timeZoneOptions } from '../../domain/timeZoneOptions.ts';

describe('time zone options', () => {
  it('lists UTC first, once, then the geographic zones', () => {
    const zones = timeZoneOptions();
    expect(zones[0]).toBe('UTC');
    expect(zones.filter((zone) => zone === 'UTC')).toHaveLength(1);
    expect(zones).toContain('Europe/London');
  });

  it('preselects UTC for every name of UTC, the browser zone when listed, else UTC', () => {
    const zones = ['Africa/Abidjan', 'Europe/London'];
    for (const own of ['UTC', 'Etc/UTC', 'Etc/GMT', 'GMT', 'Etc/Universal', 'Zulu']) {
      expect(preferredTimeZone(zones, own)).toBe('UTC');
    }
    expect(preferredTimeZone(zones, 'Europe/London')).toBe('Europe/London');
    expect(preferredTimeZone(zones, 'Asia/Kolkata')).toBe('UTC');
    expect(preferredTimeZone(zones, undefined)).toBe('UTC');
  });
});
