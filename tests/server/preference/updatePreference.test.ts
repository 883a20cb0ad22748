import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_IDS } from '../../../server/seed/demoIds.ts';
import { createTestApp, demoRecipientUuid, type TestApp } from '../../helpers/testApp.ts';
import {
  BASE,
  EMOJI,
  fullUpdate,
  preferenceTestKit,
  SQLISH,
  UNKNOWN_ANSWER,
  UNKNOWN_UUID,
} from './preferenceTestKit.ts';

let t: TestApp;
/** The demo recipient's unsubscribe id, read from the database (it is random). */
let DEMO_PREFERENCE_UUID = '';
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_RATE_LIMIT: '100000' });
  DEMO_PREFERENCE_UUID = await demoRecipientUuid(t);
});
afterAll(async () => {
  await t?.close();
});

const { post, details, recipient, contactStatus, fingerprint } = preferenceTestKit(() => t);

describe('POST get_recipient_details/', () => {
  it('answers the demo record with every section filled', async () => {
    const response = await post('get_recipient_details/', {
      unsub_uuid: DEMO_PREFERENCE_UUID,
      user_tz: 'Europe/Paris',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      status: 'True',
      id: DEMO_PREFERENCE_UUID,
      email: expect.stringMatching(/@[a-z-]+\.test$/),
      unsub_all: '0',
      marketing: '1',
      webinars: '1',
      alerts: [
        { name: 'Account alerts', status: '1' },
        { name: 'CxO alerts', status: '1' },
        { name: 'Industry news', status: '1' },
      ],
      news_letters: [
        { id: 4, name: 'Weekly digest', status: '1' },
        { id: 5, name: 'Sales triggers', status: '1' },
        { id: 6, name: 'Business advice', status: '0' },
      ],
      organisation_name: 'Northwind Analytics',
      logo_image_url: null,
      privacy_url: 'https://northwind-demo.test/privacy',
      contact_url: 'https://northwind-demo.test/contact',
    });
  });

  it('accepts the uuid in upper case and with spaces around it', async () => {
    const response = await post('get_recipient_details/', {
      unsub_uuid: `  ${DEMO_PREFERENCE_UUID.toUpperCase()} `,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().id).toBe(DEMO_PREFERENCE_UUID);
  });

  it('accepts multipart form data', async () => {
    const boundary = '----preference-test';
    const payload = `--${boundary}\r\nContent-Disposition: form-data; name="unsub_uuid"\r\n\r\n${DEMO_PREFERENCE_UUID}\r\n--${boundary}--\r\n`;
    const response = await t.app.inject({
      method: 'POST',
      url: `${BASE}/get_recipient_details/`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().status).toBe('True');
  });

  it('shows only the organisation’s own topics', async () => {
    const body = await details(await recipient(0, DEMO_IDS.otherOrgId));
    expect(body.alerts.map((a: { name: string }) => a.name)).toEqual(['Project updates']);
    expect(body.news_letters.map((n: { name: string }) => n.name)).toEqual([
      'Studio notes',
      'Design inspiration',
    ]);
  });

  it('answers an unknown uuid like a known one (HTTP 200, same fields) with status "False"', async () => {
    const response = await post('get_recipient_details/', { unsub_uuid: UNKNOWN_UUID });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({
      ...UNKNOWN_ANSWER,
      id: UNKNOWN_UUID,
      email: '',
      unsub_all: '0',
      marketing: '0',
      webinars: '0',
      alerts: [],
      news_letters: [],
      organisation_name: null,
      logo_image_url: null,
      privacy_url: null,
      contact_url: null,
    });
    const known = (await post('get_recipient_details/', { unsub_uuid: DEMO_PREFERENCE_UUID })).json();
    expect(Object.keys(known).filter((key) => !(key in body))).toEqual([]);
  });

  it('answers a malformed or missing uuid with 400', async () => {
    for (const unsub_uuid of ['abc', SQLISH, EMOJI, `${DEMO_PREFERENCE_UUID}x`, '']) {
      const response = await post('get_recipient_details/', { unsub_uuid });
      expect(response.statusCode, unsub_uuid).toBe(400);
      expect(response.json()).toEqual({
        success: false,
        message: 'unsub_uuid is not a valid unsubscribe id.',
      });
    }
    const missing = await post('get_recipient_details/', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('unsub_uuid is required.');
  });

  it('refuses wrong types sent as JSON', async () => {
    for (const unsub_uuid of [123, [DEMO_PREFERENCE_UUID], { id: DEMO_PREFERENCE_UUID }, null, true]) {
      const response = await t.app.inject({
        method: 'POST',
        url: `${BASE}/get_recipient_details/`,
        payload: { unsub_uuid },
      });
      expect(response.statusCode, JSON.stringify(unsub_uuid)).toBe(400);
      expect(response.json().success).toBe(false);
    }
  });
});

describe('POST update_preference/', () => {
  it('saves every section and answers the spec message', async () => {
    const uuid = await recipient(1);
    const response = await post('update_preference/', fullUpdate(uuid));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      status: 'True',
      msg: 'Your subscription preferences have been successfully updated.',
    });
    const body = await details(uuid);
    expect(body).toMatchObject({ unsub_all: '0', marketing: '1', webinars: '0' });
    expect(body.alerts).toEqual([
      { name: 'Account alerts', status: '1' },
      { name: 'CxO alerts', status: '0' },
      { name: 'Industry news', status: '1' },
    ]);
    expect(body.news_letters.map((n: { status: string }) => n.status)).toEqual(['1', '0', '1']);
  });

  it('turns off newsletters not listed and keeps alerts not named', async () => {
    const uuid = await recipient(2);
    await post('update_preference/', fullUpdate(uuid));
    const response = await post(
      'update_preference/',
      fullUpdate(uuid, {
        alerts: '[{"name":"Account alerts","status":0}]',
        news_letters_subscribed: '',
        webinars: '1',
      }),
    );
    expect(response.statusCode).toBe(200);
    const body = await details(uuid);
    expect(body.alerts.map((a: { status: string }) => a.status)).toEqual(['0', '0', '1']);
    expect(body.news_letters.map((n: { status: string }) => n.status)).toEqual(['0', '0', '0']);
    expect(body.webinars).toBe('1');
  });

  it('with unsub_all "1" turns everything off and the contact becomes Unsubscribed', async () => {
    const uuid = await recipient(3);
    const response = await post('update_preference/', fullUpdate(uuid, { unsub_all: '1' }));
    expect(response.statusCode).toBe(200);
    const body = await details(uuid);
    expect(body).toMatchObject({ unsub_all: '1', marketing: '0', webinars: '0' });
    expect([...body.alerts, ...body.news_letters].every((x: { status: string }) => x.status === '0')).toBe(
      true,
    );
    expect(await contactStatus(uuid)).toBe('Unsubscribed');
    // Choosing again brings the contact back.
    await post('update_preference/', fullUpdate(uuid));
    expect((await details(uuid)).unsub_all).toBe('0');
    expect(await contactStatus(uuid)).toBe('Subscribed');
  });

  it('supports the unsub_flag variant: "1" unsubscribes from everything, "0" resubscribes', async () => {
    const uuid = await recipient(4);
    const off = await post('update_preference/', { unsub_uuid: uuid, unsub_flag: '1' });
    expect(off.statusCode).toBe(200);
    expect(off.json().msg).toBe('Your subscription preferences have been successfully updated.');
    expect(await details(uuid)).toMatchObject({ unsub_all: '1', marketing: '0', webinars: '0' });
    expect(await contactStatus(uuid)).toBe('Unsubscribed');
    const on = await post('update_preference/', { unsub_uuid: uuid, unsub_flag: '0' });
    expect(on.statusCode).toBe(200);
    expect(await details(uuid)).toMatchObject({ unsub_all: '0', marketing: '1' });
    expect(await contactStatus(uuid)).toBe('Subscribed');
  });

  it('answers an unknown uuid like a known one (HTTP 200) with status "False", changing nothing', async () => {
    const before = await fingerprint();
    for (const fields of [fullUpdate(UNKNOWN_UUID), { unsub_uuid: UNKNOWN_UUID, unsub_flag: '1' }]) {
      const response = await post('update_preference/', fields);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(UNKNOWN_ANSWER);
    }
    expect(await fingerprint()).toBe(before);
  });

  const refusals: [string, (uuid: string) => Record<string, string>, RegExp][] = [
    ['a missing field', (u) => ({ unsub_uuid: u, unsub_all: '0', marketing: '1' }), /webinars is required/],
    ['a flag that is not 0 or 1', (u) => fullUpdate(u, { marketing: 'yes' }), /marketing must be "0" or "1"/],
    ['an emoji flag', (u) => fullUpdate(u, { webinars: '😀' }), /webinars must be "0" or "1"/],
    ['alerts that are not JSON', (u) => fullUpdate(u, { alerts: SQLISH }), /alerts must be a JSON list/],
    [
      'alerts that are not a list',
      (u) => fullUpdate(u, { alerts: '{"name":"Account alerts"}' }),
      /alerts must be a JSON list/,
    ],
    [
      'an alert without a status',
      (u) => fullUpdate(u, { alerts: '[{"name":"Account alerts"}]' }),
      /alert status must be/,
    ],
    [
      'an alert named twice',
      (u) =>
        fullUpdate(u, { alerts: '[{"name":"CxO alerts","status":"1"},{"name":"CxO alerts","status":"0"}]' }),
      /twice/,
    ],
    [
      'an unknown alert',
      (u) => fullUpdate(u, { alerts: `[{"name":${JSON.stringify(EMOJI)},"status":"1"}]` }),
      /is not one of this recipient's alerts/,
    ],
    [
      'a SQL-looking alert',
      (u) => fullUpdate(u, { alerts: JSON.stringify([{ name: SQLISH, status: '1' }]) }),
      /is not one of this recipient's alerts/,
    ],
    [
      'another organisation’s alert',
      (u) => fullUpdate(u, { alerts: '[{"name":"Project updates","status":"1"}]' }),
      /not one of this recipient's alerts/,
    ],
    [
      'newsletter ids that are not numbers',
      (u) => fullUpdate(u, { news_letters_subscribed: '4,abc' }),
      /comma-separated list of newsletter ids/,
    ],
    [
      'a SQL-looking newsletter list',
      (u) => fullUpdate(u, { news_letters_subscribed: `4; ${SQLISH}` }),
      /comma-separated list/,
    ],
    [
      'an alert id given as a newsletter',
      (u) => fullUpdate(u, { news_letters_subscribed: '4,1' }),
      /1 is not one of this recipient's newsletters/,
    ],
    [
      'another organisation’s newsletter',
      (u) => fullUpdate(u, { news_letters_subscribed: '8' }),
      /8 is not one of this recipient's newsletters/,
    ],
    [
      'an unknown newsletter',
      (u) => fullUpdate(u, { news_letters_subscribed: '999999999' }),
      /not one of this recipient's newsletters/,
    ],
    [
      'unsub_flag mixed with preference fields',
      (u) => ({ ...fullUpdate(u), unsub_flag: '1' }),
      /either unsub_flag or the preference fields/,
    ],
    [
      'an unsub_flag that is not 0 or 1',
      (u) => ({ unsub_uuid: u, unsub_flag: '2' }),
      /unsub_flag must be "0" or "1"/,
    ],
    ['a malformed uuid', () => fullUpdate(SQLISH), /unsub_uuid is not a valid unsubscribe id/],
  ];

  for (const [label, fields, message] of refusals) {
    it(`refuses ${label} with 400 and changes nothing`, async () => {
      const uuid = await recipient(5);
      const before = await fingerprint();
      const response = await post('update_preference/', fields(uuid));
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toEqual({ success: false, message: expect.stringMatching(message) });
      expect(await fingerprint()).toBe(before);
    });
  }

  it('rolls back the whole update when one newsletter is wrong, even with unsub_all "1"', async () => {
    const uuid = await recipient(6);
    const before = await fingerprint();
    const beforeDetails = await details(uuid);
    const response = await post(
      'update_preference/',
      fullUpdate(uuid, { unsub_all: '1', marketing: '0', news_letters_subscribed: '4,5,42' }),
    );
    expect(response.statusCode).toBe(400);
    expect(await details(uuid)).toEqual(beforeDetails);
    expect(await contactStatus(uuid)).toBe('Subscribed');
    expect(await fingerprint()).toBe(before);
  });

  it('refuses wrong types sent as JSON', async () => {
    const uuid = await recipient(5);
    const before = await fingerprint();
    for (const payload of [
      { unsub_uuid: uuid, unsub_all: 0, marketing: 1, webinars: 1, alerts: [], news_letters_subscribed: [4] },
      { unsub_uuid: uuid, unsub_flag: 1 },
      { unsub_uuid: uuid, unsub_flag: true },
      { unsub_uuid: uuid, unsub_flag: null },
      {
        unsub_uuid: uuid,
        unsub_all: '0',
        marketing: '1',
        webinars: '1',
        alerts: { name: 'x' },
        news_letters_subscribed: '4',
      },
    ]) {
      const response = await t.app.inject({ method: 'POST', url: `${BASE}/update_preference/`, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().success).toBe(false);
    }
    expect(await fingerprint()).toBe(before);
  });
});
