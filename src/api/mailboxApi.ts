import type { MailboxEmail, MailboxOptions, MailboxPage } from '../domain/mailboxTypes.ts';
import { apiGet, apiPost } from './client.ts';
import { serviceBases } from './serviceBases.ts';

const url = (path: string) => `${serviceBases.user}${path}`;

export type MailboxQuery = { offset: number; limit: number; q?: string };

/** The demo mailbox (user service): the organisation's marketing sends and the demo send form. */
export const mailboxApi = {
  /** A page of sends, newest first; `q` keeps those whose recipient or subject contains it. */
  list: async (page: MailboxQuery, signal?: AbortSignal): Promise<MailboxPage> => {
    const answer = await apiGet<{ success: true } & MailboxPage>(url('mailbox/'), {
      query: { offset: page.offset, limit: page.limit, q: page.q || undefined },
      signal,
    });
    return { transport: answer.transport, total_count: answer.total_count, data: answer.data };
  },

  email: async (sendId: number, signal?: AbortSignal): Promise<MailboxEmail> =>
    (await apiGet<{ success: true; data: MailboxEmail }>(url(`mailbox/${sendId}/`), { signal })).data,

  options: async (search: string, signal?: AbortSignal): Promise<MailboxOptions> => {
    const answer = await apiGet<{ success: true } & MailboxOptions>(url('mailbox/options/'), {
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
    const answer = await apiPost<{ success: true; send_id: number; created: boolean }>(
      url('mailbox/send/'),
      { email_id: input.emailId, contact_id: input.contactId, request_id: input.requestId },
      { signal },
    );
    return { sendId: answer.send_id, created: answer.created };
  },
};
