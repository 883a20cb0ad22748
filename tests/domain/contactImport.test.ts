import { describe, expect, it } from 'vitest';
import {
  checkImportRow,
  csvLine,
  guessField,
  guessMapping,
  neutraliseCell,
  splitText,
} from '../../domain/contactImport.ts';

describe('contact import', () => {
  it('guesses the field of common headers', () => {
    expect(guessField('E-mail')).toBe('email');
    expect(guessField('Email Address')).toBe('email');
    expect(guessField(' email ')).toBe('email');
    expect(guessField('First Name')).toBe('first_name');
    expect(guessField('first_name')).toBe('first_name');
    expect(guessField('Surname')).toBe('last_name');
    expect(guessField('Job Title')).toBe('designation');
    expect(guessField('Mobile')).toBe('phone_number');
    expect(guessField('LinkedIn URL')).toBe('linkedin_url');
    expect(guessField('Favourite colour')).toBeNull();
    expect(guessMapping(['Name', 'email', 'E-mail', 'Last Name'])).toEqual({ email: 1, last_name: 3 });
  });

  it('checks a row: the email is required and must look like an address; long cells are refused', () => {
    const mapping = { email: 0, first_name: 1 };
    expect(checkImportRow([' Ana@Example.test ', ' Ana '], mapping)).toEqual({
      ok: true,
      values: {
        email: 'Ana@Example.test',
        first_name: 'Ana',
        last_name: '',
        designation: '',
        phone_number: '',
        industry: '',
        linkedin_url: '',
      },
    });
    expect(checkImportRow(['', 'Ana'], mapping)).toEqual({ ok: false, reason: 'Email is missing' });
    expect(checkImportRow(['ana@', 'Ana'], mapping)).toEqual({
      ok: false,
      reason: 'Email is not an email address',
    });
    expect(checkImportRow(['a b@c.de'], mapping)).toMatchObject({ ok: false });
    expect(checkImportRow(['ana@x.test', 'x'.repeat(201)], mapping)).toEqual({
      ok: false,
      reason: 'First name is longer than 200 characters',
    });
    expect(checkImportRow(['ana@x.test'], mapping)).toMatchObject({ ok: true });
  });

  it('neutralises spreadsheet formulas and quotes CSV cells', () => {
    expect(['=1+1', '+1', '-1', '@SUM(A1)', '\tx', 'plain'].map(neutraliseCell)).toEqual([
      "'=1+1",
      "'+1",
      "'-1",
      "'@SUM(A1)",
      "'\tx",
      'plain',
    ]);
    expect(csvLine(['a,b', 'say "hi"', '=cmd', 'ok'])).toBe('"a,b","say ""hi""",\'=cmd,ok');
  });

  it('splits a file into pieces without cutting a character in two', () => {
    const text = `ab${'😀'}cd`;
    const pieces = splitText(text, 3);
    expect(pieces.join('')).toBe(text);
    expect(pieces.every((piece) => !/[\uD800-\uDBFF]$/.test(piece))).toBe(true);
    expect(splitText('', 3)).toEqual([]);
  });
});
