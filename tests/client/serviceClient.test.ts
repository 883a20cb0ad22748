import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { analyticsApi } from '../../src/api/analyticsApi.ts';
import { campaignApi } from '../../src/api/campaignApi.ts';
import { journeyApi } from '../../src/api/journeyApi.ts';
import { preferenceApi } from '../../src/api/preferenceApi.ts';
import { publishApi } from '../../src/api/publishApi.ts';
import { WORKFLOW_REQUEST_KINDS, workflowApi } from '../../src/api/workflowApi.ts';
import { CANCELED_MESSAGE } from '../../src/domain/requestFailure.ts';
import { hanging, json, stubFetch } from './fetchStub.ts';

let fetchStub: ReturnType<typeof stubFetch>;
beforeEach(() => {
  fetchStub = stubFetch();
});
afterEach(() => vi.unstubAllGlobals());

describe('service modules', () => {
  it('call their own service base', async () => {
    await workflowApi.get('get_workflow_triggers/');
    await preferenceApi.post('get_recipient_details/', { unsub_uuid: 'u' });
    await campaignApi.get('x/');
    await publishApi.put('y/', {});
    await analyticsApi.get('graph_email_listing/', { query: { workflow_id: 3 } });
    await journeyApi.get('z/');
    expect(fetchStub.calls.map((c) => new URL(c.url, 'http://x.test').pathname)).toEqual([
      '/api/workflow/get_workflow_triggers/',
      '/api/preference/get_recipient_details/',
      '/api/campaign/x/',
      '/api/publish/y/',
      '/api/analytics/graph_email_listing/',
      '/api/journey/z/',
    ]);
    expect(fetchStub.calls.map((c) => c.init.method)).toEqual(['GET', 'POST', 'GET', 'PUT', 'GET', 'GET']);
  });

  it('a cancellable workflow call is superseded by the next one of its kind', async () => {
    fetchStub.setAnswer(hanging);
    const kind = WORKFLOW_REQUEST_KINDS.userEmails;
    const first = workflowApi.get('get_user_emails/', { kind, query: { offset: 0 } });
    fetchStub.setAnswer(async () => json({ success: true }));
    const second = workflowApi.get('get_user_emails/', { kind, query: { offset: 20 } });
    await expect(first).rejects.toMatchObject({ kind: 'canceled', message: CANCELED_MESSAGE });
    await expect(second).resolves.toEqual({ success: true });
  });
});
