import type { ShareProfileConfig, WorkflowAnswers } from '../domain/workflowTypes.ts';
import { serviceClient } from './serviceClient.ts';

/**
 * The workflow service's calls the builder's node editors make that workflowApi.ts does not have
 * (spec 01 section 7): the links of emails for click conditions, and the test send of a share profile.
 * Same style as workflowApi.ts: one typed function per call; a refusal is thrown as an ApiError.
 */
const workflowService = serviceClient('workflow');

type Answer<K extends keyof WorkflowAnswers> = WorkflowAnswers[K] & { success: true };

export type EmailsLinksQuery = { emailIds: number[]; nodeId?: string; workflowId?: number | null };

export type TestShareProfileInput = {
  workflowId?: number | null;
  spUuid?: string | null;
  config?: ShareProfileConfig | null;
  /** Defaults (on the server) to the signed-in user's address. */
  to?: string;
};

export const workflowEditorApi = {
  /** Cancelled through `signal` only (no request kind: several conditions may load links at once). */
  getEmailsLinks: (query: EmailsLinksQuery, signal?: AbortSignal) =>
    workflowService.get<Answer<'get_emails_links'>>('get_emails_links/', {
      signal,
      query: {
        email_ids: query.emailIds.join(','),
        node_id: query.nodeId || undefined,
        workflow_id: query.workflowId && query.workflowId > 0 ? query.workflowId : undefined,
      },
    }),

  sendTestShareProfile: (input: TestShareProfileInput, signal?: AbortSignal) =>
    workflowService.post<Answer<'send_test_share_profile'>>(
      'send_test_share_profile/',
      {
        workflow_id: input.workflowId && input.workflowId > 0 ? input.workflowId : undefined,
        sp_uuid: input.spUuid || undefined,
        config: input.config ? JSON.stringify(input.config) : undefined,
        to: input.to?.trim() || undefined,
      },
      { signal },
    ),
};

export type WorkflowEditorApi = typeof workflowEditorApi;
