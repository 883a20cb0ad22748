import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiPostForm } from '../../../src/api/client.ts';
import { sessionStore } from '../../../src/api/sessionStore.ts';

/** An XMLHttpRequest stand-in: records what was sent and answers when told to. */
class FakeRequest {
  static last: FakeRequest | null = null;
  method = '';
  url = '';
  withCredentials = false;
  headers: Record<string, string> = {};
  body: unknown = null;
  status = 0;
  responseText = '';
  aborted = false;
  upload: {
    onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
  } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeRequest.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStore.end();
  FakeRequest.last = null;
});

function upload(onProgress: (sent: number, total: number) => void, signal?: AbortSignal) {
  vi.stubGlobal('XMLHttpRequest', FakeRequest);
  sessionStore.begin('csrf-9');
  const form = new FormData();
  form.append('file', new Blob(['png']), 'a.png');
  return {
    form,
    done: apiPostForm<{ success: true; data: { url: string } }>('/api/publish/upload_image/', form, {
      onProgress,
      signal,
    }),
  };
}

describe('a multipart upload with progress', () => {
  it('sends the form with credentials and the CSRF header, reports progress, and reads the answer', async () => {
    const progress: number[] = [];
    const { form, done } = upload((sent, total) => progress.push(sent / total));
    const request = FakeRequest.last as FakeRequest;
    expect([request.method, request.url, request.withCredentials]).toEqual([
      'POST',
      '/api/publish/upload_image/',
      true,
    ]);
    expect(request.headers['X-CSRFToken']).toBe('csrf-9');
    expect(request.body).toBe(form);
    request.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 200 });
    request.upload.onprogress?.({ lengthComputable: true, loaded: 200, total: 200 });
    request.answer(200, { success: true, data: { url: '/uploads/x.png' } });
    await expect(done).resolves.toEqual({ success: true, data: { url: '/uploads/x.png' } });
    expect(progress).toEqual([0.25, 1]);
  });

  it('a refusal is the server’s message; a cancel is "canceled"', async () => {
    const refused = upload(() => {});
    (FakeRequest.last as FakeRequest).answer(400, { success: false, message: 'That file is not an image.' });
    await expect(refused.done).rejects.toMatchObject({
      kind: 'http',
      status: 400,
      message: 'That file is not an image.',
    });
    const controller = new AbortController();
    const canceled = upload(() => {}, controller.signal);
    controller.abort();
    await expect(canceled.done).rejects.toMatchObject({ kind: 'canceled' });
    expect(FakeRequest.last?.aborted).toBe(true);
  });
});
