import type { CampaignSummary, CampaignsPage } from '../../../domain/campaigns.ts';

export function campaign(id: number, patch: Partial<CampaignSummary> = {}): CampaignSummary {
  return {
    campaign_id: id,
    campaign_name: `Campaign ${id}`,
    name: `Campaign ${id}`,
    user_id: 1001,
    created_by: 'Dana Demo',
    thumbnails: [],
    last_update: '2026-11-01T09:00:00.000Z',
    emails_count: 2,
    totals: { contacts: 10, sent: 20, delivered: 19, open: 8, clicks: 3 },
    ...patch,
  };
}

export function campaignsPage(data: CampaignSummary[], total = data.length): CampaignsPage {
  return {
    total_count: total,
    total_emails_count: 4,
    adhoc_emails_count: 1,
    digest_emails_count: 3,
    ai_emails_count: 0,
    data,
  };
}
