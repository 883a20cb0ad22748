import { vi } from 'vitest';

export type Captured = { url: string; init: RequestInit };
export type Answer = (url: string, init: RequestInit) => Promise<Response>;

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** An answer that never comes: it fails only when the request's signal aborts. */
export const hanging: Answer = (_url, init) =>
  new Promise((_resolve, reject) => {
    init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
  });

/** Replaces global fetch; `calls` records every request and `answer` can be changed per test. */
export function stubFetch(): { calls: Captured[]; answer: Answer; setAnswer: (next: Answer) => void } {
  const state = {
    calls: [] as Captured[],
    answer: (async () => json({ success: true })) as Answer,
    setAnswer(next: Answer) {
      state.answer = next;
    },
  };
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    state.calls.push({ url, init });
    return state.answer(url, init);
  });
  return state;
}
