import Papa, { type ParseResult } from 'papaparse';
import {
  checkImportRow,
  guessMapping,
  IMPORT_DELIMITERS,
  IMPORT_PREVIEW_ROWS,
  type ImportDelimiter,
  isEmptyRow,
  REPLACEMENT_CHARACTER,
} from '../../../../domain/contactImport.ts';

/** The encodings a file can be read in: UTF-8, and the older ones spreadsheets still save. */
export const FILE_ENCODINGS = [
  'utf-8',
  'windows-1252',
  'iso-8859-15',
  'windows-1250',
  'windows-1251',
  'macintosh',
  'utf-16le',
  'utf-16be',
] as const;
export type FileEncoding = (typeof FILE_ENCODINGS)[number];
export const FILE_ENCODING_LABELS: Record<FileEncoding, string> = {
  'utf-8': 'UTF-8 (Unicode)',
  'windows-1252': 'Windows-1252 / Latin-1 (Western European)',
  'iso-8859-15': 'ISO-8859-15 / Latin-9 (Western European with €)',
  'windows-1250': 'Windows-1250 (Central European)',
  'windows-1251': 'Windows-1251 (Cyrillic)',
  macintosh: 'Mac Roman (older Mac files)',
  'utf-16le': 'UTF-16 little-endian (Unicode text)',
  'utf-16be': 'UTF-16 big-endian',
};

/**
 * A previewed row, with its row number in the file (the header is 1) and, when the file holds its email
 * in other rows too, that email's first and last row and how many rows hold it.
 */
export type PreviewRow = {
  line: number;
  cells: string[];
  repeats?: { first: number; last: number; rows: number };
};

/** What the wizard knows of a CSV file before importing it. */
export type CsvPreview =
  | {
      ok: true;
      headers: string[];
      /** The first data rows (empty rows left out), with their row numbers in the file (the header is 1). */
      rows: PreviewRow[];
      /** Data rows that hold a value, and rows that hold none (not imported). */
      totalRows: number;
      emptyRows: number;
      delimiter: ImportDelimiter;
      /** The encoding the preview was read in, and the one the file looks like. */
      encoding: FileEncoding;
      detectedEncoding: FileEncoding;
      /** The file is valid UTF-8 (or says its encoding with a byte order mark): no choice to make. */
      certainEncoding: boolean;
      /** Data rows holding a character that could not be read in this encoding. */
      unreadableRows: number;
      /** Among the rows with an address in `emailColumn`: addresses the file holds more than once, and their rows beyond the first. */
      duplicates: { emails: number; rows: number };
      emailColumn: number | null;
    }
  | { ok: false; message: string };

export type ReadOptions = {
  /** The encoding to read the file in; null: the one it looks like. */
  encoding?: FileEncoding | null;
  /** The column that holds the address (duplicates are counted in it); null: the one its header names. */
  emailColumn?: number | null;
  fileName?: string;
};

const startsWith = (bytes: Uint8Array, signature: number[]) =>
  signature.every((byte, index) => bytes[index] === byte);
const holdsText = (bytes: Uint8Array, text: string) =>
  new TextDecoder('latin1').decode(bytes.subarray(0, 64 * 1024)).includes(text);

/** What a file that is no CSV is ("a PNG image"), from its first bytes; null when it may be text. */
export function fileKind(bytes: Uint8Array, fileName = ''): string | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47])) return 'a PNG image';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'a JPEG image';
  if (startsWith(bytes, [0x47, 0x49, 0x46, 0x38])) return 'a GIF image';
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46])) return 'a PDF document';
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) {
    if (holdsText(bytes, 'xl/') || /\.xlsx$/i.test(fileName)) return 'an Excel workbook (.xlsx)';
    if (holdsText(bytes, 'word/')) return 'a Word document';
    return 'a ZIP archive';
  }
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]))
    return /\.xls$/i.test(fileName) ? 'an Excel workbook (.xls)' : 'an Office document';
  if (bomEncoding(bytes)?.startsWith('utf-16')) return null;
  // Text has no NUL and few control characters; a binary file has many.
  const head = bytes.subarray(0, 8192);
  let control = 0;
  for (const byte of head) {
    if (byte === 0) return 'not a text file';
    if (byte < 0x09 || (byte > 0x0d && byte < 0x20)) control++;
  }
  return control > head.length / 20 ? 'not a text file' : null;
}

function bomEncoding(bytes: Uint8Array): FileEncoding | null {
  if (startsWith(bytes, [0xef, 0xbb, 0xbf])) return 'utf-8';
  if (startsWith(bytes, [0xff, 0xfe])) return 'utf-16le';
  if (startsWith(bytes, [0xfe, 0xff])) return 'utf-16be';
  return null;
}

/** The encoding a file looks like: its byte order mark's, UTF-8 when it is valid UTF-8, else Windows-1252. */
export function detectEncoding(bytes: Uint8Array): { encoding: FileEncoding; certain: boolean } {
  const bom = bomEncoding(bytes);
  if (bom) return { encoding: bom, certain: true };
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return { encoding: 'utf-8', certain: true };
  } catch {
    return { encoding: 'windows-1252', certain: false };
  }
}

/** The file's text in an encoding (a byte order mark dropped), as it is uploaded. */
export function decodeFile(bytes: Uint8Array, encoding: FileEncoding): string {
  return new TextDecoder(encoding).decode(bytes);
}

const notCsv = (kind: string) =>
  kind === 'an Excel workbook (.xlsx)' || kind === 'an Excel workbook (.xls)'
    ? `This file is ${kind}, not a CSV file. In Excel, choose File › Save As › “CSV UTF-8”, then choose that file.`
    : kind === 'not a text file'
      ? 'This file is not a CSV file: it holds no text. Export your contacts as CSV (comma-separated values) and choose that file.'
      : `This file is ${kind}, not a CSV file. Export your contacts as CSV (comma-separated values) and choose that file.`;

/**
 * Reads a CSV file for the wizard: refuses what is no CSV (by its first bytes) and a file whose columns'
 * separator cannot be found; reads it in the encoding asked for, else the one it looks like; parses every
 * row (papaparse, a piece at a time) for the header, the first rows, the counts of rows, empty rows and
 * rows holding an unreadable character, and the emails of the email column the file holds more than once.
 */
export function readCsvPreview(bytes: Uint8Array, options: ReadOptions = {}): CsvPreview {
  const kind = fileKind(bytes, options.fileName);
  if (kind) return { ok: false, message: notCsv(kind) };
  const detected = detectEncoding(bytes);
  const encoding = options.encoding ?? detected.encoding;
  const text = decodeFile(bytes, encoding).replace(/\r?\n$|\r$/, '');
  if (text.trim() === '') return { ok: false, message: 'The file is empty.' };

  let headers: string[] | null = null;
  const rows: PreviewRow[] = [];
  let line = 0;
  let totalRows = 0;
  let emptyRows = 0;
  let unreadableRows = 0;
  let delimiter = ',';
  let undetectable = false;
  let emailColumn = options.emailColumn ?? null;
  const seen = new Set<string>();
  const repeated = new Set<string>();
  let duplicateRows = 0;
  /** The previewed rows' emails: where the file holds them. */
  const previewed = new Map<string, { first: number; last: number; rows: number }>();
  const emailOf = (cells: string[]) => {
    if (emailColumn === null) return null;
    const check = checkImportRow(cells, { email: emailColumn });
    return check.ok ? check.values.email.toLowerCase() : null;
  };
  // A string is parsed at once, a piece at a time (only one piece's rows in memory).
  Papa.parse<string[]>(text, {
    delimitersToGuess: [...IMPORT_DELIMITERS],
    chunkSize: 256 * 1024,
    complete: () => {},
    chunk: (results: ParseResult<string[]>) => {
      delimiter = results.meta.delimiter;
      if (results.errors.some((error) => error.code === 'UndetectableDelimiter')) undetectable = true;
      for (const cells of results.data) {
        line++;
        if (headers === null) {
          headers = cells;
          if (options.emailColumn === undefined) emailColumn = guessMapping(cells).email ?? null;
          continue;
        }
        if (isEmptyRow(cells)) {
          emptyRows++;
          continue;
        }
        totalRows++;
        if (cells.some((cell) => cell.includes(REPLACEMENT_CHARACTER))) unreadableRows++;
        const key = emailOf(cells);
        const place = key === null ? undefined : previewed.get(key);
        if (place) {
          place.last = line;
          place.rows++;
        } else if (key !== null && rows.length < IMPORT_PREVIEW_ROWS)
          previewed.set(key, { first: line, last: line, rows: 1 });
        if (rows.length < IMPORT_PREVIEW_ROWS) rows.push({ line, cells });
        if (key === null) continue;
        if (!seen.has(key)) seen.add(key);
        else {
          repeated.add(key);
          duplicateRows++;
        }
      }
    },
  });
  for (const row of rows) {
    const key = emailOf(row.cells);
    const place = key === null ? undefined : previewed.get(key);
    if (place && place.rows > 1) row.repeats = { ...place };
  }
  const header: string[] = headers ?? [];
  if (undetectable && header.length <= 1 && !looksLikeEmails(header, rows))
    return {
      ok: false,
      message:
        'The columns’ separator could not be found: every row reads as one column. A CSV file separates its columns with commas, semicolons or tabs.',
    };
  return {
    ok: true,
    headers: header,
    rows,
    totalRows,
    emptyRows,
    delimiter: (IMPORT_DELIMITERS as readonly string[]).includes(delimiter)
      ? (delimiter as ImportDelimiter)
      : ',',
    encoding,
    detectedEncoding: detected.encoding,
    certainEncoding: detected.certain,
    unreadableRows,
    duplicates: { emails: repeated.size, rows: duplicateRows },
    emailColumn,
  };
}

/** A one-column file is a list of addresses when its header names the email or its first row is one. */
function looksLikeEmails(header: string[], rows: PreviewRow[]): boolean {
  if (guessMapping(header).email === 0) return true;
  const first = rows[0];
  return first !== undefined && checkImportRow(first.cells, { email: 0 }).ok;
}
