import { useState } from 'react';
import { PageHeader } from '../../../ui/PageHeader.tsx';
import { createReportRetryGroup, ReportRetryGroupContext } from '../../shared/hooks/reportRetryGroup.ts';
import type { AnalyticsSection } from '../analyticsSections.ts';
import { useAnalyticsFilter } from '../hooks/useAnalyticsFilter.ts';
import { AccountDashboard } from './AccountDashboard.tsx';
import { AccountsAnalyticsTab } from './AccountsAnalyticsTab.tsx';
import { AnalyticsFilterBar } from './AnalyticsFilterBar.tsx';
import { AnalyticsNav } from './AnalyticsNav.tsx';
import { CampaignsAnalyticsTab } from './CampaignsAnalyticsTab.tsx';
import { ContactDashboardPage } from './ContactDashboardPage.tsx';
import { ContactsAnalyticsTab } from './ContactsAnalyticsTab.tsx';
import { ContentAnalyticsTab } from './ContentAnalyticsTab.tsx';
import { DashboardTab } from './DashboardTab.tsx';
import { EmailsAnalyticsTab } from './EmailsAnalyticsTab.tsx';
import { InsightsAnalyticsTab } from './InsightsAnalyticsTab.tsx';
import { ListsAnalyticsTab } from './ListsAnalyticsTab.tsx';
import { TrendsSection } from './TrendsSection.tsx';
import { WorkflowsAnalyticsTab } from './WorkflowsAnalyticsTab.tsx';
import './analytics.css';
import './analyticsReports.css';

/**
 * /analytics/{page}: the analytics area, its section navigation, the filter bar (one filter for every
 * section, in the address) and the section's reports (one retry group: Try again asks for every failed one).
 */
export function AnalyticsPage({ section, tab }: { section: AnalyticsSection; tab?: string }) {
  const filter = useAnalyticsFilter();
  const [retryGroup] = useState(createReportRetryGroup);
  return (
    <ReportRetryGroupContext value={retryGroup}>
      <div className="analytics-page">
        <PageHeader
          title="Analytics"
          description="Opens, clicks and engagement of what your campaigns and workflows sent."
        />
        <AnalyticsNav current={section} />
        <AnalyticsFilterBar filter={filter} forWorkflows={section === 'workflows'} />
        {section === 'dashboard' ? <DashboardTab query={filter.query} /> : null}
        {section === 'campaigns-assets' ? <CampaignsAnalyticsTab query={filter.query} /> : null}
        {section === 'contacts' && tab === 'dashboard' ? <ContactDashboardPage query={filter.query} /> : null}
        {section === 'contacts' && tab !== 'dashboard' ? (
          <ContactsAnalyticsTab query={filter.query} tab={tab} />
        ) : null}
        {section === 'accounts' && tab === 'dashboard' ? <AccountDashboard query={filter.query} /> : null}
        {section === 'accounts' && tab !== 'dashboard' ? <AccountsAnalyticsTab query={filter.query} /> : null}
        {section === 'lists' ? <ListsAnalyticsTab query={filter.query} /> : null}
        {section === 'insights' ? <InsightsAnalyticsTab query={filter.query} /> : null}
        {section === 'content' ? <ContentAnalyticsTab query={filter.query} /> : null}
        {section === 'emails' ? <EmailsAnalyticsTab query={filter.query} /> : null}
        {section === 'workflows' ? <WorkflowsAnalyticsTab query={filter.workflowQuery} /> : null}
        {section === 'trends' ? <TrendsSection query={filter.query} /> : null}
      </div>
    </ReportRetryGroupContext>
  );
}
