import { once } from 'node:events';
import fs from 'node:fs';
import { csvLine } from '../../../domain/csvText.ts';
import type { AnalyticsUser, Db } from './analyticsScope.ts';
import type { ExportReport } from './exportReports.ts';

/** Rows read per query while an export is written. */
export const EXPORT_PAGE_ROWS = 2000;

/** A cell's text: dates and numbers as they read, nothing for none. */
const cellText = (value: unknown): string | number | null =>
  value === null || value === undefined ? null : typeof value === 'number' ? value : String(value);

/**
 * Writes a report to `file` as CSV, a page at a time (bounded memory), through the product's one CSV
 * writer (domain/csvText.ts: cells quoted as needed, cells starting with = + - @ neutralised). Returns
 * the rows written.
 */
export async function writeExportFile(
  db: Db,
  user: AnalyticsUser,
  report: ExportReport,
  body: Record<string, unknown>,
  file: string,
): Promise<number> {
  const out = fs.createWriteStream(file, { encoding: 'utf8' });
  const write = async (text: string) => {
    if (!out.write(text)) await once(out, 'drain');
  };
  let rows = 0;
  try {
    await write(csvLine(report.columns.map(([, heading]) => heading)));
    for (let offset = 0; ; offset += EXPORT_PAGE_ROWS) {
      const page = await report.page(db, user, body, EXPORT_PAGE_ROWS, offset);
      for (const row of page.rows) await write(csvLine(report.columns.map(([key]) => cellText(row[key]))));
      rows += page.rows.length;
      if (page.rows.length < EXPORT_PAGE_ROWS) break;
    }
  } finally {
    out.end();
    await once(out, 'close');
  }
  return rows;
}
