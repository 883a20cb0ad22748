import type { CampaignSummary } from '../../../../domain/campaigns.ts';
import { formatDate } from '../../../../domain/formatDate.ts';

export const campaignKey = (campaign: CampaignSummary) => campaign.campaign_id;

/** A campaign's copy as the list shows it: "campaign copies have zeroed stats". */
export function zeroedCopy(copy: CampaignSummary): CampaignSummary {
  return { ...copy, totals: { contacts: 0, sent: 0, delivered: 0, open: 0, clicks: 0 } };
}

/** "just now", "5 min ago", "3 h ago", else the date. */
export function lastUpdateLabel(iso: string, now: Date = new Date()): string {
  const seconds = Math.max(0, (now.getTime() - new Date(iso).getTime()) / 1000);
  if (seconds < 60) return 'just now';
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ago`;
  if (seconds < 86400) return `${Math.floor(seconds / 3600)} h ago`;
  return formatDate(iso);
}
