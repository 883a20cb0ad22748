import { PublicShell } from './PublicShell.tsx';

/** An unknown, malformed or missing unsubscribe id: nothing was changed. */
export function NotValidPage({ logoUrl }: { logoUrl?: string | null }) {
  return (
    <PublicShell logoUrl={logoUrl} width="box">
      <h1 className="pp-title">This link is not valid</h1>
      <p className="pp-text">
        We could not find your email preferences from this link. Please use the unsubscribe or preferences
        link at the bottom of one of our emails.
      </p>
      <p className="pp-text pp-text--muted">Nothing about the emails you receive has changed.</p>
    </PublicShell>
  );
}
