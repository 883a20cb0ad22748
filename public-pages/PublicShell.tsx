import type { ReactNode } from 'react';
import { Logo } from '../src/ui/Logo.tsx';

export type PublicShellProps = {
  /** The recipient's organisation logo; the default logo when absent. */
  logoUrl?: string | null;
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
            <PublicLogo logoUrl={logoUrl} />
          </div>
        ) : null}
        {children}
      </main>
      {footer}
    </div>
  );
}

/** The organisation's logo when one is given, otherwise the product's own. */
export function PublicLogo({ logoUrl }: { logoUrl?: string | null }) {
  return logoUrl ? (
    <img className="pp-logo-image" src={logoUrl} alt="Company logo" height={40} />
  ) : (
    <Logo size="md" />
  );
}
