import { FetchError, ofetch } from 'ofetch';
import { browserTimeZone } from '../../domain/browserTimeZone.ts';
import { catalogueAction } from '../../domain/errorCatalogue.ts';
import {
  CANCELED_MESSAGE,
  GENERIC_FAILURE_MESSAGE,
  type RequestFailure,
} from '../../domain/requestFailure.ts';
import { ApiError } from './ApiError.ts';
import { errorStore } from './errorStore.ts';
import { sessionStore } from './sessionStore.ts';

/**
 * The one request layer (spec 01 sections 7 and 8): credentials included, the CSRF header, the browser
 * time zone as user_tz (query on GET, form field on POST/PUT), time-outs (120 s, 300 s for AI email
 * creation), supersession by request kind, typed errors, and the error catalogue:
 * - a 200 "permission denied" / error_code 403: the path is stored, error 403 set, the permission handler
 *   sends the person back by origin and then to /permission_denied?error=403;
 * - an HTTP 403: the session ends and the forbidden handler goes to sign-in with a redirect back;
 * - HTTP 400, 401, 404, 408 (a time-out too), 500, 503: the path is stored and the global error state set;
 * - a request superseded by a newer one of the same kind fails with CANCELED_MESSAGE and nothing else.
 */
export const DEFAULT_TIMEOUT_MS = 120_000;
/** AI email creation may take up to 5 minutes (spec 01 section 9, spec 02 section 9). */
export const AI_EMAIL_TIMEOUT_MS = 300_000;
export const CSRF_HEADER = 'X-CSRFToken';

export type ScalarValue = string | number | boolean | null | undefined;
export type QueryParams = Record<string, ScalarValue>;
export type FormFields = Record<string, ScalarValue>;

export type RequestOptions = {
  query?: QueryParams;
  /** Cancels the request (the caller's own cancellation). */
  signal?: AbortSignal;
  /**
   * The request's kind (e.g. 'workflow.userEmails'): a new request of the same kind cancels the one in
   * flight, which then fails with CANCELED_MESSAGE (kind 'canceled'), never shown as an error.
   */
  kind?: string;
  /** Default DEFAULT_TIMEOUT_MS (120 s); AI_EMAIL_TIMEOUT_MS (300 s) for AI email creation. */
  timeoutMs?: number;
  /** When false, an HTTP 403 is only reported, the session is kept (the sign-in forms use this). */
  endSessionOnForbidden?: boolean;
  /**
   * When false, a failure is only thrown: no global error state, no permission redirect (the sign-in
   * forms show their own errors).
   */
  errorCatalogue?: boolean;
};

type FailureHandler = (failure: RequestFailure) => void;
let forbiddenHandler: FailureHandler = () => {};
let permissionHandler: FailureHandler = () => {};

/** The app registers what happens after an HTTP 403 (the session is already cleared): go to sign-in. */
export function setForbiddenHandler(handler: FailureHandler): void {
  forbiddenHandler = handler;
}

/**
 * The app registers what happens after a 200 "permission denied" (the path is already stored and error
 * 403 set): back by origin, then /permission_denied?error=403.
 */
export function setPermissionHandler(handler: FailureHandler): void {
  permissionHandler = handler;
}

/** The current address (path, query and hash), stored as the redirect target of a catalogued error. */
export function currentPath(): string {
  if (typeof window === 'undefined') return '/';
  const { pathname, search, hash } = window.location;
  return `${pathname}${search}${hash}`;
}

const inFlightByKind = new Map<string, AbortController>();

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

/** An HTTP answer that is not a success, as the upload transport reports it (ofetch has FetchError). */
class HttpStatusError extends Error {
  constructor(
    readonly status: number,
    readonly data: unknown,
  ) {
    super(`HTTP ${status}`);
  }
}

function toApiError(error: unknown, state: { timedOut: boolean; canceled: boolean }): ApiError {
  if (error instanceof ApiError) return error;
  if (state.canceled) return new ApiError({ kind: 'canceled', status: 0, message: CANCELED_MESSAGE });
  if (state.timedOut) return new ApiError({ kind: 'timeout', status: 408, message: STATUS_MESSAGES[408]! });
  if (
    (error instanceof FetchError || error instanceof HttpStatusError) &&
    typeof error.status === 'number' &&
    error.status > 0
  ) {
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

/** Applies the error catalogue (spec 01 section 8) to a failure, unless the call opted out. */
function applyCatalogue(failure: ApiError, options: RequestOptions): void {
  const action = catalogueAction(failure);
  if (action === 'end-session') {
    if (options.endSessionOnForbidden === false) return;
    sessionStore.end();
    forbiddenHandler(failure);
    return;
  }
  if (options.errorCatalogue === false) return;
  if (action === 'permission-denied') {
    errorStore.set({ status: 403, redirectUrl: currentPath() });
    permissionHandler(failure);
  } else if (action === 'global-error') {
    errorStore.set({ status: failure.status, redirectUrl: currentPath() });
  }
}

type Body = URLSearchParams | FormData | Record<string, unknown>;

/** How a request reaches the server: its answer's parsed body, or a thrown failure. */
type Transport = (
  url: string,
  init: {
    method: Method;
    query: Record<string, string> | QueryParams | undefined;
    body: Body | undefined;
    headers: Record<string, string>;
    signal: AbortSignal;
  },
) => Promise<unknown>;

const fetchTransport: Transport = (url, init) =>
  ofetch<unknown>(url, { ...init, credentials: 'include', retry: 0 });

/**
 * A transport that reports upload progress (fetch reports none): XMLHttpRequest, with the same headers,
 * credentials, cancellation and failures as the fetch one.
 */
function uploadTransport(onProgress: (sent: number, total: number) => void): Transport {
  return (url, init) =>
    new Promise((resolve, reject) => {
      const request = new XMLHttpRequest();
      const query = new URLSearchParams();
      for (const [key, value] of Object.entries(init.query ?? {}))
        if (value !== undefined && value !== null) query.set(key, String(value));
      request.open(init.method, query.size > 0 ? `${url}?${query}` : url);
      request.withCredentials = true;
      for (const [name, value] of Object.entries(init.headers)) request.setRequestHeader(name, value);
      request.upload.onprogress = (event) => {
        if (event.lengthComputable) onProgress(event.loaded, event.total);
      };
      request.onload = () => {
        let data: unknown = request.responseText;
        try {
          data = JSON.parse(request.responseText);
        } catch {
          // Not JSON: the text itself.
        }
        if (request.status >= 200 && request.status < 300) resolve(data);
        else reject(new HttpStatusError(request.status, data));
      };
      request.onerror = () => reject(new TypeError('The request could not be sent.'));
      request.onabort = () => reject(new DOMException('The request was canceled.', 'AbortError'));
      if (init.signal.aborted) return reject(new DOMException('The request was canceled.', 'AbortError'));
      init.signal.addEventListener('abort', () => request.abort(), { once: true });
      request.send(init.body as XMLHttpRequestBodyInit);
    });
}

async function send<T>(
  method: Method,
  url: string,
  options: RequestOptions,
  body?: Body,
  transport: Transport = fetchTransport,
): Promise<T> {
  // Time-out and supersession are plain AbortControllers driven by setTimeout, so fake timers drive them.
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const supersede = new AbortController();
  if (options.kind) {
    inFlightByKind.get(options.kind)?.abort();
    inFlightByKind.set(options.kind, supersede);
  }
  const signals = [timeout.signal, supersede.signal];
  if (options.signal) signals.push(options.signal);
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = sessionStore.csrfToken();
  if (token) headers[CSRF_HEADER] = token;
  try {
    const answer = await transport(url, {
      method,
      query: method === 'GET' ? withTimeZone(options.query) : options.query,
      body,
      headers,
      signal: anySignal(signals),
    });
    // A newer request of the same kind may have started while this answer was read: it wins.
    if (supersede.signal.aborted)
      throw new ApiError({ kind: 'canceled', status: 0, message: CANCELED_MESSAGE });
    return checkAnswer<T>(answer);
  } catch (error) {
    const failure = toApiError(error, {
      timedOut: timeout.signal.aborted,
      canceled: options.signal?.aborted === true || supersede.signal.aborted,
    });
    applyCatalogue(failure, options);
    throw failure;
  } finally {
    clearTimeout(timer);
    if (options.kind && inFlightByKind.get(options.kind) === supersede) inFlightByKind.delete(options.kind);
  }
}

export function apiGet<T>(url: string, options: RequestOptions = {}): Promise<T> {
  return send<T>('GET', url, options);
}

export function apiPost<T>(url: string, fields?: FormFields, options: RequestOptions = {}): Promise<T> {
  return send<T>('POST', url, options, toFormBody(fields));
}

/** A POST with a JSON body, for the few calls whose input is a document (e.g. the simulator's draft flow). */
export function apiPostJson<T>(
  url: string,
  body: Record<string, unknown>,
  options: RequestOptions = {},
): Promise<T> {
  return send<T>('POST', url, options, body);
}

/** What a multipart POST may add: how much of the body has been sent (upload progress). */
export type UploadOptions = RequestOptions & { onProgress?: (sent: number, total: number) => void };

/**
 * A multipart POST (a file upload: the image upload of the designer); with onProgress it goes through
 * XMLHttpRequest, which reports how much of the file has been sent.
 */
export function apiPostForm<T>(url: string, form: FormData, options: UploadOptions = {}): Promise<T> {
  return send<T>(
    'POST',
    url,
    options,
    form,
    options.onProgress ? uploadTransport(options.onProgress) : undefined,
  );
}

export function apiPut<T>(url: string, fields?: FormFields, options: RequestOptions = {}): Promise<T> {
  return send<T>('PUT', url, options, toFormBody(fields));
}
