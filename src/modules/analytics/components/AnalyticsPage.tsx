import { useMemo } from 'react';
import { DEFAULT_FILTER } from '../../../../domain/analyticsFilter.ts';
import { analyticsQueryOf } from '../../../../domain/analyticsFilterSearch.ts';
import { localToday } from '../../../../domain/analyticsPeriod.ts';
import { PageHeader } from '../../../ui/PageHeader.tsx';
import type { AnalyticsSection } from '../analyticsSections.ts';
import { AnalyticsNav } from './AnalyticsNav.tsx';
import { DashboardTab } from './DashboardTab.tsx';
import './analytics.css';

/**
 * /analytics/{page}: the analytics area, its section navigation and the section's reports.
 */
export function AnalyticsPage({ section }: { section: AnalyticsSection }) {
  const query = useMemo(() => analyticsQueryOf(DEFAULT_FILTER, localToday()), []);
  return (
    <div className="analytics-page">
      <PageHeader
        title="Analytics"
        description="Opens, clicks and engagement of what your campaigns and workflows sent."
      />
      <AnalyticsNav current={section} />
      {section === 'dashboard' ? <DashboardTab query={query} /> : null}
    </div>
  );
}
