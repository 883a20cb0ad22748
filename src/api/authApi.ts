import type { UserData } from '../domain/userData.ts';
import { apiGet, apiPost } from './client.ts';
import { serviceBases } from './serviceBases.ts';

export type SignInAnswer = { success: true; csrf_token: string; user: UserData };
export type MessageAnswer = { success: true; message: string };

export type LoginFields = { email: string; password: string };
export type SignupFields = {
  first_name: string;
  last_name: string;
  email: string;
  password: string;
  organisation_name?: string;
};

const url = (path: string) => `${serviceBases.auth}${path}`;

/**
 * Auth service: sign-in, sign-up, sign-out, password reset and the CSRF token. Its screens show their own
 * errors: no call here ends the session on a 403 or goes through the error catalogue.
 */
export const authApi = {
  login: (fields: LoginFields, signal?: AbortSignal) =>
    apiPost<SignInAnswer>(url('login/'), fields, {
      signal,
      endSessionOnForbidden: false,
      errorCatalogue: false,
    }),

  /** Asks for an account: the answer is the same for every address; the link to finish it is mailed. */
  signup: (fields: SignupFields, signal?: AbortSignal) =>
    apiPost<MessageAnswer>(
      url('signup/'),
      { ...fields, organisation_name: fields.organisation_name || undefined },
      {
        signal,
        endSessionOnForbidden: false,
        errorCatalogue: false,
      },
    ),

  /** Ends the session on the server (needs the session cookie and the CSRF header). */
  logout: (signal?: AbortSignal) =>
    apiPost<{ success: true }>(
      url('logout/'),
      {},
      { signal, endSessionOnForbidden: false, errorCatalogue: false },
    ),

  checkSignupKey: (signupKey: string, signal?: AbortSignal) =>
    apiGet<{ success: true; email: string }>(url('confirm_signup/'), {
      query: { signup_key: signupKey },
      signal,
      endSessionOnForbidden: false,
      errorCatalogue: false,
    }),

  /** Finishes a sign-up with the mailed key: creates the account and signs in. */
  confirmSignup: (signupKey: string, signal?: AbortSignal) =>
    apiPost<SignInAnswer>(
      url('confirm_signup/'),
      { signup_key: signupKey },
      { signal, endSessionOnForbidden: false, errorCatalogue: false },
    ),

  forgotPassword: (email: string, signal?: AbortSignal) =>
    apiPost<MessageAnswer>(
      url('forgot_password/'),
      { email },
      { signal, endSessionOnForbidden: false, errorCatalogue: false },
    ),

  checkResetKey: (resetKey: string, signal?: AbortSignal) =>
    apiGet<{ success: true; email: string }>(url('reset_password/'), {
      query: { reset_key: resetKey },
      signal,
      endSessionOnForbidden: false,
      errorCatalogue: false,
    }),

  resetPassword: (resetKey: string, password: string, signal?: AbortSignal) =>
    apiPost<MessageAnswer>(
      url('reset_password/'),
      { reset_key: resetKey, password },
      {
        signal,
        endSessionOnForbidden: false,
        errorCatalogue: false,
      },
    ),

  /** The CSRF token of the session the cookie carries (after a sign-in elsewhere). */
  csrfToken: (signal?: AbortSignal) =>
    apiGet<{ success: true; csrf_token: string }>(url('csrf/'), {
      signal,
      endSessionOnForbidden: false,
      errorCatalogue: false,
    }),
};
