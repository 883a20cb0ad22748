import type { OutboxPage } from '../../domain/outboxTypes.ts';
import type { UserData } from '../../domain/userData.ts';
import { serviceBases } from './serviceBases.ts';
import { serviceClient } from './serviceClient.ts';

const userService = serviceClient('user');

/** User service: the signed-in user and, for internal admins, the outbox. */
export const userApi = {
  /** Where the server answers one outbox email's HTML as a sandboxed document (the outbox dialog frames it). */
  emailDocumentUrl: (id: number): string => `${serviceBases.user}outbox/${id}/html`,

  userData: async (signal?: AbortSignal): Promise<UserData> =>
    (await userService.get<{ success: true; data: UserData }>('user_data/', { signal })).data,

  outbox: async (page: { offset: number; limit: number }, signal?: AbortSignal): Promise<OutboxPage> => {
    const answer = await userService.get<{ success: true } & OutboxPage>('outbox/', { query: page, signal });
    return { total_count: answer.total_count, data: answer.data };
  },
};

export type UserApi = typeof userApi;
