import type { ArticleContact } from '../../../../domain/analyticsAccountTypes.ts';
import { countOf } from '../../../../domain/countOf.ts';
import { ContactDashboardLink } from '../../shared/components/ContactDashboardLink.tsx';

/** A person's initials for an avatar: the first letters of the first and last words, else of the email. */
export function initialsOf(name: string, email: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters =
    words.length > 1
      ? `${words[0]?.charAt(0) ?? ''}${words[words.length - 1]?.charAt(0) ?? ''}`
      : (words[0] ?? email).charAt(0);
  return letters.toUpperCase() || '?';
}

/**
 * The first contacts who clicked an article, as initials avatars; each is a link to the contact's
 * analytics dashboard, back to this address (its name is the link's text for screen readers and its
 * tooltip).
 */
export function ContactThumbnails({ contacts }: { contacts: ArticleContact[] }) {
  return (
    <ul className="analytics-thumbnails" aria-label="First contacts who clicked">
      {contacts.map((contact) => {
        const name = contact.contactName || contact.contactEmail;
        return (
          <li key={contact.contact_id}>
            <ContactDashboardLink contactId={contact.contact_id} className="analytics-thumbnail">
              <span aria-hidden="true" title={`${name}: ${countOf(contact.clickCount, 'click', 'clicks')}`}>
                {initialsOf(contact.contactName, contact.contactEmail)}
              </span>
              <span className="ui-visually-hidden">{name}</span>
            </ContactDashboardLink>
          </li>
        );
      })}
    </ul>
  );
}
