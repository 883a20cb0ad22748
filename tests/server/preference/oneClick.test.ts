import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/testApp.ts';
import { BASE, preferenceTestKit, UNKNOWN_ANSWER, UNKNOWN_UUID } from './preferenceTestKit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_RATE_LIMIT: '100000' });
});
afterAll(async () => {
  await t?.close();
});

const { details, recipient, contactStatus, fingerprint, ledger } = preferenceTestKit(() => t);

const url = (uuid: string) => `${BASE}/one_click/${uuid}/`;

/** The POST a mail provider sends (RFC 8058): no cookie, no CSRF token. */
const postUrlencoded = (uuid: string, payload = 'List-Unsubscribe=One-Click') =>
  t.app.inject({
    method: 'POST',
    url: url(uuid),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload,
  });

const postMultipart = (uuid: string, value = 'One-Click') => {
  const boundary = '----one-click-test';
  return t.app.inject({
    method: 'POST',
    url: url(uuid),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\n${value}\r\n--${boundary}--\r\n`,
  });
};

describe('POST one_click/{unsub_uuid}/ (RFC 8058)', () => {
  it('unsubscribes with an urlencoded body and answers 200 with no redirect', async () => {
    const uuid = await recipient(20);
    expect((await details(uuid)).unsub_all).toBe('0');
    const response = await postUrlencoded(uuid);
    expect(response.statusCode).toBe(200);
    expect(response.headers.location).toBeUndefined();
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(response.json()).toEqual({ success: true, status: 'True', msg: 'You have been unsubscribed.' });
    expect(await details(uuid)).toMatchObject({ unsub_all: '1', marketing: '0', webinars: '0' });
    expect(await contactStatus(uuid)).toBe('Unsubscribed');
    expect((await ledger(uuid)).map((e) => e.source)).toEqual(['one_click']);
  });

  it('unsubscribes with a multipart body', async () => {
    const uuid = await recipient(21);
    const response = await postMultipart(uuid);
    expect(response.statusCode).toBe(200);
    expect(response.headers.location).toBeUndefined();
    expect((await details(uuid)).unsub_all).toBe('1');
    expect((await ledger(uuid)).map((e) => e.source)).toEqual(['one_click']);
    // A second one-click is answered the same and records nothing more.
    expect((await postMultipart(uuid)).json().status).toBe('True');
    expect(await ledger(uuid)).toHaveLength(1);
  });

  it('refuses a wrong or missing body with 400 and changes nothing', async () => {
    const uuid = await recipient(22);
    const before = await fingerprint();
    const responses = [
      await postUrlencoded(uuid, 'List-Unsubscribe=Yes'),
      await postUrlencoded(uuid, 'One-Click'),
      await postUrlencoded(uuid, ''),
      await postMultipart(uuid, 'one-click-please'),
      await t.app.inject({ method: 'POST', url: url(uuid) }),
      await t.app.inject({
        method: 'POST',
        url: url(uuid),
        headers: { 'content-type': 'text/plain' },
        payload: 'List-Unsubscribe=One-Click',
      }),
    ];
    for (const response of responses) {
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toEqual({ success: false, message: expect.any(String) });
    }
    expect(responses[0]?.json().message).toBe('The body must be List-Unsubscribe=One-Click (RFC 8058).');
    expect(await fingerprint()).toBe(before);
  });

  it('answers a malformed id with 400 and an unknown one like a known one (200, status "False")', async () => {
    const before = await fingerprint();
    const malformed = await postUrlencoded('not-a-uuid');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe('unsub_uuid is not a valid unsubscribe id.');
    const unknown = await postUrlencoded(UNKNOWN_UUID);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.headers.location).toBeUndefined();
    expect(unknown.json()).toEqual(UNKNOWN_ANSWER);
    expect(await fingerprint()).toBe(before);
  });
});

describe('GET one_click/{unsub_uuid}/', () => {
  it('changes nothing and redirects to the unsubscribe page', async () => {
    const uuid = await recipient(23);
    const before = await fingerprint();
    for (const method of ['GET', 'HEAD'] as const) {
      const response = await t.app.inject({
        method,
        url: url(uuid.toUpperCase()),
        headers: { 'user-agent': 'LinkScanner/1.0' },
      });
      expect(response.statusCode, method).toBe(303);
      expect(response.headers.location).toBe(`/unsub/i2c/${uuid}`);
    }
    expect(await fingerprint()).toBe(before);
    expect((await details(uuid)).unsub_all).toBe('0');
  });

  it('redirects an unknown id like a known one, and a malformed one to the page without an id', async () => {
    const before = await fingerprint();
    const unknown = await t.app.inject({ method: 'GET', url: url(UNKNOWN_UUID) });
    expect(unknown.statusCode).toBe(303);
    expect(unknown.headers.location).toBe(`/unsub/i2c/${UNKNOWN_UUID}`);
    const malformed = await t.app.inject({ method: 'GET', url: url('%3Cscript%3E') });
    expect(malformed.statusCode).toBe(303);
    expect(malformed.headers.location).toBe('/unsub/');
    expect(await fingerprint()).toBe(before);
  });
});
