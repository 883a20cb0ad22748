import { describe, expect, it } from 'vitest';
import {
  appendCampaignsPage,
  insertCampaignCloneAfter,
  lastUpdateLabel,
  moveCampaignToTop,
  removeCampaign,
  viewFromCampaignsPage,
} from '../../../src/modules/campaigns/utils/campaignListView.ts';
import { campaign, campaignsPage } from './campaignFixtures.ts';

const ids = (view: { campaigns: { campaign_id: number }[] }) => view.campaigns.map((c) => c.campaign_id);

describe('campaign list view', () => {
  it('puts a clone right after its original with zeroed totals, and counts it', () => {
    const view = viewFromCampaignsPage(campaignsPage([campaign(1), campaign(2), campaign(3)], 10));
    const copy = campaign(9, { campaign_name: 'Copy of Campaign 2' });
    const next = insertCampaignCloneAfter(view, 2, copy);
    expect(ids(next)).toEqual([1, 2, 9, 3]);
    expect(next.total).toBe(11);
    expect(next.campaigns[2]?.totals).toEqual({ contacts: 0, sent: 0, delivered: 0, open: 0, clicks: 0 });
    // The original not shown: the copy is further down, only the count moves.
    expect(ids(insertCampaignCloneAfter(view, 42, copy))).toEqual([1, 2, 3]);
  });

  it('appends later pages without repeating, moves a changed campaign to the top, removes a deleted one', () => {
    const first = campaignsPage([campaign(1), campaign(2)], 4);
    const both = appendCampaignsPage(first, campaignsPage([campaign(2), campaign(3)], 4));
    expect(both.data.map((c) => c.campaign_id)).toEqual([1, 2, 3]);
    const view = viewFromCampaignsPage(both);
    const renamed = campaign(3, { campaign_name: 'Renamed' });
    expect(ids(moveCampaignToTop(view, renamed))).toEqual([3, 1, 2]);
    expect(moveCampaignToTop(view, renamed).total).toBe(4);
    const removed = removeCampaign(view, 2);
    expect(ids(removed)).toEqual([1, 3]);
    expect(removed.total).toBe(3);
    expect(removeCampaign(view, 99).total).toBe(4);
  });

  it("labels a change of the last minute 'just now'", () => {
    const now = new Date('2026-11-27T10:00:00Z');
    expect(lastUpdateLabel('2026-11-27T09:59:30Z', now)).toBe('just now');
    expect(lastUpdateLabel('2026-11-27T09:50:00Z', now)).toBe('10 min ago');
    expect(lastUpdateLabel('2026-11-27T07:00:00Z', now)).toBe('3 h ago');
  });
});
