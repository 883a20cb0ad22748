import { afterEach, describe, expect, it, vi } from 'vitest';
import { NO_EMAIL_CHOICE } from '../../../domain/analyticsFilter.ts';
import { CANCELED_MESSAGE } from '../../../domain/requestFailure.ts';
import { analyticsApi, selectionFields } from '../../../src/api/analyticsApi.ts';
import { hanging, json, stubFetch } from './fetchStub.ts';

afterEach(() => vi.unstubAllGlobals());

const base = {
  startDate: '2026-08-31',
  endDate: '2026-11-28',
  campaignIds: [],
  workflowIds: [],
  emails: NO_EMAIL_CHOICE,
  testEmails: false,
};

describe('analytics selection fields', () => {
  it('the default selection sends the period only', () => {
    const fields = Object.fromEntries(
      Object.entries(selectionFields(base)).filter(([, v]) => v !== undefined),
    );
    expect(fields).toEqual({ start_date: '2026-08-31', end_date: '2026-11-28' });
  });

  it('campaigns go as a JSON list; a workflow report sends all_workflows 0 with its ids and no campaign_ids', () => {
    expect(selectionFields({ ...base, campaignIds: [4, 5] })).toMatchObject({ campaign_ids: '[4,5]' });
    const workflow = selectionFields({
      ...base,
      campaignIds: [4],
      workflowIds: [7],
      startDate: null,
      endDate: null,
    });
    expect(workflow).toMatchObject({ is_workflow: 1, all_workflows: 0, workflow_ids: '[7]' });
    expect(workflow.campaign_ids).toBeUndefined();
    expect(workflow.start_date).toBeUndefined();
  });

  it('emails: select_all, or unselect_all with the picks, the selected searches and the exclusions', () => {
    expect(
      selectionFields({ ...base, emails: { ...NO_EMAIL_CHOICE, base: 'all', exclude: [3] } }),
    ).toMatchObject({
      select_all: 1,
      exclude_emails: '[3]',
    });
    const searched = selectionFields({
      ...base,
      testEmails: true,
      emails: {
        base: 'none',
        include: [9],
        exclude: [12],
        searches: [{ term: 'launch', select_all: true, email_ids: [] }],
      },
    });
    expect(searched).toMatchObject({
      unselect_all: 1,
      include_emails: '[9]',
      exclude_emails: '[12]',
      search_list: '[{"term":"launch","select_all":true,"email_ids":[]}]',
      is_test_email: 1,
    });
    expect(searched.select_all).toBeUndefined();
  });
});

describe('analytics calls of one kind', () => {
  it('a new call cancels the one in flight of its kind, not another kind', async () => {
    const fetchStub = stubFetch();
    fetchStub.setAnswer(hanging);
    const first = analyticsApi.dashboard(base);
    const trends = analyticsApi.emailTrends(base);
    fetchStub.setAnswer(async () => json({ success: true, data: {} }));
    const second = analyticsApi.dashboard({ ...base, campaignIds: [4] });
    await expect(first).rejects.toMatchObject({ kind: 'canceled', message: CANCELED_MESSAGE });
    await expect(second).resolves.toMatchObject({ success: true });
    const paths = fetchStub.calls.map((c) => new URL(c.url, 'http://x.test').pathname);
    expect(paths).toEqual([
      '/api/analytics/analytics_dashboard/',
      '/api/analytics/email_trends_graph/',
      '/api/analytics/analytics_dashboard/',
    ]);
    // The trends call of the first selection is still in flight (another kind).
    const settled = await Promise.race([
      trends.then(
        () => 'settled',
        () => 'settled',
      ),
      Promise.resolve('pending'),
    ]);
    expect(settled).toBe('pending');
  });
});
