import { PageHeader } from '../../../ui/PageHeader.tsx';
import type { AnalyticsSection } from '../analyticsSections.ts';
import { useAnalyticsFilter } from '../hooks/useAnalyticsFilter.ts';
import { AnalyticsFilterBar } from './AnalyticsFilterBar.tsx';
import { AnalyticsNav } from './AnalyticsNav.tsx';
import { CampaignsAnalyticsTab } from './CampaignsAnalyticsTab.tsx';
import { ContactDashboardPage } from './ContactDashboardPage.tsx';
import { ContactsAnalyticsTab } from './ContactsAnalyticsTab.tsx';
import { DashboardTab } from './DashboardTab.tsx';
import './analytics.css';

/**
 * /analytics/{page}: the analytics area, its section navigation, the filter bar (one filter for every
 * section, in the address) and the section's reports.
 */
export function AnalyticsPage({ section, tab }: { section: AnalyticsSection; tab?: string }) {
  const filter = useAnalyticsFilter();
  return (
    <div className="analytics-page">
      <PageHeader
        title="Analytics"
        description="Opens, clicks and engagement of what your campaigns and workflows sent."
      />
      <AnalyticsNav current={section} />
      <AnalyticsFilterBar filter={filter} />
      {section === 'dashboard' ? (
        <DashboardTab query={filter.query} />
      ) : section === 'contacts' ? (
        tab === 'dashboard' ? (
          <ContactDashboardPage query={filter.query} />
        ) : (
          <ContactsAnalyticsTab query={filter.query} tab={tab} />
        )
      ) : (
        <CampaignsAnalyticsTab query={filter.query} />
      )}
    </div>
  );
}
