import { describe, expect, it } from 'vitest';
import { DEFAULT_FILTER } from '../../domain/analyticsFilter.ts';
import { analyticsQueryOf, filterFromSearch, filterToSearch } from '../../domain/analyticsFilterSearch.ts';

describe('the analytics filter in the address', () => {
  it('the default filter writes nothing, and an empty address is the default filter', () => {
    expect(filterToSearch(DEFAULT_FILTER)).toEqual({});
    expect(filterFromSearch({})).toEqual(DEFAULT_FILTER);
  });

  it('reads campaign_id, email_id (a comma list), test_email and a custom period, and writes them back', () => {
    const set = filterFromSearch({
      campaign_id: '4,5,x,4',
      email_id: 12,
      test_email: 1,
      date: 'custom',
      start_date: '2026-09-01',
      end_date: 'soon',
    });
    expect(set).toMatchObject({
      campaignIds: [4, 5],
      emails: { base: 'none', include: [12] },
      testEmails: true,
      option: 'custom',
      dateChosen: true,
      customStart: '2026-09-01',
      customEnd: null,
    });
    expect(filterToSearch(set)).toEqual({
      campaign_id: '4,5',
      email_id: '12',
      test_email: '1',
      date: 'custom',
      start_date: '2026-09-01',
    });
  });

  it('workflow_id wins over campaign_id and opens all time; a workflow report sends no dates', () => {
    const set = filterFromSearch({ workflow_id: '7', campaign_id: '4' });
    expect(set).toMatchObject({ workflowIds: [7], campaignIds: [], option: 'all', dateChosen: false });
    expect(analyticsQueryOf(set, '2026-11-28')).toMatchObject({
      startDate: null,
      endDate: null,
      workflowIds: [7],
    });
    expect(filterFromSearch({ date: 'week', workflow_id: '7' }).option).toBe('week');
    expect(filterFromSearch({ date: 'fortnight' }).option).toBe('qtr');
  });
});
