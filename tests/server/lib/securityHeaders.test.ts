import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/testApp.ts';

const apps: TestApp[] = [];
afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
});

async function app(env: Record<string, string> = {}) {
  const t = await createTestApp(env);
  apps.push(t);
  return t;
}

describe('security headers', () => {
  it('forbid framing on every answer, the API docs and the public pages included', async () => {
    const t = await app();
    for (const url of [
      '/api/docs',
      '/api/docs/json',
      '/unsub/2b1f3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
      '/api/user/user_data/',
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.headers['x-frame-options'], url).toBe('DENY');
      expect(String(response.headers['content-security-policy']), url).toContain("frame-ancestors 'none'");
    }
  }, 120_000);

  it("send HSTS only over https, and believe a proxy's X-Forwarded-Proto only when it is trusted", async () => {
    const direct = await app();
    const plain = await direct.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const spoofed = await direct.app.inject({
      method: 'GET',
      url: '/api/docs/json',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();

    const proxied = await app({ TRUST_PROXY: '127.0.0.1' });
    const viaProxy = await proxied.app.inject({
      method: 'GET',
      url: '/api/docs/json',
      headers: { 'x-forwarded-proto': 'https' },
      remoteAddress: '127.0.0.1',
    });
    expect(viaProxy.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const untrustedHop = await proxied.app.inject({
      method: 'GET',
      url: '/api/docs/json',
      headers: { 'x-forwarded-proto': 'https' },
      remoteAddress: '10.9.8.7',
    });
    expect(untrustedHop.headers['strict-transport-security']).toBeUndefined();
  }, 120_000);
});
