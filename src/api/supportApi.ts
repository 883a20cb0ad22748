import type { SupportInboxPage, SupportMessage, SupportMessagesPage } from '../../domain/supportMessage.ts';
import { serviceClient } from './serviceClient.ts';

const userService = serviceClient('user');

/** The support chat (server/services/support), mounted under the user service's base. */
export const supportApi = {
  /** POST support_message/: stores the message with the page it was sent from. */
  send: async (input: { message: string; page: string }, signal?: AbortSignal): Promise<SupportMessage> =>
    (await userService.post<{ success: true; data: SupportMessage }>('support_message/', input, { signal }))
      .data,

  /** GET support_messages/: the signed-in person's own latest messages, oldest first. */
  mine: async (signal?: AbortSignal): Promise<SupportMessagesPage> => {
    const answer = await userService.get<{ success: true } & SupportMessagesPage>('support_messages/', {
      signal,
    });
    return { total_count: answer.total_count, data: answer.data };
  },

  /** GET support_inbox/: every message, newest first (internal admins; others get "permission denied"). */
  inbox: async (page: { offset: number; limit: number }, signal?: AbortSignal): Promise<SupportInboxPage> => {
    const answer = await userService.get<{ success: true } & SupportInboxPage>('support_inbox/', {
      query: page,
      signal,
    });
    return { total_count: answer.total_count, data: answer.data };
  },
};

export type SupportApi = typeof supportApi;
