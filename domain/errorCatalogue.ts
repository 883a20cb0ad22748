/**
 * The error catalogue, as data: which answers of the request layer do what.
 * - a 200 "permission denied" (or error_code 403): store the path, error 403, back by origin, then
 *   /permission_denied?error=403;
 * - an HTTP 403: end the session and go to sign-in with a redirect back;
 * - HTTP 400, 401, 404, 408 (and a time-out), 500, 503: store the path and set the global error state;
 * - a superseded request: ignored, never shown.
 */
export const GLOBAL_ERROR_STATUSES = [400, 401, 404, 408, 500, 503] as const;
export type GlobalErrorStatus = (typeof GLOBAL_ERROR_STATUSES)[number];

export function isGlobalErrorStatus(status: number): status is GlobalErrorStatus {
  return (GLOBAL_ERROR_STATUSES as readonly number[]).includes(status);
}

/** The errors state: an error type (the status) and the redirect URL (the path to come back to). */
export type ErrorState = { status: number; redirectUrl: string };

export type CatalogueAction = 'permission-denied' | 'end-session' | 'global-error' | 'ignore' | 'report-only';

/** What the request layer does with a failure of this kind and status. */
export function catalogueAction(failure: { kind: string; status: number }): CatalogueAction {
  if (failure.kind === 'canceled') return 'ignore';
  if (failure.kind === 'permission') return 'permission-denied';
  if (failure.kind === 'http' && failure.status === 403) return 'end-session';
  if ((failure.kind === 'http' || failure.kind === 'timeout') && isGlobalErrorStatus(failure.status)) {
    return 'global-error';
  }
  return 'report-only';
}

/** Titles and explanations of the global error page, per status, in words a person understands. */
export const GLOBAL_ERROR_TEXT: Readonly<Record<GlobalErrorStatus, { title: string; body: string }>> = {
  400: {
    title: 'That request could not be handled',
    body: 'Something in the request was not accepted. Go back and check what you entered, then try again.',
  },
  401: {
    title: 'Please sign in again',
    body: 'We could not confirm who you are for that request. Signing in again usually fixes this.',
  },
  404: {
    title: 'We could not find that',
    body: 'What you asked for does not exist any more, or the link is out of date.',
  },
  408: {
    title: 'That took too long',
    body: 'The server did not answer in time. Your connection may be slow, or the server busy. Try again.',
  },
  500: {
    title: 'Something went wrong on our side',
    body: 'The server ran into a problem it could not handle. It is not something you did. Try again in a moment.',
  },
  503: {
    title: 'The service is not available right now',
    body: 'It may be restarting or under maintenance. Try again in a moment.',
  },
};
