import type { MailboxEmail, MailboxOptions, MailboxPage } from '../../domain/mailboxTypes.ts';
import { serviceBases } from './serviceBases.ts';
import { serviceClient } from './serviceClient.ts';

const userService = serviceClient('user');

export type MailboxQuery = { offset: number; limit: number; q?: string };

/**
 * The demo mailbox (server/services/delivery, under the user service's base): the organisation's marketing
 * sends and the demo send form.
 */
export const mailboxApi = {
  /** Where the server answers one send as a sandboxed document of its own (the viewer frames it). */
  emailDocumentUrl: (sendId: number): string => `${serviceBases.user}mailbox/${sendId}/html`,

  /** A page of sends, newest first; `q` keeps those whose recipient or subject contains it. */
  list: async (page: MailboxQuery, signal?: AbortSignal): Promise<MailboxPage> => {
    const answer = await userService.get<{ success: true } & MailboxPage>('mailbox/', {
      query: { offset: page.offset, limit: page.limit, q: page.q || undefined },
      signal,
    });
    return { transport: answer.transport, total_count: answer.total_count, data: answer.data };
  },

  email: async (sendId: number, signal?: AbortSignal): Promise<MailboxEmail> =>
    (await userService.get<{ success: true; data: MailboxEmail }>(`mailbox/${sendId}/`, { signal })).data,

  options: async (search: string, signal?: AbortSignal): Promise<MailboxOptions> => {
    const answer = await userService.get<{ success: true } & MailboxOptions>('mailbox/options/', {
      query: { q: search },
      signal,
    });
    return { emails: answer.emails, contacts: answer.contacts };
  },

  /** Queues one email to one contact; the same requestId twice sends once. */
  send: async (
    input: { emailId: number; contactId: number; requestId: string },
    signal?: AbortSignal,
  ): Promise<{ sendId: number; created: boolean }> => {
    const answer = await userService.post<{ success: true; send_id: number; created: boolean }>(
      'mailbox/send/',
      { email_id: input.emailId, contact_id: input.contactId, request_id: input.requestId },
      { signal },
    );
    return { sendId: answer.send_id, created: answer.created };
  },
};

export type MailboxApi = typeof mailboxApi;
