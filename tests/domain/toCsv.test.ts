import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from '../../src/domain/toCsv.ts';

describe('toCsv', () => {
  it.each([
    ['=HYPERLINK("http://evil.test","x")', `"'=HYPERLINK(""http://evil.test"",""x"")"`],
    ['+1 555 0100', "'+1 555 0100"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tTabbed', "'\tTabbed"],
    ['\r=cmd', `"'\r=cmd"`],
    ['plain', 'plain'],
    ['a, b', '"a, b"'],
    ['two\nlines', '"two\nlines"'],
  ])('neutralises and quotes %j', (input, expected) => {
    expect(csvCell(input)).toBe(expected);
  });

  it('keeps numbers (a negative number is data, not a formula) and leaves null empty', () => {
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(null)).toBe('');
    expect(csvCell(true)).toBe('true');
  });

  it('writes a header and rows with CRLF line ends', () => {
    expect(
      toCsv(
        ['name', 'email'],
        [
          ['Ada', '=1+1'],
          ['Bo, Jr', null],
        ],
      ),
    ).toBe('name,email\r\nAda,\'=1+1\r\n"Bo, Jr",\r\n');
  });
});
