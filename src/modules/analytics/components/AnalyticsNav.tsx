import { Link } from '@tanstack/react-router';
import { SECTION_LINK_CLASS, SectionNav } from '../../shared/components/SectionNav.tsx';
import { ANALYTICS_SECTIONS, type AnalyticsSection } from '../analyticsSections.ts';

/** The analytics area's section links (Dashboard, Campaigns), the current one marked; the filter stays. */
export function AnalyticsNav({ current }: { current: AnalyticsSection }) {
  return (
    <SectionNav label="Analytics sections">
      {ANALYTICS_SECTIONS.map((section) => (
        <li key={section.page}>
          <Link
            to="/analytics/{-$page}/{-$tab}"
            params={{ page: section.page, tab: undefined }}
            search={(prev) => prev}
            className={SECTION_LINK_CLASS}
            aria-current={section.page === current ? 'page' : undefined}
          >
            {section.label}
          </Link>
        </li>
      ))}
    </SectionNav>
  );
}
