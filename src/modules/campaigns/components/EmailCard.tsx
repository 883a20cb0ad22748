import { Link } from '@tanstack/react-router';
import type { CampaignEmail } from '../../../../domain/campaigns.ts';
import { countOf } from '../../../../domain/countOf.ts';
import { Badge } from '../../../ui/Badge.tsx';
import { Button } from '../../../ui/Button.tsx';
import { buttonClassName } from '../../../ui/buttonClassName.ts';
import { lastUpdateLabel } from '../utils/campaignListView.ts';

const TYPE_NAMES: Record<number, string> = { 0: 'Digest', 1: 'Ad hoc', 2: 'AI' };
/** The publish step's link of an edition, named after what it holds for that edition. */
const PUBLISH_ACTION: Record<string, string> = { draft: 'Publish', scheduled: 'Schedule', sent: 'Progress' };

type Props = {
  email: CampaignEmail;
  busy: boolean;
  onRename: () => void;
  onClone: () => void;
  onDelete: () => void;
  onNewEdition: () => void;
  onDeleteEdition: (editionId: number) => void;
};

/** One email of a campaign with its editions (name, state, curated articles) and its actions. */
export function EmailCard({
  email,
  busy,
  onRename,
  onClone,
  onDelete,
  onNewEdition,
  onDeleteEdition,
}: Props) {
  const onlyOne = email.editions.length <= 1;
  return (
    <li className="email-card" data-testid="email-card" data-email-id={email.email_id}>
      <div className="email-card__head">
        <h3 className="email-card__name">{email.name}</h3>
        <Badge>{TYPE_NAMES[email.email_type] ?? 'Email'}</Badge>
      </div>
      <p className="email-card__meta">
        Subject: {email.subject} · updated {lastUpdateLabel(email.last_updated)}
      </p>
      <ul className="email-card__editions" aria-label={`Editions of ${email.name}`}>
        {email.editions.map((edition) => (
          <li key={edition.edition_id} className="email-card__edition" data-testid="edition">
            <span className="email-card__edition-name">{edition.name}</span>
            <span className={`email-card__status email-card__status--${edition.status}`}>
              {edition.status}
            </span>
            <span className="email-card__articles">
              {countOf(edition.articles_count, 'article', 'articles')}
            </span>
            <Link
              to="/campaigns/{-$page}/{-$tab}/{-$subTab}"
              params={{ page: 'editionedit', tab: 'design' }}
              search={
                {
                  ...(email.campaign_id ? { campaign_id: String(email.campaign_id) } : {}),
                  email_id: String(email.email_id),
                  version_id: String(edition.version_id),
                } as never
              }
              className={buttonClassName('secondary', 'sm')}
              aria-label={`Design edition ${edition.name} of ${email.name}`}
            >
              Design
            </Link>
            <Link
              className={buttonClassName('secondary', 'sm')}
              to="/campaigns/{-$page}/{-$tab}/{-$subTab}"
              params={{ page: 'editionedit', tab: 'publish', subTab: undefined }}
              search={
                {
                  ...(email.campaign_id !== null ? { campaign_id: String(email.campaign_id) } : {}),
                  email_id: String(email.email_id),
                  version_id: String(edition.version_id),
                } as never
              }
              aria-label={`${PUBLISH_ACTION[edition.status] ?? 'Publish'} edition ${edition.name} of ${email.name}`}
            >
              {PUBLISH_ACTION[edition.status] ?? 'Publish'}
            </Link>
            <Button
              size="sm"
              variant="ghost"
              disabled={busy || onlyOne || edition.status === 'sent'}
              title={onlyOne ? 'An email keeps at least one edition' : undefined}
              onClick={() => onDeleteEdition(edition.edition_id)}
              aria-label={`Delete edition ${edition.name} of ${email.name}`}
            >
              Delete
            </Button>
          </li>
        ))}
      </ul>
      <div className="email-card__actions">
        <Button
          size="sm"
          variant="secondary"
          disabled={busy}
          onClick={onNewEdition}
          aria-label={`New edition of ${email.name}`}
        >
          New edition
        </Button>
        <Button
          size="sm"
          variant="ghost"
          disabled={busy}
          onClick={onRename}
          aria-label={`Rename ${email.name}`}
        >
          Rename
        </Button>
        <Button
          size="sm"
          variant="ghost"
          disabled={busy}
          onClick={onClone}
          aria-label={`Clone ${email.name}`}
        >
          Clone
        </Button>
        <Button
          size="sm"
          variant="ghost"
          disabled={busy}
          onClick={onDelete}
          aria-label={`Delete ${email.name}`}
        >
          Delete
        </Button>
      </div>
    </li>
  );
}
