import { createContext } from 'react';

/** A report of a screen as its retry group sees it. */
type GroupedReport = { failed: () => boolean; retry: () => void };

export type ReportRetryGroup = {
  /** Adds a report; the answer takes it out again. */
  join: (report: GroupedReport) => () => void;
  /** Asks again for every report of the screen whose load failed. */
  retryFailed: () => void;
};

/**
 * The reports of one screen, so that after an outage one Try again loads every report that failed, not
 * only the one whose button was pressed.
 */
export function createReportRetryGroup(): ReportRetryGroup {
  const reports = new Set<GroupedReport>();
  return {
    join: (report) => {
      reports.add(report);
      return () => {
        reports.delete(report);
      };
    },
    retryFailed: () => {
      for (const report of [...reports]) if (report.failed()) report.retry();
    },
  };
}

/** The retry group of the screen a report is on (none: Try again asks for that report alone). */
export const ReportRetryGroupContext = createContext<ReportRetryGroup | null>(null);
