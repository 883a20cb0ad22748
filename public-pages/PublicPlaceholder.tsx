import type { PublicPage } from '../src/domain/publicPagePath.ts';
import { Badge } from '../src/ui/Badge.tsx';
import { Logo } from '../src/ui/Logo.tsx';
import './PublicPlaceholder.css';

const TITLES: Record<PublicPage['page'], string> = {
  preferences: 'Preference Management',
  unsubscribe: 'Unsubscribe',
  resubscribe: 'Resubscribe',
  'unsubscribe-without-id': 'Unsubscribe',
  success: 'Preferences updated',
  unknown: 'Email preferences',
};

/** Says plainly that the recipient pages are being built, and shows that the link's id was read. */
export function PublicPlaceholder({ page }: { page: PublicPage }) {
  const unsubId = 'unsubId' in page ? page.unsubId : null;
  return (
    <main className="public-placeholder" id="main">
      <div className="public-placeholder__card">
        <Logo />
        <Badge tone="info">Being built</Badge>
        <h1 className="public-placeholder__title">{TITLES[page.page]}</h1>
        <p>
          This page is being built. Soon you will choose here which emails you receive, or unsubscribe from
          all of them, in one click.
        </p>
        {unsubId ? (
          <p className="public-placeholder__id">
            Your link was recognised. Its subscription id is <code data-testid="unsub-id">{unsubId}</code>.
            The preference page will use it to find your settings.
          </p>
        ) : (
          <p className="public-placeholder__id">
            This address carries no subscription id. Use the unsubscribe link at the bottom of one of our
            emails.
          </p>
        )}
        <p className="public-placeholder__note">
          Opening this page has changed nothing about the emails you receive.
        </p>
      </div>
    </main>
  );
}
