import { requireFeature } from '../../lib/requireFeature.ts';
import type { AnalyticsUser, Db } from './analyticsScope.ts';
import type { ExportJobs } from './ExportJobs.ts';
import type { ExportReportName } from './exportReports.ts';

/**
 * A report call's answer, or with export_analytics (once the report reads) its export queued: the file is written by a job and
 * its link emailed, and the answer names the address (the screen: 'An email has been sent to {email}
 * with the download link.').
 */
export async function answerOrExport<T extends object>(
  exports: ExportJobs,
  db: Db,
  user: AnalyticsUser,
  report: ExportReportName,
  body: { export_analytics: boolean; export_format: 'csv' | 'xlsx' },
  answer: () => Promise<T>,
) {
  // The report is read first either way: a bad or foreign id is refused now, not in the job.
  const answered = await answer();
  if (!body.export_analytics) return { success: true as const, ...answered };
  requireFeature(user, 'premium');
  return {
    success: true as const,
    exported: true as const,
    ...(await exports.request(db, user, report, body)),
  };
}
