import { useSearch } from '@tanstack/react-router';
import { areaLinks } from '../../../router/routeTable.ts';
import { AreaNotFound } from '../../shell/components/AreaNotFound.tsx';
import { BeingBuiltPage } from '../../shell/components/BeingBuiltPage.tsx';
import { CampaignDetailPage } from './CampaignDetailPage.tsx';
import { CampaignListPage } from './CampaignListPage.tsx';

/** /campaigns (the list) and /campaigns/campaign?campaign_id=… (a campaign); other pages are not found. */
export function CampaignsPage({ page }: { page: string | undefined }) {
  const search = useSearch({ strict: false }) as { campaign_id?: string };
  if (!page) return <CampaignListPage />;
  if (page === 'campaign') {
    const id = search.campaign_id && /^\d+$/.test(search.campaign_id) ? Number(search.campaign_id) : null;
    return <CampaignDetailPage key={id ?? 0} campaignId={id} />;
  }
  // The edition editor (design, publish) and the campaign content steps come with later work.
  if (page === 'editionedit' || page === 'content')
    return (
      <BeingBuiltPage
        title="Edition editor"
        purpose="Design and publish an edition of a campaign email, with its curated content."
      />
    );
  return <AreaNotFound area="Campaigns" path={`/campaigns/${page}`} home={areaLinks.campaigns} />;
}
