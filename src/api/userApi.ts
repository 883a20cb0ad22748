import type { UserData } from '../domain/userData.ts';
import { apiGet } from './client.ts';
import { serviceBases } from './serviceBases.ts';

export type OutboxStatus = 'queued' | 'sending' | 'sent' | 'failed' | 'kept';

export type OutboxEmail = {
  id: number;
  kind: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  status: OutboxStatus;
  attempts: number;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
};

export type OutboxPage = { total_count: number; data: OutboxEmail[] };

const url = (path: string) => `${serviceBases.user}${path}`;

/** User service: the signed-in user and, for internal admins, the outbox. */
export const userApi = {
  userData: async (signal?: AbortSignal): Promise<UserData> =>
    (await apiGet<{ success: true; data: UserData }>(url('user_data/'), { signal })).data,

  outbox: async (page: { offset: number; limit: number }, signal?: AbortSignal): Promise<OutboxPage> => {
    const answer = await apiGet<{ success: true } & OutboxPage>(url('outbox/'), { query: page, signal });
    return { total_count: answer.total_count, data: answer.data };
  },
};
