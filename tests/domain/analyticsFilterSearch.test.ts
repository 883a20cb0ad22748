import { describe, expect, it } from 'vitest';
import { DEFAULT_FILTER } from '../../domain/analyticsFilter.ts';
import {
  addressCarries,
  analyticsQueryOf,
  filterFromSaved,
  filterFromSearch,
  filterToSearch,
  workflowQueryOf,
} from '../../domain/analyticsFilterSearch.ts';
import { savedFilterDataSchema } from '../../domain/analyticsSchemas.ts';

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

  it('the address carries picked emails, not Select all, searches or exclusions (those go as fs_id)', () => {
    expect(addressCarries(filterFromSearch({ campaign_id: '4', email_id: '9,10', date: 'week' }))).toBe(true);
    const emails = (e: Partial<typeof DEFAULT_FILTER.emails>) => ({
      ...DEFAULT_FILTER,
      emails: { ...DEFAULT_FILTER.emails, ...e },
    });
    expect(addressCarries(emails({ base: 'all' }))).toBe(false);
    expect(addressCarries(emails({ exclude: [3] }))).toBe(false);
    expect(
      addressCarries(emails({ base: 'none', searches: [{ term: 'x', select_all: true, email_ids: [] }] })),
    ).toBe(false);
  });

  it('a saved filter comes back as the filter it keeps', () => {
    const saved = savedFilterDataSchema.parse({
      start_date: '2026-09-01',
      end_date: '2026-10-01',
      workflow_ids: [7],
      campaign_ids: [4],
      exclude_emails: [12],
      select_all: true,
      is_test_email: true,
      applied_date_object: { value: 'custom', label: 'Custom' },
    });
    expect(filterFromSaved(saved)).toEqual({
      ...DEFAULT_FILTER,
      option: 'custom',
      dateChosen: true,
      customStart: '2026-09-01',
      customEnd: '2026-10-01',
      campaignIds: [],
      workflowIds: [7],
      emails: { base: 'all', include: [], exclude: [12], searches: [] },
      testEmails: true,
    });
    expect(filterFromSaved(savedFilterDataSchema.parse({ include_emails: [5] })).emails).toEqual({
      base: 'none',
      include: [5],
      exclude: [],
      searches: [],
    });
  });
});

describe('a workflow report’s query', () => {
  const today = '2026-11-28';

  it('is workflow mode over all time unless a period was chosen: no campaigns, nor emails picked among them', () => {
    const campaigns = filterFromSearch({ campaign_id: '4', email_id: '9' });
    expect(workflowQueryOf(campaigns, today)).toEqual({
      startDate: null,
      endDate: null,
      campaignIds: [],
      workflowIds: [],
      emails: DEFAULT_FILTER.emails,
      testEmails: false,
    });
    // The campaign reports of the same filter count a quarter.
    expect(analyticsQueryOf(campaigns, today)).toMatchObject({ startDate: '2026-08-31', campaignIds: [4] });
  });

  it('keeps the chosen workflows, emails, test sends and a chosen period', () => {
    const set = filterFromSearch({ workflow_id: '3,5', email_id: '9', test_email: '1', date: 'week' });
    expect(workflowQueryOf(set, today)).toMatchObject({
      startDate: '2026-11-22',
      endDate: today,
      workflowIds: [3, 5],
      emails: { include: [9] },
      testEmails: true,
    });
  });
});
