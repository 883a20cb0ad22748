import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CROSS_SITE_MESSAGE } from '../../../server/lib/refuseCrossSiteWrites.ts';
import { DEMO_LOGIN } from '../../../server/seed/demoAccounts.ts';
import { createTestApp, form, signIn, type TestApp } from '../../helpers/testApp.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    AUTH_RATE_LIMIT: '1000',
    PUBLIC_ORIGIN: 'https://workbench.example',
    PREFERENCE_CORS_ORIGINS: 'https://pages.example',
  });
});
afterAll(async () => {
  await t?.close();
});

const login = (headers: Record<string, string>) =>
  form(t.app, 'POST', '/api/auth/login/', { ...DEMO_LOGIN }, undefined, { headers });

describe('state-changing requests from another site', () => {
  it('refuses a cross-site sign-in, by Sec-Fetch-Site or by Origin, and signs no one in', async () => {
    for (const headers of <Record<string, string>[]>[
      { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
      { origin: 'https://evil.example' },
      { origin: 'null' },
    ]) {
      const response = await login(headers);
      expect(response.statusCode, JSON.stringify(headers)).toBe(403);
      expect(response.json()).toEqual({ success: false, message: CROSS_SITE_MESSAGE });
      expect(response.headers['set-cookie']).toBeUndefined();
    }
  });

  it('refuses a cross-site sign-up and a cross-site write of a signed-in person', async () => {
    const signup = await form(
      t.app,
      'POST',
      '/api/auth/signup/',
      {
        first_name: 'Eve',
        last_name: 'Elsewhere',
        email: 'eve@evil.example',
        password: 'Quiet-harbour-lantern-73',
      },
      undefined,
      { headers: { 'sec-fetch-site': 'cross-site' } },
    );
    expect(signup.statusCode).toBe(403);
    const session = await signIn(t.app, DEMO_LOGIN);
    const logout = await form(t.app, 'POST', '/api/auth/logout/', {}, session, {
      headers: { origin: 'https://evil.example' },
    });
    expect(logout.statusCode).toBe(403);
  });

  it('lets same-origin, same-site and header-less clients through', async () => {
    for (const headers of <Record<string, string>[]>[
      { 'sec-fetch-site': 'same-origin', origin: 'https://workbench.example' },
      { 'sec-fetch-site': 'same-site', origin: 'https://app.workbench.example' },
      { origin: 'https://workbench.example' },
      { origin: 'http://localhost:80' },
      {},
    ]) {
      expect((await login(headers)).statusCode, JSON.stringify(headers)).toBe(200);
    }
  });

  it('lets the allowed public-pages origin post to the preference service only', async () => {
    const headers = { 'sec-fetch-site': 'cross-site', origin: 'https://pages.example' };
    expect((await login(headers)).statusCode).toBe(403);
    const preference = await form(
      t.app,
      'POST',
      '/api/preference/update_preference/',
      { unsub_uuid: '2b1f3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d' },
      undefined,
      { headers },
    );
    expect(preference.statusCode).not.toBe(403);
  });
});
