import { Link } from '@tanstack/react-router';
import type { CampaignSummary } from '../../../../domain/campaigns.ts';
import { countOf } from '../../../../domain/countOf.ts';
import { UserText } from '../../../ui/UserText.tsx';
import { SummaryCard } from '../../shared/components/SummaryCard.tsx';
import { lastUpdateLabel } from '../utils/campaignListView.ts';

type Props = {
  campaign: CampaignSummary;
  onRename: () => void;
  onClone: () => void;
  onDelete: () => void;
  cloning: boolean;
};

/** One campaign as a card: its name (a link to its details), its emails and totals (K/M/B), its actions. */
export function CampaignCard({ campaign, onRename, onClone, onDelete, cloning }: Props) {
  const t = campaign.totals;
  return (
    <SummaryCard
      testId="campaign-card"
      data={{ 'data-campaign-id': campaign.campaign_id }}
      itemName={campaign.campaign_name}
      name={
        <Link
          to="/campaigns/{-$page}/{-$tab}/{-$subTab}"
          params={{ page: 'campaign' }}
          search={{ campaign_id: String(campaign.campaign_id) } as never}
        >
          <UserText>{campaign.campaign_name}</UserText>
        </Link>
      }
      meta={
        <>
          {countOf(campaign.emails_count, 'email', 'emails')} · by <UserText>{campaign.created_by}</UserText>{' '}
          · updated {lastUpdateLabel(campaign.last_update)}
        </>
      }
      totals={[
        { label: 'Contacts', value: t.contacts },
        { label: 'Sent', value: t.sent },
        { label: 'Delivered', value: t.delivered },
        { label: 'Opens', value: t.open },
        { label: 'Clicks', value: t.clicks },
      ]}
      onRename={onRename}
      onClone={onClone}
      onDelete={onDelete}
      cloning={cloning}
    />
  );
}
