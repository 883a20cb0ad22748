import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CANCELED_MESSAGE } from '../../../domain/requestFailure.ts';
import { analyticsApi } from '../../../src/api/analyticsApi.ts';
import { mailboxApi } from '../../../src/api/mailboxApi.ts';
import { preferenceApi } from '../../../src/api/preferenceApi.ts';
import { serviceClient } from '../../../src/api/serviceClient.ts';
import { supportApi } from '../../../src/api/supportApi.ts';
import { userApi } from '../../../src/api/userApi.ts';
import { WORKFLOW_REQUEST_KINDS, workflowApi } from '../../../src/api/workflowApi.ts';
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
    await serviceClient('campaign').get('x/');
    await serviceClient('publish').put('y/', {});
    await analyticsApi.get('graph_email_listing/', { query: { workflow_id: 3 } });
    await serviceClient('journey').get('z/');
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

  it('the support chat, the mailbox and the outbox call the user service; the simulator posts JSON to the workflow service', async () => {
    fetchStub.setAnswer(async () => json({ success: true, data: [], total_count: 0 }));
    await supportApi.mine();
    await mailboxApi.list({ offset: 0, limit: 20 });
    await userApi.outbox({ offset: 0, limit: 20 });
    await workflowApi.simulate({ workflow_id: 42, contact_id: 1, start_at: '2026-11-02T09:00:00Z' });
    expect(fetchStub.calls.map((c) => new URL(c.url, 'http://x.test').pathname)).toEqual([
      '/api/user/support_messages/',
      '/api/user/mailbox/',
      '/api/user/outbox/',
      '/api/workflow/simulate_workflow/',
    ]);
    const simulate = fetchStub.calls[3];
    expect(simulate?.init.method).toBe('POST');
    expect(JSON.parse(String(simulate?.init.body))).toEqual({
      workflow_id: 42,
      contact_id: 1,
      start_at: '2026-11-02T09:00:00Z',
    });
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
