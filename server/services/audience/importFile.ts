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

/**
 * The rows the import leaves out because the file repeats their email (any case), by row number, with the
 * reason: every row but the first of an email ('first'), every row but the last ('last'), or all of them
 * ('skip'). Only rows the check accepts count: a refused row neither repeats an email nor is repeated. One
 * pass over the whole file (rows are numbered as the parser gives them, the header being row 1).
 */
export async function findDuplicateRows(
  text: string,
  format: ImportFormat,
  job: ImportFileSettings,
): Promise<Map<number, string>> {
  const firstRow = new Map<string, number>();
  const laterRows = new Map<string, number[]>();
  let line = 0;
  await parseRows(text, 0, format, (rows) => {
    for (const cells of rows) {
      line++;
      if ((line === 1 && job.has_header) || isEmptyRow(cells)) continue;
      const check = checkImportRow(cells, job.mapping, job.custom_columns);
      if (!check.ok) continue;
      const key = check.values.email.toLowerCase();
      const first = firstRow.get(key);
      if (first === undefined) firstRow.set(key, line);
      else {
        const later = laterRows.get(key);
        if (later) later.push(line);
        else laterRows.set(key, [line]);
      }
    }
    return true;
  });
  const leftOut = new Map<number, string>();
  for (const [key, later] of laterRows) {
    const rows = [firstRow.get(key) as number, ...later];
    const kept = job.duplicate_policy === 'first' ? rows[0] : rows[rows.length - 1];
    for (const row of rows) {
      if (job.duplicate_policy !== 'skip' && row === kept) continue;
      leftOut.set(row, duplicateReason(job.duplicate_policy, kept as number, rows.length));
    }
  }
  return leftOut;
}
