import { produce } from 'immer';
import { describe, expect, it } from 'vitest';
import type { CampaignSummary } from '../../../domain/campaigns.ts';
import {
  campaignKey,
  lastUpdateLabel,
  zeroedCopy,
} from '../../../src/modules/campaigns/utils/campaignListView.ts';
import {
  addFirst,
  insertAfter,
  type PagedRows,
  removeRow,
} from '../../../src/modules/shared/utils/pagedRows.ts';
import { campaign } from './campaignFixtures.ts';

const ids = (view: PagedRows<CampaignSummary>) => view.rows.map((c) => c.campaign_id);

describe('campaign list view', () => {
  it('puts a clone right after its original with zeroed totals, and counts it', () => {
    const view = { rows: [campaign(1), campaign(2), campaign(3)], total: 10 };
    const copy = zeroedCopy(campaign(9, { campaign_name: 'Copy of Campaign 2' }));
    const next = produce(view, (d) => insertAfter(d, 2, copy, campaignKey));
    expect(ids(next)).toEqual([1, 2, 9, 3]);
    expect(next.total).toBe(11);
    expect(next.rows[2]?.totals).toEqual({ contacts: 0, sent: 0, delivered: 0, open: 0, clicks: 0 });
    // The original not shown: the copy is further down, only the count moves.
    expect(ids(produce(view, (d) => insertAfter(d, 42, copy, campaignKey)))).toEqual([1, 2, 3]);
  });

  it('moves a changed campaign to the top, removes a deleted one', () => {
    const view = { rows: [campaign(1), campaign(2), campaign(3)], total: 4 };
    const renamed = campaign(3, { campaign_name: 'Renamed' });
    const moved = produce(view, (d) => addFirst(d, renamed, campaignKey));
    expect(ids(moved)).toEqual([3, 1, 2]);
    expect(moved.total).toBe(4);
    const removed = produce(view, (d) => removeRow(d, 2, campaignKey));
    expect(ids(removed)).toEqual([1, 3]);
    expect(removed.total).toBe(3);
    expect(produce(view, (d) => removeRow(d, 99, campaignKey)).total).toBe(4);
  });

  it("labels a change of the last minute 'just now'", () => {
    const now = new Date('2026-11-27T10:00:00Z');
    expect(lastUpdateLabel('2026-11-27T09:59:30Z', now)).toBe('just now');
    expect(lastUpdateLabel('2026-11-27T09:50:00Z', now)).toBe('10 min ago');
    expect(lastUpdateLabel('2026-11-27T07:00:00Z', now)).toBe('3 h ago');
  });
});
