import type { Kysely } from 'kysely';
import Papa, { type ParseResult, type Parser } from 'papaparse';
import {
  type CustomColumn,
  checkImportRow,
  type DuplicatePolicy,
  duplicateReason,
  type ImportMapping,
  isEmptyRow,
} from '../../../domain/contactImport.ts';
import type { Database } from '../../db/schema.ts';

/** Characters of the file parsed at a time (about 2,000 rows of a contact list). */
const PARSE_CHUNK_CHARS = 128 * 1024;
/** Characters read to find the file's separator and line break. */
const FORMAT_SAMPLE_CHARS = 64 * 1024;

/** How the file's rows are written: its separator and line break. */
export type ImportFormat = { delimiter: string; newline: string };

/** What reading the file needs of an import. */
export type ImportFileSettings = {
  mapping: ImportMapping;
  custom_columns: CustomColumn[];
  has_header: boolean;
  duplicate_policy: DuplicatePolicy;
};

/**
 * The stored file (its pieces in order) as one text, without one final line break, so that every row the
 * parser gives is a row of the file (a blank row at the end included).
 */
export async function importText(db: Kysely<Database>, importId: number): Promise<string> {
  const pieces = await db
    .selectFrom('audience_import_chunks')
    .select('body')
    .where('import_id', '=', importId)
    .orderBy('seq')
    .execute();
  return pieces
    .map((piece) => piece.body)
    .join('')
    .replace(/\r?\n$|\r$/, '');
}

/** The import's separator (the wizard's, else papaparse's guess from the file's start) and line break. */
export function importFormat(text: string, delimiter: string | null): ImportFormat {
  const sample = Papa.parse<string[]>(text.slice(0, FORMAT_SAMPLE_CHARS), {
    delimiter: delimiter ?? '',
    preview: 50,
  });
  return { delimiter: sample.meta.delimiter, newline: sample.meta.linebreak };
}

/**
 * Parses the text from character `from` (the start of a row) in pieces of PARSE_CHUNK_CHARS: `onRows` gets
 * each piece's rows and the position after them (a character of `text`), and is awaited before the next
 * piece (so only one piece's rows are in memory); it answers false to stop. Resolves whether the text was
 * read to its end.
 */
export function parseRows(
  text: string,
  from: number,
  format: ImportFormat,
  onRows: (rows: string[][], cursor: number) => boolean | Promise<boolean>,
): Promise<'end' | 'stopped'> {
  if (from >= text.length) return Promise.resolve('end');
  return new Promise((resolve, reject) => {
    let stopped = false;
    let failure: unknown = null;
    Papa.parse<string[]>(text.slice(from), {
      delimiter: format.delimiter,
      newline: format.newline as Papa.ParseConfig['newline'],
      chunkSize: PARSE_CHUNK_CHARS,
      chunk: (results: ParseResult<string[]>, parser: Parser) => {
        const stop = (error: unknown = null) => {
          stopped = true;
          failure = error;
          // Aborting completes the parse at once (complete below).
          parser.abort();
        };
        const answer = onRows(results.data, from + results.meta.cursor);
        if (typeof answer === 'boolean') {
          if (!answer) stop();
          return;
        }
        parser.pause();
        answer.then(
          (goOn) => (goOn ? parser.resume() : stop()),
          (error: unknown) => stop(error),
        );
      },
      complete: () => {
        if (failure) reject(failure);
        else resolve(stopped ? 'stopped' : 'end');
      },
      error: (error: Error) => reject(error),
    });
  });
}

/** Calls `onRow` with the row number and lower-case email of every row of `text` the check accepts. */
async function acceptedEmails(
  text: string,
  format: ImportFormat,
  job: ImportFileSettings,
  onRow: (line: number, email: string) => void,
): Promise<void> {
  let line = 0;
  await parseRows(text, 0, format, (rows) => {
    for (const cells of rows) {
      line++;
      if ((line === 1 && job.has_header) || isEmptyRow(cells)) continue;
      const check = checkImportRow(cells, job.mapping, job.custom_columns);
      if (check.ok) onRow(line, check.values.email.toLowerCase());
    }
    return true;
  });
}

/**
 * Tells, for each row the check accepts, in file order from the import's place on, whether it is left out
 * because the file repeats its email (any case), and why: every row but the first of an email ('first'),
 * every row but the last ('last'), or all of them ('skip'). A refused row neither repeats an email nor is
 * repeated. 'first' needs no look ahead: the emails of the rows before the import's place are read again
 * (none at the start), the rest are noted as the run passes them. 'last' and 'skip' read the whole file
 * first. Rows are numbered as the parser gives them, the header being row 1.
 */
export type DuplicateRule = (line: number, email: string) => string | null;

export async function duplicateRule(
  text: string,
  format: ImportFormat,
  job: ImportFileSettings,
  cursor: number,
): Promise<DuplicateRule> {
  const firstRow = new Map<string, number>();
  if (job.duplicate_policy === 'first') {
    // The text before the import's place ends with a whole row: it parses the same on its own.
    if (cursor > 0)
      await acceptedEmails(text.slice(0, cursor), format, job, (line, email) => {
        if (!firstRow.has(email)) firstRow.set(email, line);
      });
    return (line, email) => {
      const first = firstRow.get(email);
      if (first === undefined) {
        firstRow.set(email, line);
        return null;
      }
      return duplicateReason('first', first, 2);
    };
  }
  const rowsOf = new Map<string, number[]>();
  await acceptedEmails(text, format, job, (line, email) => {
    const rows = rowsOf.get(email);
    if (rows) rows.push(line);
    else rowsOf.set(email, [line]);
  });
  const leftOut = new Map<number, string>();
  for (const rows of rowsOf.values()) {
    if (rows.length < 2) continue;
    const kept = rows[rows.length - 1] as number;
    for (const row of rows)
      if (job.duplicate_policy === 'skip' || row !== kept)
        leftOut.set(row, duplicateReason(job.duplicate_policy, kept, rows.length));
  }
  return (line) => leftOut.get(line) ?? null;
}
