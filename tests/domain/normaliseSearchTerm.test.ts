import { describe, expect, it } from 'vitest';
import { normaliseSearchTerm } from '../../domain/normaliseSearchTerm.ts';

describe('normaliseSearchTerm', () => {
  it('treats empty and white-space-only text as a reset', () => {
    for (const raw of ['', '   ', '\t\n ', null, undefined]) {
      expect(normaliseSearchTerm(raw)).toEqual({ blank: true, term: '' });
    }
  });

  it('trims a real term', () => {
    expect(normaliseSearchTerm('  acme corp ')).toEqual({ blank: false, term: 'acme corp' });
    expect(normaliseSearchTerm('0')).toEqual({ blank: false, term: '0' });
  });
});
