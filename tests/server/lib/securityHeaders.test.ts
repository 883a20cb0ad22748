import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, demoRecipientUuid, type TestApp } from '../../helpers/testApp.ts';

const apps: TestApp[] = [];
afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
});

async function app(env: Record<string, string> = {}, serveClient = false) {
  const t = await createTestApp(env, { serveClient });
  apps.push(t);
  return t;
}

/** A Content-Security-Policy header as a map of directive to its value. */
function directives(header: unknown): Record<string, string> {
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => {
        const [name = '', ...values] = part.split(/\s+/);
        return [name, values.join(' ')];
      }),
  );
}

/** A stand-in client build: the two index.html files the server serves, as Vite writes them. */
function fakeClientBuild(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'wb-csp-dist-'));
  const page = (script: string) =>
    `<!doctype html><html lang="en"><head><title>T</title><script type="module" src="${script}"></script></head><body><div id="root"></div></body></html>`;
  mkdirSync(path.join(dir, 'workbench'));
  mkdirSync(path.join(dir, 'public'));
  writeFileSync(path.join(dir, 'workbench', 'index.html'), page('/assets/index.js'));
  writeFileSync(path.join(dir, 'public', 'index.html'), page('/p/assets/index.js'));
  return dir;
}

const STRICT_PAGE = {
  'default-src': "'self'",
  'script-src': "'self'",
  'style-src': "'self'",
  'object-src': "'none'",
  'base-uri': "'none'",
  'form-action': "'self'",
  'frame-ancestors': "'none'",
};

describe('security headers', () => {
  it('give the workbench, the public pages and the API a strict Content-Security-Policy, the docs their own', async () => {
    const dist = fakeClientBuild();
    try {
      const t = await app({ DIST_DIR: dist }, true);
      const uuid = await demoRecipientUuid(t);
      const pages = {
        workbench: '/',
        'a workbench route': '/automation/workflows',
        'a public page': `/unsub/${uuid}`,
        'the unsubscribe page': `/unsub/i2c/${uuid}`,
        'an unknown public link': '/unsub/not-a-link',
        'the saved page': '/unsub-success',
        'a forged click link': '/t/c/AAAAAAAAAAAAAAAAAAAAAA/0',
        'an API answer': '/api/user/user_data/',
      };
      for (const [kind, url] of Object.entries(pages)) {
        const response = await t.app.inject({ method: 'GET', url });
        const policy = directives(response.headers['content-security-policy']);
        expect(policy, kind).toMatchObject(STRICT_PAGE);
        expect(policy['script-src'], kind).not.toContain('unsafe');
        expect(policy['style-src'], kind).not.toContain('unsafe');
        expect(response.headers['x-frame-options'], kind).toBe('DENY');
        // No style attribute in HTML from the server: the policy would block it (React's, in the browser, go
        // through the CSSOM, which it allows).
        if (String(response.headers['content-type']).includes('html')) {
          expect(response.body, kind).not.toMatch(/<[^>]+\sstyle="/);
        }
      }
      // The public page's data rides in a JSON block, which no policy runs; no other inline script.
      const publicPage = (await t.app.inject({ method: 'GET', url: `/unsub/${uuid}` })).body;
      const scripts = publicPage.match(/<script[^>]*>/g) ?? [];
      expect(scripts).toEqual([
        '<script type="module" src="/p/assets/index.js">',
        expect.stringMatching(/^<script id="[^"]+" type="application\/json">$/),
      ]);
      expect(publicPage).not.toMatch(/\sstyle="/);

      const docs = directives(
        (await t.app.inject({ method: 'GET', url: '/api/docs' })).headers['content-security-policy'],
      );
      const { 'style-src': _style, ...strict } = STRICT_PAGE;
      expect(docs).toMatchObject({ ...strict, 'frame-src': "'none'" });
      // One inline style, Swagger UI's own, by its hash: never 'unsafe-inline'.
      expect(docs['style-src']).toMatch(/^'self' 'sha256-[A-Za-z0-9+/]+=*'$/);
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  }, 120_000);

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
