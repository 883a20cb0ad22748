import { apiGet, apiPost } from '../../../api/client.ts';
import { serviceBases } from '../../../api/serviceBases.ts';
import type { SupportInboxMessage, SupportMessage } from '../../../domain/supportMessage.ts';

export type SupportMessagesPage = { total_count: number; data: SupportMessage[] };
export type SupportInboxPage = { total_count: number; data: SupportInboxMessage[] };

const url = (path: string) => `${serviceBases.user}${path}`;

/** The support chat, mounted under the user service. */
export const supportApi = {
  /** POST support_message/: stores the message with the page it was sent from. */
  send: async (input: { message: string; page: string }, signal?: AbortSignal): Promise<SupportMessage> =>
    (await apiPost<{ success: true; data: SupportMessage }>(url('support_message/'), input, { signal })).data,

  /** GET support_messages/: the signed-in person's own latest messages, oldest first. */
  mine: async (signal?: AbortSignal): Promise<SupportMessagesPage> => {
    const answer = await apiGet<{ success: true } & SupportMessagesPage>(url('support_messages/'), {
      signal,
    });
    return { total_count: answer.total_count, data: answer.data };
  },

  /** GET support_inbox/: every message, newest first (internal admins; others get "permission denied"). */
  inbox: async (page: { offset: number; limit: number }, signal?: AbortSignal): Promise<SupportInboxPage> => {
    const answer = await apiGet<{ success: true } & SupportInboxPage>(url('support_inbox/'), {
      query: page,
      signal,
    });
    return { total_count: answer.total_count, data: answer.data };
  },
};
