import type { ReactNode } from 'react';
import { Logo } from '../src/ui/Logo.tsx';

export type PublicShellProps = {
  /** The sending organisation's logo; its name when it has none. */
  logoUrl?: string | null;
  /** The sending organisation: the page is theirs, not the product's. */
  organisationName?: string | null;
  /** "wide": the 870 px preference layout; "box": the centred unsubscribe box. */
  width?: 'wide' | 'box';
  children: ReactNode;
  /** The footer; when it carries the logo the card does not repeat it. */
  footer?: ReactNode;
  showLogo?: boolean;
};

/** The frame of every public page: a logo, the page's card, and an optional footer. Pure props. */
export function PublicShell({
  logoUrl,
  organisationName,
  width = 'wide',
  children,
  footer,
  showLogo = true,
}: PublicShellProps) {
  return (
    <div className="pp-page">
      <main className={`pp-card pp-card--${width}`} id="main">
        {showLogo ? (
          <div className="pp-card__logo">
            <PublicLogo logoUrl={logoUrl} organisationName={organisationName} />
          </div>
        ) : null}
        {children}
      </main>
      {footer}
    </div>
  );
}

/**
 * Whose page this is: the sending organisation's logo, else its name; the product's own logo only where
 * the organisation is not known (a link that is not valid).
 */
export function PublicLogo({
  logoUrl,
  organisationName,
}: {
  logoUrl?: string | null;
  organisationName?: string | null;
}) {
  if (logoUrl)
    return (
      <img className="pp-logo-image" src={logoUrl} alt={organisationName ?? 'Company logo'} height={40} />
    );
  if (organisationName) return <p className="pp-org-name">{organisationName}</p>;
  return <Logo size="md" />;
}
