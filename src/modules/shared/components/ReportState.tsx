import type { ReactNode } from 'react';
import { LoadErrorPanel } from '../../../ui/LoadErrorPanel.tsx';
import { StatePanel } from '../../../ui/StatePanel.tsx';
import type { Report } from '../hooks/useReport.ts';

/** A report's place on the page: its loading and failed states (Try again), then what it shows. */
export function ReportState<T>({
  report,
  what,
  children,
}: {
  report: Pick<Report<never, T>, 'status' | 'error' | 'data' | 'retry'>;
  what: string;
  children: (data: T) => ReactNode;
}) {
  if (report.status === 'failure' && report.error)
    return (
      <LoadErrorPanel
        compact
        title={`The ${what} could not be loaded`}
        message={report.error.message}
        onRetry={report.retry}
      />
    );
  if (report.data === null) return <StatePanel compact kind="loading" title={`Loading the ${what}…`} />;
  return <>{children(report.data)}</>;
}
