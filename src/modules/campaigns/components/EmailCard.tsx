import { Link } from '@tanstack/react-router';
import type { CampaignEmail } from '../../../../domain/campaigns.ts';
import { countOf } from '../../../../domain/countOf.ts';
import { subjectForDisplay } from '../../../../domain/subjectForDisplay.ts';
import { Badge, type BadgeTone } from '../../../ui/Badge.tsx';
import { Button } from '../../../ui/Button.tsx';
import { buttonClassName } from '../../../ui/buttonClassName.ts';
import { UserText } from '../../../ui/UserText.tsx';
import { SummaryCard } from '../../shared/components/SummaryCard.tsx';
import { PersonalityMark } from '../ai/PersonalityMark.tsx';
import { lastUpdateLabel } from '../utils/campaignListView.ts';

const TYPE_NAMES: Record<number, string> = { 0: 'Digest', 1: 'Ad hoc', 2: 'AI' };
/** An edition's state as a badge (its subject and state say what went out, and when it is a draft). */
const STATUS_TEXT: Record<string, string> = {
  draft: 'Draft',
  scheduled: 'Scheduled',
  sent: 'Sent',
  test: 'Test',
};
const STATUS_TONE: Record<string, BadgeTone> = {
  draft: 'neutral',
  scheduled: 'info',
  sent: 'success',
  test: 'warning',
};
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

/**
 * One email of a campaign with its editions (name, state, the subject each has, curated articles) and
 * its actions. Each edition shows its own subject: the one it went out with once it is sent.
 */
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
    <SummaryCard
      testId="email-card"
      data={{ 'data-email-id': email.email_id }}
      itemName={email.name}
      name={<UserText>{email.name}</UserText>}
      badge={
        email.ai_type ? (
          <Badge title={`AI variant for ${email.ai_type}`}>
            <PersonalityMark type={email.ai_type} color={email.ai_color} />
          </Badge>
        ) : (
          <Badge>{TYPE_NAMES[email.email_type] ?? 'Email'}</Badge>
        )
      }
      meta={
        <>
          {countOf(email.editions.length, 'edition', 'editions')} · updated{' '}
          {lastUpdateLabel(email.last_updated)}
        </>
      }
      busy={busy}
      onRename={onRename}
      onClone={onClone}
      onDelete={onDelete}
      leadingActions={
        <Button
          size="sm"
          variant="secondary"
          disabled={busy}
          onClick={onNewEdition}
          aria-label={`New edition of ${email.name}`}
        >
          New edition
        </Button>
      }
    >
      <ul className="email-card__editions" aria-label={`Editions of ${email.name}`}>
        {email.editions.map((edition) => (
          <li key={edition.edition_id} className="email-card__edition" data-testid="edition">
            <div className="email-card__edition-head">
              <UserText className="email-card__edition-name">{edition.name}</UserText>
              <Badge tone={STATUS_TONE[edition.status] ?? 'neutral'}>
                {STATUS_TEXT[edition.status] ?? edition.status}
              </Badge>
            </div>
            <p className="email-card__edition-subject">
              {edition.subject ? subjectForDisplay(edition.subject) : 'No subject yet'} ·{' '}
              {countOf(edition.articles_count, 'article', 'articles')}
            </p>
            <div className="email-card__edition-actions">
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
            </div>
          </li>
        ))}
      </ul>
    </SummaryCard>
  );
}
