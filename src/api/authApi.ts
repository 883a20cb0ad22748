import type { MailedAnswer, MessageAnswer, SignInAnswer } from '../../domain/authAnswers.ts';
import type { LoginInput, SignupInput } from '../../domain/authSchemas.ts';
import type { ChangePasswordInput, PasswordChanged } from '../../domain/profileSettings.ts';
import type { AcceptInvitationInput, InvitationCheck } from '../../domain/teamSettings.ts';
import { serviceClient } from './serviceClient.ts';

const authService = serviceClient('auth');

/** Its screens show their own errors: no call ends the session on a 403 or goes through the error catalogue. */
const own = { endSessionOnForbidden: false, errorCatalogue: false } as const;

/**
 * Auth service: sign-in, sign-up, sign-out, password reset and change, team invitations' links and the CSRF
 * token.
 */
export const authApi = {
  /** Settings › Profile: a new password, given the current one; the user's other sessions end. */
  changePassword: (fields: ChangePasswordInput, signal?: AbortSignal) =>
    authService.post<{ success: true } & PasswordChanged>('change_password/', fields, {
      signal,
      errorCatalogue: false,
    }),

  /** Checks a team invitation link's key (no sign-in needed). */
  checkInvitation: async (key: string, signal?: AbortSignal): Promise<InvitationCheck> =>
    (
      await authService.get<{ success: true; data: InvitationCheck }>('invitation/', {
        query: { key },
        signal,
        ...own,
      })
    ).data,

  /** Accepts a team invitation with a name and a password: creates the user and signs in. */
  acceptInvitation: (fields: AcceptInvitationInput, signal?: AbortSignal) =>
    authService.post<SignInAnswer>('accept_invitation/', fields, { signal, ...own }),

  login: (fields: LoginInput, signal?: AbortSignal) =>
    authService.post<SignInAnswer>('login/', fields, { signal, ...own }),

  /** Asks for an account: the answer is the same for every address; the link to finish it is mailed. */
  signup: (fields: SignupInput, signal?: AbortSignal) =>
    authService.post<MailedAnswer>(
      'signup/',
      { ...fields, organisation_name: fields.organisation_name || undefined },
      { signal, ...own },
    ),

  /** Ends the session on the server (needs the session cookie and the CSRF header). */
  logout: (signal?: AbortSignal) => authService.post<{ success: true }>('logout/', {}, { signal, ...own }),

  checkSignupKey: (signupKey: string, signal?: AbortSignal) =>
    authService.get<{ success: true; email: string }>('confirm_signup/', {
      query: { signup_key: signupKey },
      signal,
      ...own,
    }),

  /** Finishes a sign-up with the mailed key: creates the account and signs in. */
  confirmSignup: (signupKey: string, signal?: AbortSignal) =>
    authService.post<SignInAnswer>('confirm_signup/', { signup_key: signupKey }, { signal, ...own }),

  forgotPassword: (email: string, signal?: AbortSignal) =>
    authService.post<MailedAnswer>('forgot_password/', { email }, { signal, ...own }),

  checkResetKey: (resetKey: string, signal?: AbortSignal) =>
    authService.get<{ success: true; email: string }>('reset_password/', {
      query: { reset_key: resetKey },
      signal,
      ...own,
    }),

  resetPassword: (resetKey: string, password: string, signal?: AbortSignal) =>
    authService.post<MessageAnswer>('reset_password/', { reset_key: resetKey, password }, { signal, ...own }),

  /** The CSRF token of the session the cookie carries (after a sign-in elsewhere). */
  csrfToken: (signal?: AbortSignal) =>
    authService.get<{ success: true; csrf_token: string }>('csrf/', { signal, ...own }),
};

export type AuthApi = typeof authApi;
