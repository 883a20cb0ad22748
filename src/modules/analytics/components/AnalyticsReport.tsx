import type { ReactNode } from 'react';

type AnalyticsReportProps = {
  /** The heading's id (the section is labelled by it). */
  id: string;
  title: string;
  /** A line under the heading (what period or weeks the report reads). */
  summary?: ReactNode;
  /** The report's filters, search and export, beside the heading. */
  controls: ReactNode;
  /** The report's table. */
  children: ReactNode;
};

/** One report of an analytics tab: its heading, its controls beside it, and its table. */
export function AnalyticsReport({ id, title, summary, controls, children }: AnalyticsReportProps) {
  return (
    <section className="analytics-report" aria-labelledby={id}>
      <div className="analytics-campaigns__head">
        <div>
          <h2 id={id} className="analytics-section-title">
            {title}
          </h2>
          {summary}
        </div>
        <div className="analytics-report__controls">{controls}</div>
      </div>
      {children}
    </section>
  );
}
