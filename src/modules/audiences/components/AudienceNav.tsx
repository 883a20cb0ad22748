import { Link } from '@tanstack/react-router';
import { SubNav } from '../../../ui/SubNav.tsx';
import { AUDIENCE_SECTIONS, type AudienceSection } from '../audienceSections.ts';

/** The audience area's section links (People, Accounts, Lists, ...), the current one marked. */
export function AudienceNav({
  current,
  hidden = [],
}: {
  current: AudienceSection;
  /** Sections the user's plan does not include (left out of the navigation). */
  hidden?: readonly AudienceSection[];
}) {
  return (
    <SubNav
      label="Audience sections"
      items={AUDIENCE_SECTIONS.filter((section) => !hidden.includes(section.page)).map((section) => ({
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
