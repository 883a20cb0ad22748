import { Link } from '@tanstack/react-router';
import { SubNav } from '../../../ui/SubNav.tsx';
import { ANALYTICS_SECTIONS, type AnalyticsSection } from '../analyticsSections.ts';

/** The analytics area's section links (Dashboard, Campaigns), the current one marked; the filter stays. */
export function AnalyticsNav({ current }: { current: AnalyticsSection }) {
  return (
    <SubNav
      label="Analytics sections"
      items={ANALYTICS_SECTIONS.map((section) => ({
        key: section.page,
        current: section.page === current,
        link: (props) => (
          <Link
            to="/analytics/{-$page}/{-$tab}"
            params={{ page: section.page, tab: undefined }}
            search={(prev) => prev}
            {...props}
          >
            {section.label}
          </Link>
        ),
      }))}
    />
  );
}
