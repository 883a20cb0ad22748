import { afterEach, describe, expect, it } from 'vitest';
import { formatDate, setDateLocale } from '../../domain/formatDate.ts';

afterEach(() => setDateLocale(undefined));

const AT = '2026-10-31T14:05:09Z';

describe('formatDate', () => {
  it('writes every date the same way for one reader: their locale decides the order', () => {
    setDateLocale('en-GB');
    expect(formatDate(AT, 'date', 'UTC')).toBe('31 Oct 2026');
    expect(formatDate(AT, 'dateTime', 'UTC')).toBe('31 Oct 2026, 14:05');
    expect(formatDate(AT, 'dayMonth', 'UTC')).toBe('31 Oct');
    setDateLocale('en-US');
    expect(formatDate(AT, 'date', 'UTC')).toBe('Oct 31, 2026');
    expect(formatDate(AT, 'dateTime', 'UTC')).toBe('Oct 31, 2026, 2:05 PM');
    expect(formatDate(AT, 'dayMonth', 'UTC')).toBe('Oct 31');
  });

  it('writes a chart axis of months and years (the email-event chart) in the reader’s locale too', () => {
    setDateLocale('en-GB');
    expect(formatDate(AT, 'month', 'UTC')).toBe('Oct');
    expect(formatDate(AT, 'monthYear', 'UTC')).toBe('Oct 2026');
    expect(formatDate(AT, 'year', 'UTC')).toBe('2026');
    setDateLocale('de-DE');
    expect(formatDate(AT, 'dayMonth', 'UTC')).toBe('31. Okt.');
    expect(formatDate(AT, 'monthYear', 'UTC')).toBe('Okt. 2026');
  });

  it('shows the time in the zone given, and the reader’s own for one it does not know', () => {
    setDateLocale('en-GB');
    expect(formatDate(AT, 'weekdayDateTime', 'Europe/Paris')).toBe('Sat, 31 Oct 2026, 15:05');
    expect(formatDate(AT, 'time', 'Not/AZone')).toBe(formatDate(AT, 'time'));
  });

  it('shows an unreadable value as it came', () => {
    expect(formatDate('not a date')).toBe('not a date');
    expect(formatDate(Number.NaN)).toBe('');
  });
});
