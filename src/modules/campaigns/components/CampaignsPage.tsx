import { useSearch } from '@tanstack/react-router';
import { AreaBeingBuiltPage } from '../../../router/AreaBeingBuiltPage.tsx';
import { CampaignDetailPage } from './CampaignDetailPage.tsx';
import { CampaignListPage } from './CampaignListPage.tsx';

/**
 * /campaigns (the list) and /campaigns/campaign?campaign_id=… (a campaign). The edition editor's paths
 * (/campaigns/editionedit/…, design, publish) and the content steps come with later work: their page
 * says so, naming the sub-view asked for.
 */
export function CampaignsPage({ page }: { page: string | undefined }) {
  const search = useSearch({ strict: false }) as { campaign_id?: string };
  if (!page) return <CampaignListPage />;
  if (page === 'campaign') {
    const id = search.campaign_id && /^\d+$/.test(search.campaign_id) ? Number(search.campaign_id) : null;
    return <CampaignDetailPage key={id ?? 0} campaignId={id} />;
  }
  return (
    <AreaBeingBuiltPage
      title="Campaigns"
      purpose="Design and publish the editions of your campaign emails, with their curated content."
    />
  );
}
