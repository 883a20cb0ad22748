import { describe, expect, it } from 'vitest';
import { listFieldParts } from '../../domain/listFieldParts.ts';

const byComma = (raw: string) => (raw === '' ? [] : raw.split(','));

describe('listFieldParts', () => {
  it('takes repeated fields and JSON lists as they are, and splits other text its own way', () => {
    expect(listFieldParts(['a', 'b'], byComma)).toEqual(['a', 'b']);
    expect(listFieldParts(' ["a", 2] ', byComma)).toEqual(['a', 2]);
    expect(listFieldParts('a,b', byComma)).toEqual(['a', 'b']);
    expect(listFieldParts('  ', byComma)).toEqual([]);
    expect(listFieldParts('DIS', (raw) => [...raw])).toEqual(['D', 'I', 'S']);
  });

  it('answers null for a text that opens as a JSON list but is not JSON', () => {
    expect(listFieldParts('[a,', byComma)).toBeNull();
    expect(listFieldParts('[1] x', byComma)).toBeNull();
    expect(listFieldParts('["x"]', byComma)).toEqual(['x']);
  });
});
