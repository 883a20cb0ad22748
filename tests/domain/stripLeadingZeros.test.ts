import { describe, expect, it } from 'vitest';
import { stripLeadingZeros } from '../../domain/stripLeadingZeros.ts';

describe('stripLeadingZeros', () => {
  it.each([
    ['007', '7'],
    ['0', '0'],
    ['', ''],
    ['000', '0'],
    ['10', '10'],
    ['100', '100'],
    ['00.5', '0.5'],
    ['0.5', '0.5'],
    ['-007', '-7'],
    ['abc', 'abc'],
    [' 07', ' 07'],
  ])('%j -> %j', (value, expected) => {
    expect(stripLeadingZeros(value)).toBe(expected);
  });
});
