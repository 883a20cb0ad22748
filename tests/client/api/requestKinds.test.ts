import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browserTimeZone } from '../../../domain/browserTimeZone.ts';
import { CANCELED_MESSAGE } from '../../../domain/requestFailure.ts';
import { AI_EMAIL_TIMEOUT_MS, apiGet, apiPost, apiPut, DEFAULT_TIMEOUT_MS } from '../../../src/api/client.ts';
import { errorStore } from '../../../src/api/errorStore.ts';
import { hanging, json, stubFetch } from './fetchStub.ts';

let fetchStub: ReturnType<typeof stubFetch>;

beforeEach(() => {
  fetchStub = stubFetch();
  errorStore.reset();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  errorStore.reset();
});

/** Settles a promise into a readable outcome without throwing. */
function outcome<T>(promise: Promise<T>) {
  const state: { settled: boolean; value?: T; error?: unknown } = { settled: false };
  promise.then(
    (value) => Object.assign(state, { settled: true, value }),
    (error: unknown) => Object.assign(state, { settled: true, error }),
  );
  return state;
}

describe('user_tz on every call', () => {
  it('GET: a query parameter', async () => {
    await apiGet('/api/workflow/get_user_workflows/', { query: { offset: 0 } });
    const url = new URL(fetchStub.calls[0]!.url, 'http://x.test');
    expect(url.searchParams.get('user_tz')).toBe(browserTimeZone());
    expect(url.searchParams.get('offset')).toBe('0');
  });

  it('POST and PUT: a form field', async () => {
    await apiPost('/api/workflow/create_workflow/', { trigger_id: 7 });
    await apiPut('/api/workflow/x/', { name: 'n' });
    for (const call of fetchStub.calls) {
      const body = call.init.body as URLSearchParams;
      expect(body.get('user_tz')).toBe(browserTimeZone());
      expect(new URL(call.url, 'http://x.test').searchParams.has('user_tz')).toBe(false);
    }
    expect((fetchStub.calls[0]!.init.body as URLSearchParams).get('trigger_id')).toBe('7');
  });
});

describe('supersession by kind', () => {
  it('a new request of the same kind cancels the one in flight with exactly the spec message', async () => {
    fetchStub.setAnswer(hanging);
    const first = apiGet('/api/workflow/get_user_emails/', {
      kind: 'workflow.userEmails',
      query: { offset: 0 },
    });
    fetchStub.setAnswer(async () => json({ success: true, data: 'second' }));
    const second = apiGet('/api/workflow/get_user_emails/', {
      kind: 'workflow.userEmails',
      query: { offset: 20 },
    });
    const error = await first.catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'canceled', status: 0 });
    expect((error as Error).message).toBe('Operation canceled due to new request.');
    expect((error as Error).message).toBe(CANCELED_MESSAGE);
    await expect(second).resolves.toEqual({ success: true, data: 'second' });
    expect(fetchStub.calls[0]!.init.signal?.aborted).toBe(true);
    expect(fetchStub.calls[1]!.init.signal?.aborted).toBe(false);
  });

  it('requests of different kinds, or without a kind, do not cancel each other', async () => {
    const gates: (() => void)[] = [];
    fetchStub.setAnswer(
      () =>
        new Promise((resolve) => {
          gates.push(() => resolve(json({ success: true })));
        }),
    );
    const a = apiGet('/api/a/', { kind: 'a' });
    const b = apiGet('/api/b/', { kind: 'b' });
    const c = apiGet('/api/c/');
    const d = apiGet('/api/c/');
    await vi.waitFor(() => expect(gates).toHaveLength(4));
    for (const open of gates) open();
    await expect(Promise.all([a, b, c, d])).resolves.toHaveLength(4);
  });

  it('an answer that arrives after a newer request started is dropped', async () => {
    let release: (() => void) | undefined;
    fetchStub.setAnswer(
      () =>
        new Promise((resolve) => {
          release = () => resolve(json({ success: true, data: 'old' }));
        }),
    );
    const first = apiGet('/api/x/', { kind: 'x' });
    await vi.waitFor(() => expect(release).toBeDefined());
    fetchStub.setAnswer(async () => json({ success: true, data: 'new' }));
    const second = apiGet('/api/x/', { kind: 'x' });
    release?.();
    await expect(first).rejects.toMatchObject({ kind: 'canceled' });
    await expect(second).resolves.toMatchObject({ data: 'new' });
  });
});

describe('time-outs (fake timers)', () => {
  it('120 s by default: still waiting just before, a 408 time-out at 120 s', async () => {
    vi.useFakeTimers();
    fetchStub.setAnswer(hanging);
    const state = outcome(apiGet('/api/workflow/get_user_workflows/'));
    await vi.advanceTimersByTimeAsync(DEFAULT_TIMEOUT_MS - 1);
    expect(state.settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(state.settled).toBe(true);
    expect(state.error).toMatchObject({ kind: 'timeout', status: 408 });
    expect(DEFAULT_TIMEOUT_MS).toBe(120_000);
  });

  it('300 s for AI email creation', async () => {
    vi.useFakeTimers();
    fetchStub.setAnswer(hanging);
    expect(AI_EMAIL_TIMEOUT_MS).toBe(300_000);
    const state = outcome(apiPost('/api/campaign/ai_email/', {}, { timeoutMs: AI_EMAIL_TIMEOUT_MS }));
    await vi.advanceTimersByTimeAsync(DEFAULT_TIMEOUT_MS);
    expect(state.settled).toBe(false);
    await vi.advanceTimersByTimeAsync(AI_EMAIL_TIMEOUT_MS - DEFAULT_TIMEOUT_MS - 1);
    expect(state.settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(state.error).toMatchObject({ kind: 'timeout', status: 408 });
  });

  it('a request that answers in time leaves no timer behind', async () => {
    vi.useFakeTimers();
    await apiGet('/api/quick/');
    expect(vi.getTimerCount()).toBe(0);
  });
});
