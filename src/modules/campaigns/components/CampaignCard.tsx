import { Link } from '@tanstack/react-router';
import { abbreviateNumber } from '../../../../domain/abbreviateNumber.ts';
import type { CampaignSummary } from '../../../../domain/campaigns.ts';
import { countOf } from '../../../../domain/countOf.ts';
import { formatThousands } from '../../../../domain/formatThousands.ts';
import { Button } from '../../../ui/Button.tsx';
import { lastUpdateLabel } from '../utils/campaignListView.ts';

type Props = {
  campaign: CampaignSummary;
  onRename: () => void;
  onClone: () => void;
  onDelete: () => void;
  cloning: boolean;
};

function Total({ label, value }: { label: string; value: number }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd title={formatThousands(value)}>{abbreviateNumber(value)}</dd>
    </div>
  );
}

/** One campaign as a card: its name (a link to its details), its emails and totals (K/M/B), its actions. */
export function CampaignCard({ campaign, onRename, onClone, onDelete, cloning }: Props) {
  const t = campaign.totals;
  return (
    <li className="campaign-card" data-testid="campaign-card" data-campaign-id={campaign.campaign_id}>
      <h3 className="campaign-card__name">
        <Link
          to="/campaigns/{-$page}/{-$tab}/{-$subTab}"
          params={{ page: 'campaign' }}
          search={{ campaign_id: String(campaign.campaign_id) } as never}
        >
          {campaign.campaign_name}
        </Link>
      </h3>
      <p className="campaign-card__meta">
        {countOf(campaign.emails_count, 'email', 'emails')} · by {campaign.created_by} · updated{' '}
        {lastUpdateLabel(campaign.last_update)}
      </p>
      <dl className="campaign-card__totals">
        <Total label="Contacts" value={t.contacts} />
        <Total label="Sent" value={t.sent} />
        <Total label="Delivered" value={t.delivered} />
        <Total label="Opens" value={t.open} />
        <Total label="Clicks" value={t.clicks} />
      </dl>
      <div className="campaign-card__actions">
        <Button size="sm" variant="ghost" onClick={onRename} aria-label={`Rename ${campaign.campaign_name}`}>
          Rename
        </Button>
        <Button
          size="sm"
          variant="ghost"
          onClick={onClone}
          loading={cloning}
          aria-label={`Clone ${campaign.campaign_name}`}
        >
          Clone
        </Button>
        <Button size="sm" variant="ghost" onClick={onDelete} aria-label={`Delete ${campaign.campaign_name}`}>
          Delete
        </Button>
      </div>
    </li>
  );
}
