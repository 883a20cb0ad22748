import type {
  OnboardingKey,
  OnboardingStepAnswer,
  ProfileLoginAnswer,
} from '../../domain/onboardingSteps.ts';
import type { OutboxPage } from '../../domain/outboxTypes.ts';
import type {
  AddSenderInput,
  SenderAddresses,
  SenderRequestAnswer,
  SenderVerified,
} from '../../domain/senderAddresses.ts';
import type { UserData } from '../../domain/userData.ts';
import { serviceBases } from './serviceBases.ts';
import { serviceClient } from './serviceClient.ts';

const userService = serviceClient('user');

/** The sender addresses page shows its own failures (on the form, in the list), never the error page. */
const LOCAL_ERRORS = { errorCatalogue: false } as const;
/** The sender verification link's page shows its own errors and has no session to end. */
const own = { endSessionOnForbidden: false, errorCatalogue: false } as const;

type Data<T> = { success: true; data: T };

/** User service: the signed-in user, the organisation's sender addresses and, for internal admins, the outbox. */
export const userApi = {
  /** Where the server answers one outbox email's HTML as a sandboxed document (the outbox dialog frames it). */
  emailDocumentUrl: (id: number): string => `${serviceBases.user}outbox/${id}/html`,

  userData: async (signal?: AbortSignal): Promise<UserData> =>
    (await userService.get<{ success: true; data: UserData }>('user_data/', { signal })).data,

  /** user_data/ POST: one of the user's own settings (show_msg, first_login_workbench), 0 or 1. */
  changeSetting: async (
    key: 'show_msg' | 'first_login_workbench',
    value: boolean,
    signal?: AbortSignal,
  ): Promise<void> => {
    await userService.post<{ success: true }>(
      'user_data/',
      { key, value: value ? 1 : 0 },
      { signal, ...LOCAL_ERRORS },
    );
  },

  /** Records that the user opened the workbench (their first visit ends); answers whether it was the first. */
  profileLogin: async (signal?: AbortSignal): Promise<boolean> =>
    (
      await userService.post<ProfileLoginAnswer>(
        'profile_login/',
        { appName: 'workbench' },
        { signal, ...LOCAL_ERRORS },
      )
    ).first_login,

  /** Keeps where the user stands in an area's tour (the step to resume at, or its step count when finished). */
  keepOnboardingStep: async (
    key: OnboardingKey,
    step: number,
    signal?: AbortSignal,
  ): Promise<{ key: OnboardingKey; step: number }> => {
    const answer = await userService.post<OnboardingStepAnswer>(
      'onboarding_step/',
      { key, step },
      { signal, ...LOCAL_ERRORS },
    );
    return { key: answer.key, step: answer.step };
  },

  senderAddresses: async (signal?: AbortSignal): Promise<SenderAddresses> =>
    (await userService.get<Data<SenderAddresses>>('sender_addresses/', { signal, ...LOCAL_ERRORS })).data,

  /** Mails a single-use verification link to the address (admins); answers the senders as they are now. */
  addSenderAddress: async (
    input: AddSenderInput,
    signal?: AbortSignal,
  ): Promise<SenderAddresses & SenderRequestAnswer> =>
    (
      await userService.post<Data<SenderAddresses & SenderRequestAnswer>>('add_sender_address/', input, {
        signal,
        ...LOCAL_ERRORS,
      })
    ).data,

  setDefaultSender: async (senderId: number, signal?: AbortSignal): Promise<SenderAddresses> =>
    (
      await userService.post<Data<SenderAddresses>>(
        'set_default_sender/',
        { sender_id: senderId },
        { signal, ...LOCAL_ERRORS },
      )
    ).data,

  removeSenderAddress: async (senderId: number, signal?: AbortSignal): Promise<SenderAddresses> =>
    (
      await userService.post<Data<SenderAddresses>>(
        'remove_sender_address/',
        { sender_id: senderId },
        { signal, ...LOCAL_ERRORS },
      )
    ).data,

  cancelSenderRequest: async (requestId: number, signal?: AbortSignal): Promise<SenderAddresses> =>
    (
      await userService.post<Data<SenderAddresses>>(
        'cancel_sender_request/',
        { request_id: requestId },
        { signal, ...LOCAL_ERRORS },
      )
    ).data,

  /** Checks a sender verification link's key (no sign-in needed). */
  checkSenderKey: async (
    key: string,
    signal?: AbortSignal,
  ): Promise<{ email: string; organisation_name: string }> =>
    (
      await userService.get<Data<{ email: string; organisation_name: string }>>('verify_sender_address/', {
        query: { key },
        signal,
        ...own,
      })
    ).data,

  /** Verifies the sender address of a mailed key (no sign-in needed). */
  verifySenderAddress: async (key: string, signal?: AbortSignal): Promise<SenderVerified> =>
    (await userService.post<Data<SenderVerified>>('verify_sender_address/', { key }, { signal, ...own }))
      .data,

  outbox: async (page: { offset: number; limit: number }, signal?: AbortSignal): Promise<OutboxPage> => {
    const answer = await userService.get<{ success: true } & OutboxPage>('outbox/', { query: page, signal });
    return { total_count: answer.total_count, data: answer.data };
  },
};

export type UserApi = typeof userApi;
