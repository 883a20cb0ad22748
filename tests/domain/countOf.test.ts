import { describe, expect, it } from 'vitest';
import { countOf, pluralNoun } from '../../domain/countOf.ts';

describe('countOf', () => {
  it('uses the singular for one and the plural for every other count', () => {
    expect(countOf(1, 'row', 'rows')).toBe('1 row');
    expect(countOf(0, 'row', 'rows')).toBe('0 rows');
    expect(countOf(2, 'column', 'columns')).toBe('2 columns');
    expect(countOf(1234, 'contact', 'contacts')).toBe('1,234 contacts');
    expect(countOf(1.5, 'hour', 'hours')).toBe('1.5 hours');
  });

  it('gives the noun alone for sentences that place the number themselves', () => {
    expect(pluralNoun(1, 'is', 'are')).toBe('is');
    expect(pluralNoun(3, 'is', 'are')).toBe('are');
  });
});
