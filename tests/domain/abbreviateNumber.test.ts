import { describe, expect, it } from 'vitest';
import { abbreviateNumber } from '../../domain/abbreviateNumber.ts';

describe('abbreviateNumber', () => {
  it.each([
    [0, '0'],
    [7, '7'],
    [999, '999'],
    [12.34, '12.3'],
    [1000, '1K'],
    [1540, '1.5K'],
    [1550, '1.6K'],
    [10_000, '10K'],
    [999_949, '999.9K'],
    [999_950, '1M'],
    [1_000_000, '1M'],
    [2_500_000, '2.5M'],
    [999_950_000, '1B'],
    [1e9, '1B'],
    [1_250_000_000, '1.3B'],
    [2e12, '2000B'],
  ])('%d -> %s', (value, expected) => {
    expect(abbreviateNumber(value)).toBe(expected);
  });

  it('keeps the sign of negatives', () => {
    expect(abbreviateNumber(-999)).toBe('-999');
    expect(abbreviateNumber(-1540)).toBe('-1.5K');
    expect(abbreviateNumber(-2_500_000)).toBe('-2.5M');
    expect(abbreviateNumber(-999_950)).toBe('-1M');
    expect(abbreviateNumber(-0.01)).toBe('0');
  });

  it('returns not-finite values as text', () => {
    expect(abbreviateNumber(Number.NaN)).toBe('NaN');
    expect(abbreviateNumber(Number.POSITIVE_INFINITY)).toBe('Infinity');
  });
});
