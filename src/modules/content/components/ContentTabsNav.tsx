import { Link } from '@tanstack/react-router';
import type { ContentTab } from '../../../../domain/contentArticles.ts';
import { SubNav } from '../../../ui/SubNav.tsx';
import { CONTENT_TAB_LABELS } from '../contentTabLabels.ts';

/** The explorer's tabs as links (/content/{tab}), the current one marked; the search goes along. */
export function ContentTabsNav({ current }: { current: ContentTab }) {
  return (
    <SubNav
      label="Content tabs"
      items={CONTENT_TAB_LABELS.map(({ tab, label }) => ({
        key: tab,
        current: tab === current,
        link: (props) => (
          <Link
            to="/content/$tab"
            params={{ tab }}
            search={((previous: Record<string, unknown>) => ({ ...previous, offset: undefined })) as never}
            {...props}
          >
            {label}
          </Link>
        ),
      }))}
    />
  );
}
