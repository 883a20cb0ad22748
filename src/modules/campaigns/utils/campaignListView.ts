import type { CampaignSummary, CampaignsPage } from '../../../../domain/campaigns.ts';
import { formatDate } from '../../../../domain/formatDate.ts';

/**
 * What the campaign list shows (spec 02 section 4): the campaigns loaded so far (later pages appended,
 * offset 0 replacing) and the total. Pure and React-free: the screen applies each change the server
 * confirmed, so the list moves without a reload.
 */
export type CampaignListView = { campaigns: CampaignSummary[]; total: number };

export function viewFromCampaignsPage(page: CampaignsPage): CampaignListView {
  return { campaigns: page.data, total: page.total_count };
}

/** A later page appended to what is shown (a campaign already shown is not repeated). */
export function appendCampaignsPage(shown: CampaignsPage, page: CampaignsPage): CampaignsPage {
  const ids = new Set(shown.data.map((c) => c.campaign_id));
  return { ...page, data: [...shown.data, ...page.data.filter((c) => !ids.has(c.campaign_id))] };
}

/**
 * A clone goes right after its original (spec 02: "cloning a campaign inserts the copy right after the
 * original; campaign copies have zeroed stats"); the count rises. When the original is not shown the copy
 * is not either (it is further down).
 */
export function insertCampaignCloneAfter(
  view: CampaignListView,
  originalId: number,
  copy: CampaignSummary,
): CampaignListView {
  const campaigns = view.campaigns.filter((c) => c.campaign_id !== copy.campaign_id);
  const at = campaigns.findIndex((c) => c.campaign_id === originalId);
  const zeroed = { ...copy, totals: { contacts: 0, sent: 0, delivered: 0, open: 0, clicks: 0 } };
  if (at < 0) return { campaigns, total: view.total + 1 };
  return {
    campaigns: [...campaigns.slice(0, at + 1), zeroed, ...campaigns.slice(at + 1)],
    total: view.total + 1,
  };
}

/** A changed campaign (renamed, its emails or counts changed) moves to the top, 'just now'. */
export function moveCampaignToTop(view: CampaignListView, campaign: CampaignSummary): CampaignListView {
  const rest = view.campaigns.filter((c) => c.campaign_id !== campaign.campaign_id);
  const known = rest.length < view.campaigns.length;
  return { campaigns: [campaign, ...rest], total: known ? view.total : view.total + 1 };
}

/** A deleted campaign leaves the list and the count falls. */
export function removeCampaign(view: CampaignListView, campaignId: number): CampaignListView {
  const campaigns = view.campaigns.filter((c) => c.campaign_id !== campaignId);
  return {
    campaigns,
    total: campaigns.length === view.campaigns.length ? view.total : Math.max(0, view.total - 1),
  };
}

/** "just now", "5 min ago", "3 h ago", else the date. */
export function lastUpdateLabel(iso: string, now: Date = new Date()): string {
  const seconds = Math.max(0, (now.getTime() - new Date(iso).getTime()) / 1000);
  if (seconds < 60) return 'just now';
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ago`;
  if (seconds < 86400) return `${Math.floor(seconds / 3600)} h ago`;
  return formatDate(iso);
}
