import { once } from 'node:events';
import fs from 'node:fs';
import ExcelJS from 'exceljs';
import { csvLine, neutraliseCell } from '../../../domain/csvText.ts';
import type { AnalyticsUser, Db } from './analyticsScope.ts';
import type { ExportReport } from './exportReports.ts';

/** Rows read per query while an export is written. */
export const EXPORT_PAGE_ROWS = 2000;

/** A cell's text: dates and numbers as they read, nothing for none. */
const cellText = (value: unknown): string | number | null =>
  value === null || value === undefined ? null : typeof value === 'number' ? value : String(value);

/** Reads a report page by page, handing each row's cells (in the report's columns) to `write`. */
async function eachRow(
  db: Db,
  user: AnalyticsUser,
  report: ExportReport,
  body: Record<string, unknown>,
  write: (cells: (string | number | null)[]) => Promise<void>,
): Promise<number> {
  let rows = 0;
  for (let offset = 0; ; offset += EXPORT_PAGE_ROWS) {
    const page = await report.page(db, user, body, EXPORT_PAGE_ROWS, offset);
    for (const row of page.rows) await write(report.columns.map(([key]) => cellText(row[key])));
    rows += page.rows.length;
    if (page.rows.length < EXPORT_PAGE_ROWS) return rows;
  }
}

/**
 * Writes a report to `file` as CSV (through the product's one CSV writer, domain/csvText.ts) or XLSX
 * (exceljs's streaming writer: rows go to the file as they are read), a page at a time, so memory stays
 * bounded however many rows there are. Text cells starting with = + - @ are neutralised in both. Returns
 * the rows written.
 */
export async function writeExportFile(
  db: Db,
  user: AnalyticsUser,
  report: ExportReport,
  body: Record<string, unknown>,
  file: string,
  format: 'csv' | 'xlsx',
): Promise<number> {
  const headings = report.columns.map(([, heading]) => heading);
  if (format === 'xlsx') {
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
      filename: file,
      useStyles: false,
      useSharedStrings: false,
    });
    const sheet = workbook.addWorksheet(report.title.slice(0, 31));
    sheet.addRow(headings).commit();
    const rows = await eachRow(db, user, report, body, async (cells) => {
      sheet.addRow(cells.map((cell) => (typeof cell === 'string' ? neutraliseCell(cell) : cell))).commit();
    });
    sheet.commit();
    await workbook.commit();
    return rows;
  }
  const out = fs.createWriteStream(file, { encoding: 'utf8' });
  const write = async (text: string) => {
    if (!out.write(text)) await once(out, 'drain');
  };
  try {
    await write(csvLine(headings));
    return await eachRow(db, user, report, body, (cells) => write(csvLine(cells)));
  } finally {
    out.end();
    await once(out, 'close');
  }
}
