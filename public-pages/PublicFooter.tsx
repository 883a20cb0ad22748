import { PublicLogo } from './PublicShell.tsx';

export type PublicFooterProps = {
  logoUrl?: string | null;
  organisationName?: string | null;
  privacyUrl?: string | null;
  contactUrl?: string | null;
};

const FOLLOW_LINKS = [
  { name: 'LinkedIn', href: 'https://www.linkedin.com/', glyph: 'in' },
  { name: 'X', href: 'https://x.com/', glyph: 'X' },
  { name: 'Facebook', href: 'https://www.facebook.com/', glyph: 'f' },
] as const;

/** The unsubscribe box's footer: logo, social follow links, privacy policy and contact links. */
export function PublicFooter({ logoUrl, organisationName, privacyUrl, contactUrl }: PublicFooterProps) {
  return (
    <footer className="pp-footer">
      <PublicLogo logoUrl={logoUrl} organisationName={organisationName} />
      <ul className="pp-follow" aria-label="Follow us">
        {FOLLOW_LINKS.map((link) => (
          <li key={link.name}>
            <a className="pp-follow__link" href={link.href} rel="noopener noreferrer">
              <span aria-hidden="true">{link.glyph}</span>
              <span className="pp-visually-hidden">{`Follow us on ${link.name}`}</span>
            </a>
          </li>
        ))}
      </ul>
      {privacyUrl || contactUrl ? (
        <nav className="pp-footer__links" aria-label="Legal">
          {privacyUrl ? <a href={privacyUrl}>Privacy policy</a> : null}
          {contactUrl ? <a href={contactUrl}>Contact us</a> : null}
        </nav>
      ) : null}
    </footer>
  );
}
