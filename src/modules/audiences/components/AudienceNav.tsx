import { Link } from '@tanstack/react-router';
import { SubNav } from '../../../ui/SubNav.tsx';
import { AUDIENCE_SECTIONS, type AudienceSection } from '../audienceSections.ts';

/** The audience area's section links (People, Accounts, Lists, ...), the current one marked. */
export function AudienceNav({ current }: { current: AudienceSection }) {
  return (
    <SubNav
      label="Audience sections"
      items={AUDIENCE_SECTIONS.map((section) => ({
        key: section.page,
        current: section.page === current,
        link: (props) => (
          <Link to="/audiences/{-$page}/{-$tab}/{-$subTab}" params={{ page: section.page }} {...props}>
            {section.label}
          </Link>
        ),
      }))}
    />
  );
}
