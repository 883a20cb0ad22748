import { describe, expect, it } from 'vitest';
import {
  journeyPeriodOf,
  journeyPeriodSearch,
  journeyScreenSearchSchema,
  journeyTabOf,
} from '../../domain/journeyScreenSearch.ts';

describe('the buyer journey screen’s address', () => {
  it('names its four tabs (none: sources) and nothing else', () => {
    expect(['', undefined, 'sources', 'contacts', 'scoring', 'tracking'].map(journeyTabOf)).toEqual([
      'sources',
      'sources',
      'sources',
      'contacts',
      'scoring',
      'tracking',
    ]);
    expect(journeyTabOf('accounts')).toBeNull();
  });

  it('reads a stage, the list’s search and offset and the period; wrong values fall back to defaults', () => {
    expect(
      journeyScreenSearchSchema.parse({
        buyer_stage_filter: ' Ready ',
        q: 'ann',
        offset: '40',
        date: 'week',
      }),
    ).toMatchObject({ buyer_stage_filter: 'Ready', q: 'ann', offset: 40, date: 'week' });
    expect(
      journeyScreenSearchSchema.parse({
        buyer_stage_filter: '',
        offset: '-1',
        date: 'decade',
        start_date: 'x',
      }),
    ).toMatchObject({ buyer_stage_filter: undefined, offset: 0, date: undefined, start_date: undefined });
  });

  it('keeps the period as analytics writes it, the default quarter left out', () => {
    const custom = journeyScreenSearchSchema.parse({
      date: 'custom',
      start_date: '2026-10-01',
      end_date: '2026-10-31',
    });
    expect(journeyPeriodOf(custom)).toEqual({
      option: 'custom',
      customStart: '2026-10-01',
      customEnd: '2026-10-31',
    });
    expect(journeyPeriodOf(journeyScreenSearchSchema.parse({}))).toEqual({
      option: 'qtr',
      customStart: null,
      customEnd: null,
    });
    expect(journeyPeriodSearch({ option: 'qtr', customStart: '2026-10-01', customEnd: null })).toEqual({
      date: undefined,
      start_date: undefined,
      end_date: undefined,
    });
    expect(journeyPeriodSearch({ option: 'custom', customStart: '2026-10-01', customEnd: null })).toEqual({
      date: 'custom',
      start_date: '2026-10-01',
      end_date: undefined,
    });
  });
});
