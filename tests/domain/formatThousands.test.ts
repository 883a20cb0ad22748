import { describe, expect, it } from 'vitest';
import { formatThousands } from '../../domain/formatThousands.ts';

describe('formatThousands', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1000, '1,000'],
    [1234567, '1,234,567'],
    [1_000_000_000, '1,000,000,000'],
    [-9876.5, '-9,876.5'],
    [1234.5678, '1,234.5678'],
  ])('%d -> %s', (value, expected) => {
    expect(formatThousands(value)).toBe(expected);
  });

  it('leaves exponent notation and not-finite values alone', () => {
    expect(formatThousands(1e21)).toBe('1e+21');
    expect(formatThousands(Number.NaN)).toBe('NaN');
  });
});
