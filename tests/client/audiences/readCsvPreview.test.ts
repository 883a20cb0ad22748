import { describe, expect, it } from 'vitest';
import { readCsvPreview } from '../../../src/modules/audiences/import/readCsvPreview.ts';

const bytes = (text: string, encoding: BufferEncoding = 'utf8') =>
  new Uint8Array(Buffer.from(text, encoding));
const LATIN1 = 'email,first,last\njose@latin.test,José,Müller\nana@latin.test,Ana,Ortiz\n';

describe('readCsvPreview', () => {
  it('reads a Latin-1 (Windows-1252) file as such, names it, and offers UTF-8 with its unreadable rows', () => {
    const file = bytes(LATIN1, 'latin1');
    const likely = readCsvPreview(file);
    expect(likely).toMatchObject({
      ok: true,
      encoding: 'windows-1252',
      detectedEncoding: 'windows-1252',
      certainEncoding: false,
      unreadableRows: 0,
      totalRows: 2,
    });
    expect(likely.ok && likely.rows[0]).toEqual({ line: 2, cells: ['jose@latin.test', 'José', 'Müller'] });
    const asUtf8 = readCsvPreview(file, { encoding: 'utf-8' });
    expect(asUtf8).toMatchObject({ ok: true, encoding: 'utf-8', unreadableRows: 1 });
    expect(asUtf8.ok && asUtf8.rows[0]?.cells).toEqual(['jose@latin.test', 'Jos\uFFFD', 'M\uFFFDller']);
  });

  it('is certain of UTF-8 (with or without a byte order mark) and of UTF-16 with one', () => {
    const plain = readCsvPreview(bytes('email,name\nana@x.test,Zoë Ünal\n'));
    expect(plain).toMatchObject({
      ok: true,
      encoding: 'utf-8',
      certainEncoding: true,
      headers: ['email', 'name'],
    });
    const bom = readCsvPreview(bytes('\uFEFFemail,name\nana@x.test,Zoë\n'));
    expect(bom).toMatchObject({ ok: true, encoding: 'utf-8', headers: ['email', 'name'] });
    const utf16 = readCsvPreview(bytes('\uFEFFemail\tname\nana@x.test\tZoë\n', 'utf16le'));
    expect(utf16).toMatchObject({ ok: true, encoding: 'utf-16le', certainEncoding: true, delimiter: '\t' });
    expect(utf16.ok && utf16.rows[0]?.cells).toEqual(['ana@x.test', 'Zoë']);
  });

  it('names a file that is no CSV: an image, a workbook, binary data', () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48]);
    expect(readCsvPreview(png, { fileName: 'contacts.csv' })).toEqual({
      ok: false,
      message:
        'This file is a PNG image, not a CSV file. Export your contacts as CSV (comma-separated values) and choose that file.',
    });
    const xlsx = bytes('PK\u0003\u0004\u0014\u0000[Content_Types].xml ... xl/workbook.xml', 'latin1');
    expect(readCsvPreview(xlsx, { fileName: 'contacts.xlsx' })).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^This file is an Excel workbook \(\.xlsx\), not a CSV file\. In Excel/),
    });
    const binary = new Uint8Array(4096).map((_, i) => (i * 37) % 256);
    expect(readCsvPreview(binary)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/holds no text/),
    });
    expect(readCsvPreview(bytes('\n\n'))).toEqual({ ok: false, message: 'The file is empty.' });
  });

  it('refuses a file whose separator cannot be found, but takes a one-column list of addresses', () => {
    expect(readCsvPreview(bytes('Name Surname Company\nAna Ortiz Acme\nBen Okafor Initech\n'))).toMatchObject(
      {
        ok: false,
        message: expect.stringMatching(/^The columns’ separator could not be found/),
      },
    );
    expect(readCsvPreview(bytes('email\nana@x.test\nben@x.test\n'))).toMatchObject({
      ok: true,
      headers: ['email'],
      totalRows: 2,
    });
    expect(readCsvPreview(bytes('email;first\nana@x.test;Ana\n'))).toMatchObject({
      ok: true,
      delimiter: ';',
      headers: ['email', 'first'],
    });
  });

  it('counts the rows, the empty rows and the addresses the file repeats (in the email column)', () => {
    const csv = 'E-mail,first\na@x.test,A\n\nA@x.test,B\n,\nb@x.test,C\na@x.test,D\nbad,E\n';
    const preview = readCsvPreview(bytes(csv));
    expect(preview.ok && preview.rows.map((row) => [row.line, row.repeats])).toEqual([
      [2, { first: 2, last: 7, rows: 3 }],
      [4, { first: 2, last: 7, rows: 3 }],
      [6, undefined],
      [7, { first: 2, last: 7, rows: 3 }],
      [8, undefined],
    ]);
    expect(preview).toMatchObject({
      ok: true,
      totalRows: 5,
      emptyRows: 2,
      emailColumn: 0,
      duplicates: { emails: 1, rows: 2 },
    });
    // Another column as the email column: no repeats there.
    expect(readCsvPreview(bytes(csv), { emailColumn: 1 })).toMatchObject({
      emailColumn: 1,
      duplicates: { emails: 0, rows: 0 },
    });
  });
});
