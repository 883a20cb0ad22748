/**
 * CSV text for spreadsheets: each cell quoted when it holds a comma, a quote or a line break, and a cell
 * starting with =, +, -, @, a tab or a carriage return prefixed with an apostrophe so a spreadsheet shows
 * it as text instead of running it as a formula (CSV formula injection).
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A cell's text as a spreadsheet reads it safely: a formula's start gets a leading apostrophe. */
export function neutraliseCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = neutraliseCell(String(value));
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV line (CRLF ended). */
export function csvLine(values: readonly (string | number | null | undefined)[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}
