import { describe, expect, it } from 'vitest';
import {
  checkImportRow,
  csvLine,
  duplicateReason,
  guessField,
  guessMapping,
  isEmptyRow,
  splitText,
  websiteDomain,
} from '../../domain/contactImport.ts';
import { neutraliseCell } from '../../domain/csvText.ts';

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
        company: '',
        website: '',
        country: '',
        phone_number: '',
        industry: '',
        linkedin_url: '',
      },
      custom: {},
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

  it('guesses company, website and country headers', () => {
    expect(guessMapping(['Email', 'Company Name', 'Web site', 'Country/Region', 'Organisation'])).toEqual({
      email: 0,
      company: 1,
      website: 2,
      country: 3,
    });
    expect(guessField('Account')).toBe('company');
    expect(guessField('URL')).toBe('website');
    expect(guessField('LinkedIn URL')).toBe('linkedin_url');
  });

  it('stores a website as an http(s) address, refuses other schemes, and keeps custom fields that have a value', () => {
    const mapping = { email: 0, website: 1 };
    const custom = [
      { name: 'Team', column: 2 },
      { name: 'Size', column: 3 },
    ];
    expect(checkImportRow(['a@x.test', 'acme.example', 'Blue', ' '], mapping, custom)).toMatchObject({
      ok: true,
      values: { website: 'https://acme.example' },
      custom: { Team: 'Blue' },
    });
    expect(checkImportRow(['a@x.test', 'http://acme.example/about'], mapping)).toMatchObject({
      values: { website: 'http://acme.example/about' },
    });
    for (const bad of ['javascript:alert(1)', 'localhost', 'not a site.example'])
      expect(checkImportRow(['a@x.test', bad], mapping)).toEqual({
        ok: false,
        reason: 'Company website is not a web address',
      });
    expect(checkImportRow(['a@x.test', '', 'x'.repeat(201)], mapping, custom)).toEqual({
      ok: false,
      reason: 'Team is longer than 200 characters',
    });
  });

  it('refuses a cell holding a character that could not be read; knows an empty row', () => {
    expect(checkImportRow(['jose@x.test', 'Jos\uFFFD'], { email: 0, first_name: 1 })).toEqual({
      ok: false,
      reason: "First name holds a character that could not be read (\uFFFD): check the file's encoding",
    });
    expect(isEmptyRow(['', ' ', '\t'])).toBe(true);
    expect(isEmptyRow(['', 'x'])).toBe(false);
  });

  it("names a website's domain the way accounts.domain does, and says why a duplicate was left out", () => {
    expect(websiteDomain('https://www.Acme.example/about?x=1')).toBe('acme.example');
    expect(websiteDomain('acme.example:8080')).toBe('acme.example');
    expect(websiteDomain('  http://shop.acme.example')).toBe('shop.acme.example');
    expect(duplicateReason('first', 2, 3)).toBe('Same email as row 2, which was imported instead');
    expect(duplicateReason('skip', 2, 3)).toBe('Same email in 3 rows: none of them imported');
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
