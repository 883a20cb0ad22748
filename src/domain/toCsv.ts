/** A cell a spreadsheet would run as a formula (or that starts with a tab or carriage return). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV cell, safe to open in a spreadsheet: a text starting with =, +, -, @, a tab or a carriage return
 * gets a leading apostrophe (so "=HYPERLINK(...)" stays text, OWASP's advice), then the cell is quoted
 * when it holds a comma, a quote or a line break (quotes doubled). null and undefined are empty.
 */
export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'string' ? value : String(value);
  const safe = typeof value === 'string' && FORMULA_START.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** A CSV document (RFC 4180, CRLF line ends) of a header row and the rows, every cell made safe. */
export function toCsv(
  header: readonly string[],
  rows: Iterable<readonly (string | number | boolean | null | undefined)[]>,
): string {
  const lines = [header.map(csvCell).join(',')];
  for (const row of rows) lines.push(row.map(csvCell).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
