import { PageHeader } from '../../../ui/PageHeader.tsx';
import type { AnalyticsSection } from '../analyticsSections.ts';
import { useAnalyticsFilter } from '../hooks/useAnalyticsFilter.ts';
import { AnalyticsFilterBar } from './AnalyticsFilterBar.tsx';
import { AnalyticsNav } from './AnalyticsNav.tsx';
import { CampaignsAnalyticsTab } from './CampaignsAnalyticsTab.tsx';
import { DashboardTab } from './DashboardTab.tsx';
import { EmailsAnalyticsTab } from './EmailsAnalyticsTab.tsx';
import { TrendsSection } from './TrendsSection.tsx';
import { WorkflowsAnalyticsTab } from './WorkflowsAnalyticsTab.tsx';
import './analytics.css';

/**
 * /analytics/{page}: the analytics area, its section navigation, the filter bar (one filter for every
 * section, in the address) and the section's reports.
 */
export function AnalyticsPage({ section }: { section: AnalyticsSection }) {
  const filter = useAnalyticsFilter();
  return (
    <div className="analytics-page">
      <PageHeader
        title="Analytics"
        description="Opens, clicks and engagement of what your campaigns and workflows sent."
      />
      <AnalyticsNav current={section} />
      <AnalyticsFilterBar filter={filter} />
      {section === 'dashboard' ? <DashboardTab query={filter.query} /> : null}
      {section === 'campaigns-assets' ? <CampaignsAnalyticsTab query={filter.query} /> : null}
      {section === 'emails' ? <EmailsAnalyticsTab query={filter.query} /> : null}
      {section === 'workflows' ? <WorkflowsAnalyticsTab query={filter.workflowQuery} /> : null}
      {section === 'trends' ? <TrendsSection query={filter.query} /> : null}
    </div>
  );
}
