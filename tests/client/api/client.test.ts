import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browserTimeZone } from '../../../domain/browserTimeZone.ts';
import { CANCELED_MESSAGE } from '../../../domain/requestFailure.ts';
import { ApiError } from '../../../src/api/ApiError.ts';
import { apiGet, apiPost, setForbiddenHandler } from '../../../src/api/client.ts';
import { sessionStore } from '../../../src/api/sessionStore.ts';

type Captured = { url: string; init: RequestInit };

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

let calls: Captured[] = [];
let answer: (url: string, init: RequestInit) => Promise<Response>;

beforeEach(() => {
  calls = [];
  answer = async () => json({ success: true });
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    calls.push({ url, init });
    return answer(url, init);
  });
  sessionStore.begin('csrf-123');
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  setForbiddenHandler(() => {});
  sessionStore.end();
});

function header(init: RequestInit, name: string): string | null {
  return new Headers(init.headers).get(name);
}

describe('request layer', () => {
  it('GET sends user_tz as a query parameter, credentials and the CSRF header', async () => {
    await apiGet('/api/user/user_data/', { query: { offset: 20, limit: 10, empty: undefined } });
    const call = calls[0]!;
    const url = new URL(call.url, 'http://x.test');
    expect(url.searchParams.get('user_tz')).toBe(browserTimeZone());
    expect(url.searchParams.get('offset')).toBe('20');
    expect(url.searchParams.has('empty')).toBe(false);
    expect(call.init.credentials).toBe('include');
    expect(header(call.init, 'X-CSRFToken')).toBe('csrf-123');
  });

  it('POST sends form data with user_tz as a field, not in the query', async () => {
    await apiPost('/api/auth/logout/', { reason: 'done' });
    const call = calls[0]!;
    expect(call.init.method).toBe('POST');
    expect(call.init.body).toBeInstanceOf(URLSearchParams);
    const body = call.init.body as URLSearchParams;
    expect(body.get('user_tz')).toBe(browserTimeZone());
    expect(body.get('reason')).toBe('done');
    expect(new URL(call.url, 'http://x.test').searchParams.has('user_tz')).toBe(false);
    expect(header(call.init, 'X-CSRFToken')).toBe('csrf-123');
  });

  it('an HTTP error carries the status and the server message', async () => {
    answer = async () => json({ success: false, message: 'Incorrect email or password.' }, 400);
    const error = await apiPost('/api/auth/login/', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'http', status: 400, message: 'Incorrect email or password.' });
  });

  it('a 500 without a message gets a readable one', async () => {
    answer = async () => new Response('oops', { status: 500 });
    await expect(apiGet('/api/x/')).rejects.toMatchObject({
      kind: 'http',
      status: 500,
      message: /Something went wrong/,
    });
  });

  it('HTTP 403 ends the session and calls the forbidden handler', async () => {
    const handler = vi.fn();
    setForbiddenHandler(handler);
    answer = async () =>
      json({ success: false, message: 'Your session has expired. Please sign in again.' }, 403);
    await expect(apiGet('/api/user/user_data/')).rejects.toMatchObject({ status: 403 });
    expect(sessionStore.hasSession()).toBe(false);
    expect(sessionStore.csrfToken()).toBeNull();
    expect(handler).toHaveBeenCalledWith(expect.objectContaining({ status: 403 }));
  });

  it('HTTP 403 on a call that opts out keeps the session', async () => {
    const handler = vi.fn();
    setForbiddenHandler(handler);
    answer = async () => json({ success: false, message: 'no' }, 403);
    await expect(apiGet('/api/auth/csrf/', { endSessionOnForbidden: false })).rejects.toMatchObject({
      status: 403,
    });
    expect(sessionStore.hasSession()).toBe(true);
    expect(handler).not.toHaveBeenCalled();
  });

  it('a 200 "permission denied" answer is a permission failure, the session is kept', async () => {
    answer = async () => json({ success: false, message: 'permission denied', error_code: 403 });
    await expect(apiGet('/api/user/outbox/')).rejects.toMatchObject({ kind: 'permission', status: 403 });
    expect(sessionStore.hasSession()).toBe(true);
  });

  it('a 200 with success false and a message is a rejected failure with that message', async () => {
    answer = async () => json({ success: false, message: 'No workflow matches.' });
    await expect(apiGet('/api/workflow/x/')).rejects.toMatchObject({
      kind: 'rejected',
      message: 'No workflow matches.',
    });
  });

  it('a request cancelled by its caller is "canceled" with the spec message', async () => {
    answer = (_url, init) =>
      new Promise((_resolve, reject) => {
        init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      });
    const controller = new AbortController();
    const pending = apiGet('/api/slow/', { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ kind: 'canceled', message: CANCELED_MESSAGE });
  });

  it('a request that takes longer than its time-out fails with 408', async () => {
    answer = (_url, init) =>
      new Promise((_resolve, reject) => {
        init.signal?.addEventListener('abort', () => reject(new DOMException('timed out', 'TimeoutError')));
      });
    await expect(apiGet('/api/slow/', { timeoutMs: 20 })).rejects.toMatchObject({
      kind: 'timeout',
      status: 408,
    });
  });

  it('a network failure is reported without a status', async () => {
    answer = async () => {
      throw new TypeError('Failed to fetch');
    };
    await expect(apiGet('/api/x/')).rejects.toMatchObject({ kind: 'network', status: 0 });
  });

  it('no CSRF header is sent when there is no token', async () => {
    sessionStore.end();
    await apiGet('/api/x/');
    expect(header(calls[0]!.init, 'X-CSRFToken')).toBeNull();
  });
});
