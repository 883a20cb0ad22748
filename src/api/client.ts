import { FetchError, ofetch } from 'ofetch';
import { CANCELED_MESSAGE, GENERIC_FAILURE_MESSAGE, type RequestFailure } from '../domain/requestFailure.ts';
import { ApiError } from './ApiError.ts';
import { sessionStore } from './sessionStore.ts';

/**
 * The one request layer (spec 01 section 7, "Common to all calls"): credentials included, the CSRF header,
 * the browser time zone as user_tz (query on GET, form field on POST/PUT), a 120 s time-out, and typed
 * errors. An HTTP 403 ends the session and hands over to the forbidden handler (sign-in).
 */
export const DEFAULT_TIMEOUT_MS = 120_000;
export const CSRF_HEADER = 'X-CSRFToken';

export type ScalarValue = string | number | boolean | null | undefined;
export type QueryParams = Record<string, ScalarValue>;
export type FormFields = Record<string, ScalarValue>;

export type RequestOptions = {
  query?: QueryParams;
  /** Cancels the request (a newer request of the same kind supersedes it). */
  signal?: AbortSignal;
  timeoutMs?: number;
  /** When false, an HTTP 403 is only reported, the session is kept (the sign-in forms use this). */
  endSessionOnForbidden?: boolean;
};

type ForbiddenHandler = (failure: RequestFailure) => void;
let forbiddenHandler: ForbiddenHandler = () => {};

/** The app registers what happens after an HTTP 403 (the session is already cleared): go to sign-in. */
export function setForbiddenHandler(handler: ForbiddenHandler): void {
  forbiddenHandler = handler;
}

export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

function withTimeZone(params: Record<string, ScalarValue> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value !== undefined && value !== null) out[key] = String(value);
  }
  out.user_tz = browserTimeZone();
  return out;
}

/** Form body of a POST/PUT, user_tz included. */
export function toFormBody(fields: FormFields | undefined): URLSearchParams {
  return new URLSearchParams(withTimeZone(fields));
}

const STATUS_MESSAGES: Record<number, string> = {
  400: 'The request was not accepted. Check what you entered and try again.',
  401: 'Please sign in to continue.',
  403: 'Your session has ended. Please sign in again.',
  404: 'We could not find what you asked for.',
  408: 'The server took too long to answer. Try again.',
  429: 'Too many attempts. Wait a minute and try again.',
  503: 'The service is not available right now. Try again in a moment.',
};

function messageFrom(body: unknown): string | null {
  if (body && typeof body === 'object' && 'message' in body) {
    const message = (body as { message: unknown }).message;
    if (typeof message === 'string' && message.trim()) return message;
  }
  return null;
}

function isPermissionDenied(body: { message?: unknown; error_code?: unknown }): boolean {
  return body.error_code === 403 || body.error_code === '403' || body.message === 'permission denied';
}

/** A 200 answer with success false is a failure too: "permission denied" or a server message. */
function checkAnswer<T>(body: unknown): T {
  if (body && typeof body === 'object' && (body as { success?: unknown }).success === false) {
    const shaped = body as { message?: unknown; error_code?: unknown };
    if (isPermissionDenied(shaped)) {
      throw new ApiError(
        { kind: 'permission', status: 403, message: 'You do not have permission to see this.' },
        body,
      );
    }
    throw new ApiError(
      { kind: 'rejected', status: 200, message: messageFrom(body) ?? GENERIC_FAILURE_MESSAGE },
      body,
    );
  }
  return body as T;
}

function toApiError(error: unknown, state: { timedOut: boolean; canceled: boolean }): ApiError {
  if (error instanceof ApiError) return error;
  if (state.canceled) return new ApiError({ kind: 'canceled', status: 0, message: CANCELED_MESSAGE });
  if (state.timedOut) return new ApiError({ kind: 'timeout', status: 408, message: STATUS_MESSAGES[408]! });
  if (error instanceof FetchError && typeof error.status === 'number' && error.status > 0) {
    const status = error.status;
    const fallback =
      STATUS_MESSAGES[status] ??
      (status >= 500 ? 'Something went wrong on our side. Please try again.' : GENERIC_FAILURE_MESSAGE);
    return new ApiError({ kind: 'http', status, message: messageFrom(error.data) ?? fallback }, error.data);
  }
  return new ApiError({ kind: 'network', status: 0, message: GENERIC_FAILURE_MESSAGE });
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** AbortSignal.any where the browser has it, an equivalent where it does not (Safari before 17.4). */
function anySignal(signals: AbortSignal[]): AbortSignal {
  if (typeof AbortSignal.any === 'function') return AbortSignal.any(signals);
  const controller = new AbortController();
  for (const signal of signals) {
    if (signal.aborted) {
      controller.abort(signal.reason);
      break;
    }
    signal.addEventListener('abort', () => controller.abort(signal.reason), { once: true });
  }
  return controller.signal;
}

async function send<T>(
  method: Method,
  url: string,
  options: RequestOptions,
  body?: URLSearchParams,
): Promise<T> {
  const timeout = AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const signal = options.signal ? anySignal([options.signal, timeout]) : timeout;
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = sessionStore.csrfToken();
  if (token) headers[CSRF_HEADER] = token;
  try {
    const answer = await ofetch<unknown>(url, {
      method,
      query: method === 'GET' ? withTimeZone(options.query) : options.query,
      body,
      headers,
      credentials: 'include',
      signal,
      retry: 0,
    });
    return checkAnswer<T>(answer);
  } catch (error) {
    const failure = toApiError(error, {
      timedOut: timeout.aborted,
      canceled: options.signal?.aborted === true,
    });
    if (failure.kind === 'http' && failure.status === 403 && options.endSessionOnForbidden !== false) {
      sessionStore.end();
      forbiddenHandler(failure);
    }
    throw failure;
  }
}

export function apiGet<T>(url: string, options: RequestOptions = {}): Promise<T> {
  return send<T>('GET', url, options);
}

export function apiPost<T>(url: string, fields?: FormFields, options: RequestOptions = {}): Promise<T> {
  return send<T>('POST', url, options, toFormBody(fields));
}

export function apiPut<T>(url: string, fields?: FormFields, options: RequestOptions = {}): Promise<T> {
  return send<T>('PUT', url, options, toFormBody(fields));
}
