import { Link } from '@tanstack/react-router';
import type { ContentTab } from '../../../../domain/contentArticles.ts';
import { SECTION_LINK_CLASS, SectionNav } from '../../shared/components/SectionNav.tsx';
import { CONTENT_TAB_LABELS } from '../contentTabLabels.ts';

/** The explorer's tabs as links (/content/{tab}), the current one marked; the search goes along. */
export function ContentTabsNav({ current }: { current: ContentTab }) {
  return (
    <SectionNav label="Content tabs">
      {CONTENT_TAB_LABELS.map(({ tab, label }) => (
        <li key={tab}>
          <Link
            to="/content/$tab"
            params={{ tab }}
            search={((previous: Record<string, unknown>) => ({ ...previous, offset: undefined })) as never}
            className={SECTION_LINK_CLASS}
            aria-current={tab === current ? 'page' : undefined}
          >
            {label}
          </Link>
        </li>
      ))}
    </SectionNav>
  );
}
