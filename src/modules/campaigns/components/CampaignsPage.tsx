import { useSearch } from '@tanstack/react-router';
import { CampaignDetailPage } from './CampaignDetailPage.tsx';
import { CampaignListPage } from './CampaignListPage.tsx';

/** The campaign pages built so far: the list and a campaign (the router sends the others elsewhere). */
export const CAMPAIGN_PAGES = ['', 'campaign'] as const;

/**
 * /campaigns (the list) and /campaigns/campaign?campaign_id=… (a campaign). The edition editor's paths
 * (/campaigns/editionedit/…, design, publish) and the content steps come with later work: the router
 * shows their "being built" page.
 */
export function CampaignsPage({ page }: { page: string | undefined }) {
  const search = useSearch({ strict: false }) as { campaign_id?: string };
  if (!page) return <CampaignListPage />;
  if (page === 'campaign') {
    const id = search.campaign_id && /^\d+$/.test(search.campaign_id) ? Number(search.campaign_id) : null;
    return <CampaignDetailPage key={id ?? 0} campaignId={id} />;
  }
  return null;
}
