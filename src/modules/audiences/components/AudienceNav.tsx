import { Link } from '@tanstack/react-router';
import { AUDIENCE_SECTIONS, type AudienceSection } from '../audienceSections.ts';
import './AudienceNav.css';

/** The audience area's section links (People, Accounts, Lists, ...), the current one marked. */
export function AudienceNav({ current }: { current: AudienceSection }) {
  return (
    <nav className="audience-nav" aria-label="Audience sections">
      <ul className="audience-nav__list">
        {AUDIENCE_SECTIONS.map((section) => (
          <li key={section.page}>
            <Link
              to="/audiences/{-$page}/{-$tab}/{-$subTab}"
              params={{ page: section.page }}
              className="audience-nav__link"
              aria-current={section.page === current ? 'page' : undefined}
            >
              {section.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
