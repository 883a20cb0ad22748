import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, demoRecipientUuid, type TestApp } from '../../helpers/testApp.ts';

let t: TestApp;
/** The demo recipient's unsubscribe id, read from the database (it is random). */
let DEMO_PREFERENCE_UUID = '';
beforeAll(async () => {
  t = await createTestApp({ PREFERENCE_CORS_ORIGINS: 'https://prefs.example.test/, https://other.test' });
  DEMO_PREFERENCE_UUID = await demoRecipientUuid(t);
});
afterAll(async () => {
  await t?.close();
});

const details = (origin: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/preference/get_recipient_details/',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
    payload: `unsub_uuid=${DEMO_PREFERENCE_UUID}`,
  });

describe('PREFERENCE_CORS_ORIGINS (public pages on a static host)', () => {
  it('lets a listed origin read the public preference calls', async () => {
    const response = await details('https://prefs.example.test');
    expect(response.statusCode).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBe('https://prefs.example.test');
    expect(response.headers.vary).toContain('Origin');
  });

  it('says nothing to an origin not listed, nor on the signed-in ledger export', async () => {
    expect((await details('https://evil.test')).headers['access-control-allow-origin']).toBeUndefined();
    const ledger = await t.app.inject({
      method: 'GET',
      url: `/api/preference/consent_ledger/?unsub_uuid=${DEMO_PREFERENCE_UUID}`,
      headers: { origin: 'https://prefs.example.test' },
    });
    expect(ledger.headers['access-control-allow-origin']).toBeUndefined();
  });
});
