import fs from 'node:fs/promises';
import path from 'node:path';
import { AppError, notFound } from '../../lib/AppError.ts';
import { sha256 } from '../../lib/tokens.ts';
import type { Db } from './analyticsScope.ts';
import { exportsDir } from './ExportJobs.ts';
import { EXPORT_REPORTS, type ExportReportName } from './exportReports.ts';

/**
 * export_download/: the file of a ready export whose link's token this is. A token no export has (a
 * forged or mistyped link) is a 404; an export past its 7 days is a 410.
 */
export async function exportDownload(db: Db, dataDir: string, token: string, now = new Date()) {
  const row = await db
    .selectFrom('analytics_exports')
    .select(['id', 'report', 'file_name', 'expires_at', 'created_at'])
    .where('token_hash', '=', sha256(token))
    .where('status', '=', 'ready')
    .executeTakeFirst();
  if (!row?.file_name) throw notFound('This download link is not valid.');
  if (!row.expires_at || row.expires_at.getTime() <= now.getTime())
    throw new AppError(410, 'This download link has expired: export the report again.');
  try {
    await fs.access(path.join(exportsDir(dataDir), row.file_name));
  } catch {
    throw new AppError(410, 'This download link has expired: export the report again.');
  }
  const title = EXPORT_REPORTS[row.report as ExportReportName]?.title ?? 'Analytics';
  const day = row.created_at.toISOString().slice(0, 10);
  const extension = path.extname(row.file_name);
  return {
    path: path.join(exportsDir(dataDir), row.file_name),
    downloadName: `${title.replace(/[^A-Za-z0-9]+/g, '-').toLowerCase()}-${day}${extension}`,
    contentType:
      extension === '.xlsx'
        ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
        : 'text/csv; charset=utf-8',
  };
}
