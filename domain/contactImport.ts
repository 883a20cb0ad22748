import { neutraliseCell } from './csvText.ts';
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
  'company',
  'website',
  'country',
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
  company: 'Company',
  website: 'Company website',
  country: 'Country',
  phone_number: 'Phone number',
  industry: 'Industry',
  linkedin_url: 'LinkedIn URL',
};

/** Column index -> field; a column left out is not imported. */
export type ImportMapping = Partial<Record<ImportField, number>>;

/** A column kept as a custom field of the contact, under this name. */
export type CustomColumn = { name: string; column: number };
/** Custom fields an import may keep, and the longest name of one. */
export const IMPORT_MAX_CUSTOM_COLUMNS = 50;
export const CUSTOM_FIELD_NAME_MAX = 100;

/**
 * What happens to the rows of an email the file holds more than once: the first row is imported (the
 * later ones are left out), the last one is, or none of them.
 */
export const DUPLICATE_POLICIES = ['first', 'last', 'skip'] as const;
export type DuplicatePolicy = (typeof DUPLICATE_POLICIES)[number];
export const DUPLICATE_POLICY_LABELS: Record<DuplicatePolicy, string> = {
  first: 'Import the first row of each email',
  last: 'Import the last row of each email',
  skip: 'Import none of the rows of a repeated email',
};
/** What the choice did, for the import's report. */
export const DUPLICATE_POLICY_OUTCOMES: Record<DuplicatePolicy, string> = {
  first: 'the first row of each email was imported',
  last: 'the last row of each email was imported',
  skip: 'none of the rows of a repeated email were imported',
};

/** Why a row of the file was not imported: the check refused it, or the file repeats its email. */
export type ImportRowOutcome = 'refused' | 'duplicate';

/** Longest text a field takes (longer is refused, not cut). */
export const IMPORT_FIELD_MAX = 200;
/** The file size the wizard accepts (the server stores it in pieces of IMPORT_CHUNK_CHARS). */
export const IMPORT_MAX_BYTES = 50 * 1024 * 1024;
export const IMPORT_CHUNK_CHARS = 256 * 1024;
/** Rows the wizard previews. */
export const IMPORT_PREVIEW_ROWS = 10;
/** The separators a file may use (papaparse finds which). */
export const IMPORT_DELIMITERS = [',', ';', '\t', '|'] as const;
export type ImportDelimiter = (typeof IMPORT_DELIMITERS)[number];

const HEADER_WORDS: Record<ImportField, string[]> = {
  email: ['email', 'e-mail', 'emailaddress', 'e-mailaddress', 'mail', 'workemail', 'businessemail'],
  first_name: ['firstname', 'first', 'givenname', 'forename', 'fname'],
  last_name: ['lastname', 'last', 'surname', 'familyname', 'lname'],
  designation: ['designation', 'title', 'jobtitle', 'position', 'role', 'job'],
  company: [
    'company',
    'companyname',
    'organisation',
    'organization',
    'organisationname',
    'organizationname',
    'account',
    'accountname',
    'employer',
  ],
  website: ['website', 'companywebsite', 'websiteurl', 'web', 'url', 'homepage', 'domain', 'companydomain'],
  country: ['country', 'countryname', 'country/region', 'nation'],
  phone_number: ['phone', 'phonenumber', 'telephone', 'tel', 'mobile', 'mobilephone', 'cell'],
  industry: ['industry', 'sector'],
  linkedin_url: ['linkedin', 'linkedinurl', 'linkedinprofile'],
};

const squash = (header: string) =>
  header
    .toLowerCase()
    .replace(/[\s_.]+/g, '')
    .replace(/^e-?mail/, 'email');

/** The field a header names ("E-mail", "First Name", "job_title", "Company Name" ...), or null. */
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

/**
 * The host of a website, lower case, without "www.": how an import matches a company whose name is new to
 * an account of the organisation. The same pattern computes accounts.domain in the database (m0033).
 */
export const ACCOUNT_DOMAIN_PATTERN = /^\s*(?:[A-Za-z][A-Za-z0-9+.-]*:\/\/)?(?:www\.)?([^/:?#\s]+)/;
export function websiteDomain(website: string): string | null {
  const host = ACCOUNT_DOMAIN_PATTERN.exec(website)?.[1];
  return host ? host.toLowerCase() : null;
}

/** A website as stored: an http(s) address ("acme.com" gets https://), or null when it is not one. */
function webAddress(value: string): string | null {
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value}`;
  try {
    const url = new URL(withScheme);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    if (!url.hostname.includes('.') || /\s/.test(value)) return null;
    return withScheme;
  } catch {
    return null;
  }
}

/** The character a decoder writes for bytes it could not read (a file read in the wrong encoding). */
export const REPLACEMENT_CHARACTER = '\uFFFD';

export type ImportRowValues = Record<ImportField, string>;
export type ImportRowCheck =
  | { ok: true; values: ImportRowValues; custom: Record<string, string> }
  | { ok: false; reason: string };

/** Why a cell is refused, or null: too long, a NUL, a character that could not be read. */
function cellProblem(label: string, value: string): string | null {
  if (value.length > IMPORT_FIELD_MAX) return `${label} is longer than ${IMPORT_FIELD_MAX} characters`;
  if (value.includes('\u0000')) return `${label} holds a NUL character`;
  if (value.includes(REPLACEMENT_CHARACTER))
    return `${label} holds a character that could not be read (${REPLACEMENT_CHARACTER}): check the file's encoding`;
  return null;
}

/** The fields that hold names: cleaned as every name is (domain/nameText.ts). */
const NAME_FIELDS: ReadonlySet<ImportField> = new Set(['first_name', 'last_name', 'company']);

/**
 * The row's values by field (and its custom fields that have a value), trimmed (names cleaned of control
 * characters), or why it is refused.
 */
export function checkImportRow(
  cells: readonly string[],
  mapping: ImportMapping,
  customColumns: readonly CustomColumn[] = [],
): ImportRowCheck {
  const values = {} as ImportRowValues;
  for (const field of IMPORT_FIELDS) {
    const index = mapping[field];
    const raw = index === undefined ? '' : (cells[index] ?? '');
    // A NUL is refused before names are cleaned (cleaning would turn it into a space).
    const value = NAME_FIELDS.has(field) && !raw.includes('\u0000') ? cleanName(raw) : raw.trim();
    const problem = cellProblem(IMPORT_FIELD_LABELS[field], value);
    if (problem) return { ok: false, reason: problem };
    values[field] = value;
  }
  const custom: Record<string, string> = {};
  for (const { name, column } of customColumns) {
    const value = (cells[column] ?? '').trim();
    const problem = cellProblem(name, value);
    if (problem) return { ok: false, reason: problem };
    if (value) custom[name] = value;
  }
  if (!values.email) return { ok: false, reason: 'Email is missing' };
  if (!EMAIL.test(values.email)) return { ok: false, reason: 'Email is not an email address' };
  if (values.website) {
    const website = webAddress(values.website);
    if (!website) return { ok: false, reason: 'Company website is not a web address' };
    values.website = website;
  }
  return { ok: true, values, custom };
}

/** A row with no value in any cell (a blank line, or only separators). */
export function isEmptyRow(cells: readonly string[]): boolean {
  return cells.every((cell) => cell.trim() === '');
}

/** Why a row was left out as a duplicate, naming the row that was imported (none when skipped). */
export function duplicateReason(policy: DuplicatePolicy, keptRow: number, rows: number): string {
  if (policy === 'skip') return `Same email in ${rows} rows: none of them imported`;
  return `Same email as row ${keptRow}, which was imported instead`;
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
  /** Rows left out because the file repeats their email (duplicate_policy says which row counted). */
  duplicates: number;
  duplicate_policy: DuplicatePolicy;
  /** Rows with no value in any cell (not imported). */
  empty_rows: number;
  error: string | null;
};

/** The first rows not imported, for the report on screen (all of them are in the CSV download). */
export type ImportRefusal = { row_number: number; reason: string; email: string; kind: ImportRowOutcome };

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
