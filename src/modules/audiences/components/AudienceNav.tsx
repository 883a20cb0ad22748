import { Link } from '@tanstack/react-router';
import { SECTION_LINK_CLASS, SectionNav } from '../../shared/components/SectionNav.tsx';
import { AUDIENCE_SECTIONS, type AudienceSection } from '../audienceSections.ts';

/** The audience area's section links (People, Accounts, Lists, ...), the current one marked. */
export function AudienceNav({ current }: { current: AudienceSection }) {
  return (
    <SectionNav label="Audience sections">
      {AUDIENCE_SECTIONS.map((section) => (
        <li key={section.page}>
          <Link
            to="/audiences/{-$page}/{-$tab}/{-$subTab}"
            params={{ page: section.page }}
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
