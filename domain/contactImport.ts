import { cleanName } from './nameText.ts';

/**
 * CSV import of contacts (audience service, import_* calls): the contact fields a column can fill, the
 * guess of a column's field from its header, the check of one row (shared by the wizard's preview and the
 * server's import), and the neutralising of spreadsheet formulas in the refused-rows download.
 */

export const IMPORT_FIELDS = [
  'email',
  'first_name',
  'last_name',
  'designation',
  'phone_number',
  'industry',
  'linkedin_url',
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

export const IMPORT_FIELD_LABELS: Record<ImportField, string> = {
  email: 'Email',
  first_name: 'First name',
  last_name: 'Last name',
  designation: 'Job title',
  phone_number: 'Phone number',
  industry: 'Industry',
  linkedin_url: 'LinkedIn URL',
};

/** Column index -> field; a column left out is not imported. */
export type ImportMapping = Partial<Record<ImportField, number>>;

/** Longest text a field takes (longer is refused, not cut). */
export const IMPORT_FIELD_MAX = 200;
/** The file size the wizard accepts (the server stores it in pieces of IMPORT_CHUNK_CHARS). */
export const IMPORT_MAX_BYTES = 50 * 1024 * 1024;
export const IMPORT_CHUNK_CHARS = 256 * 1024;
/** Rows the wizard previews. */
export const IMPORT_PREVIEW_ROWS = 10;

const HEADER_WORDS: Record<ImportField, string[]> = {
  email: ['email', 'e-mail', 'emailaddress', 'e-mailaddress', 'mail', 'workemail', 'businessemail'],
  first_name: ['firstname', 'first', 'givenname', 'forename', 'fname'],
  last_name: ['lastname', 'last', 'surname', 'familyname', 'lname'],
  designation: ['designation', 'title', 'jobtitle', 'position', 'role', 'job'],
  phone_number: ['phone', 'phonenumber', 'telephone', 'tel', 'mobile', 'mobilephone', 'cell'],
  industry: ['industry', 'sector'],
  linkedin_url: ['linkedin', 'linkedinurl', 'linkedinprofile'],
};

const squash = (header: string) =>
  header
    .toLowerCase()
    .replace(/[\s_.]+/g, '')
    .replace(/^e-?mail/, 'email');

/** The field a header names ("E-mail", "First Name", "job_title" ...), or null. */
export function guessField(header: string): ImportField | null {
  const key = squash(header.trim());
  for (const field of IMPORT_FIELDS) {
    if (HEADER_WORDS[field].some((word) => squash(word) === key)) return field;
  }
  return null;
}

/** A mapping from the headers: each field takes the first column that names it. */
export function guessMapping(headers: readonly string[]): ImportMapping {
  const mapping: ImportMapping = {};
  headers.forEach((header, index) => {
    const field = guessField(header);
    if (field && mapping[field] === undefined) mapping[field] = index;
  });
  return mapping;
}

/** A plain address check: one @, something before it, a dotted domain, no spaces. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type ImportRowValues = Record<ImportField, string>;
export type ImportRowCheck = { ok: true; values: ImportRowValues } | { ok: false; reason: string };

/** The fields that hold names: cleaned as every name is (domain/nameText.ts). */
const NAME_FIELDS: ReadonlySet<ImportField> = new Set(['first_name', 'last_name']);

/** The row's values by field, trimmed (names cleaned of control characters), or why it is refused. */
export function checkImportRow(cells: readonly string[], mapping: ImportMapping): ImportRowCheck {
  const values = {} as ImportRowValues;
  for (const field of IMPORT_FIELDS) {
    const index = mapping[field];
    const raw = index === undefined ? '' : (cells[index] ?? '');
    if (raw.includes('\u0000'))
      return { ok: false, reason: `${IMPORT_FIELD_LABELS[field]} holds a NUL character` };
    const value = NAME_FIELDS.has(field) ? cleanName(raw) : raw.trim();
    if (value.length > IMPORT_FIELD_MAX)
      return {
        ok: false,
        reason: `${IMPORT_FIELD_LABELS[field]} is longer than ${IMPORT_FIELD_MAX} characters`,
      };
    values[field] = value;
  }
  if (!values.email) return { ok: false, reason: 'Email is missing' };
  if (!EMAIL.test(values.email)) return { ok: false, reason: 'Email is not an email address' };
  return { ok: true, values };
}

/**
 * A cell as a spreadsheet will read it safely: text starting with =, +, -, @ (or a tab or carriage
 * return) gets a leading apostrophe, so it is not run as a formula.
 */
export function neutraliseCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** One CSV line of cells: quoted when needed, formulas neutralised. */
export function csvLine(cells: readonly string[]): string {
  return cells
    .map((cell) => {
      const safe = neutraliseCell(cell);
      return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
    })
    .join(',');
}

export type ImportStatus = 'uploading' | 'queued' | 'running' | 'done' | 'failed';

/** import_status/: where an import is. */
export type ContactImportState = {
  import_id: number;
  status: ImportStatus;
  file_name: string;
  list_id: number | null;
  list_name: string | null;
  /** Data rows read so far (the header not counted). */
  processed_rows: number;
  /** Data rows in the file, known once the server has read it all (the wizard's count until then). */
  total_rows: number;
  inserted: number;
  updated: number;
  refused: number;
  error: string | null;
};

/** The first refused rows, for the report on screen (all of them are in the CSV download). */
export type ImportRefusal = { row_number: number; reason: string; email: string };

/** The file's text in pieces of at most `size` characters, never splitting a surrogate pair. */
export function splitText(text: string, size: number): string[] {
  const pieces: string[] = [];
  let at = 0;
  while (at < text.length) {
    let end = Math.min(text.length, at + size);
    const last = text.charCodeAt(end - 1);
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end--;
    pieces.push(text.slice(at, end));
    at = end;
  }
  return pieces;
}
