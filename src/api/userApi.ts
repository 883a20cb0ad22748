import type {
  OnboardingKey,
  OnboardingStepAnswer,
  ProfileLoginAnswer,
} from '../../domain/onboardingSteps.ts';
import type { OutboxPage } from '../../domain/outboxTypes.ts';
import type { ChangePlanInput, PlanSettings } from '../../domain/planSettings.ts';
import type { UpdateProfileInput } from '../../domain/profileSettings.ts';
import type {
  AddSenderInput,
  SenderAddresses,
  SenderRequestAnswer,
  SenderVerified,
} from '../../domain/senderAddresses.ts';
import type { InvitationAnswer, InviteInput, Team } from '../../domain/teamSettings.ts';
import type { UserData } from '../../domain/userData.ts';
import type { UserRole } from '../../domain/userRoles.ts';
import { serviceBases } from './serviceBases.ts';
import { serviceClient } from './serviceClient.ts';

const userService = serviceClient('user');

/** The sender addresses page shows its own failures (on the form, in the list), never the error page. */
const LOCAL_ERRORS = { errorCatalogue: false } as const;
/** The sender verification link's page shows its own errors and has no session to end. */
const own = { endSessionOnForbidden: false, errorCatalogue: false } as const;

type Data<T> = { success: true; data: T };

/**
 * User service: the signed-in user, the settings (profile, team, sender addresses, plan) and, for internal
 * admins, the outbox.
 */
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

  /** Settings › Profile: the user's name; answers the user data as it is now. */
  updateProfile: async (input: UpdateProfileInput, signal?: AbortSignal): Promise<UserData> =>
    (await userService.post<Data<UserData>>('update_profile/', input, { signal, ...LOCAL_ERRORS })).data,

  team: async (signal?: AbortSignal): Promise<Team> =>
    (await userService.get<Data<Team>>('team/', { signal, ...LOCAL_ERRORS })).data,

  /** Mails a single-use invitation link to the address (admins); answers the team as it is now. */
  inviteUser: async (input: InviteInput, signal?: AbortSignal): Promise<Team & InvitationAnswer> =>
    (
      await userService.post<Data<Team & InvitationAnswer>>('invite_user/', input, {
        signal,
        ...LOCAL_ERRORS,
      })
    ).data,

  cancelInvitation: async (invitationId: number, signal?: AbortSignal): Promise<Team> =>
    (
      await userService.post<Data<Team>>(
        'cancel_invitation/',
        { invitation_id: invitationId },
        { signal, ...LOCAL_ERRORS },
      )
    ).data,

  changeUserRole: async (userId: number, role: UserRole, signal?: AbortSignal): Promise<Team> =>
    (
      await userService.post<Data<Team>>(
        'change_user_role/',
        { user_id: userId, role },
        { signal, ...LOCAL_ERRORS },
      )
    ).data,

  removeUser: async (userId: number, signal?: AbortSignal): Promise<Team> =>
    (await userService.post<Data<Team>>('remove_user/', { user_id: userId }, { signal, ...LOCAL_ERRORS }))
      .data,

  /** Settings › Plan: the user's own plan, or (internal users) the plan of the user of an address. */
  planSettings: async (userEmail: string | undefined, signal?: AbortSignal): Promise<PlanSettings> =>
    (
      await userService.get<Data<PlanSettings>>('plan_settings/', {
        query: userEmail ? { user_email: userEmail } : {},
        signal,
        ...LOCAL_ERRORS,
      })
    ).data,

  /** Internal users: a user's plan type and flags; every change goes to the audit log. */
  changePlan: async (input: ChangePlanInput, signal?: AbortSignal): Promise<PlanSettings> =>
    (await userService.post<Data<PlanSettings>>('change_plan/', input, { signal, ...LOCAL_ERRORS })).data,

  outbox: async (page: { offset: number; limit: number }, signal?: AbortSignal): Promise<OutboxPage> => {
    const answer = await userService.get<{ success: true } & OutboxPage>('outbox/', { query: page, signal });
    return { total_count: answer.total_count, data: answer.data };
  },
};

export type UserApi = typeof userApi;
