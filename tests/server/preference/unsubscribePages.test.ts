import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_IDS } from '../../../server/seed/demoIds.ts';
import { createTestApp, demoRecipientUuid, type TestApp } from '../../helpers/testApp.ts';
import { BASE, EMOJI, preferenceTestKit, SQLISH, UNKNOWN_ANSWER, UNKNOWN_UUID } from './preferenceTestKit.ts';

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

const { post, details, recipient, contactStatus, fingerprint, unsubscribedEvents } = preferenceTestKit(
  () => t,
);

describe('POST unsubscribe/ and resubscribe/', () => {
  it('unsubscribes from everything, then resubscribes to marketing', async () => {
    const uuid = await recipient(7);
    const response = await post('unsubscribe/', { unsub_uuid: uuid, unsub_flag: '1' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, status: 'True', msg: 'You have been unsubscribed.' });
    const off = await details(uuid);
    expect(off).toMatchObject({ unsub_all: '1', marketing: '0', webinars: '0' });
    expect([...off.alerts, ...off.news_letters].every((x: { status: string }) => x.status === '0')).toBe(
      true,
    );
    expect(await contactStatus(uuid)).toBe('Unsubscribed');
    expect(await unsubscribedEvents(uuid)).toBe(1);

    // Unsubscribing twice is harmless (and is not a second event).
    expect((await post('unsubscribe/', { unsub_uuid: uuid, unsub_flag: '1' })).json().status).toBe('True');
    expect(await unsubscribedEvents(uuid)).toBe(1);

    const back = await post('resubscribe/', { unsub_uuid: uuid });
    expect(back.statusCode).toBe(200);
    expect(back.json()).toEqual({ success: true, status: 'True', msg: 'You have been resubscribed.' });
    expect(await details(uuid)).toMatchObject({ unsub_all: '0', marketing: '1', webinars: '0' });
    expect(await contactStatus(uuid)).toBe('Subscribed');
  });

  it('leaves a hard-bounced contact as Hard Bounce', async () => {
    const uuid = await recipient(0, DEMO_IDS.mainOrgId, 'Hard Bounce');
    expect((await post('unsubscribe/', { unsub_uuid: uuid, unsub_flag: '1' })).statusCode).toBe(200);
    expect((await details(uuid)).unsub_all).toBe('1');
    expect(await contactStatus(uuid)).toBe('Hard Bounce');
    expect((await post('resubscribe/', { unsub_uuid: uuid })).statusCode).toBe(200);
    expect(await contactStatus(uuid)).toBe('Hard Bounce');
  });

  it('answers unknown uuids like known ones (HTTP 200) with status "False", changing nothing', async () => {
    const before = await fingerprint();
    for (const [path, fields] of [
      ['unsubscribe/', { unsub_uuid: UNKNOWN_UUID, unsub_flag: '1' }],
      ['resubscribe/', { unsub_uuid: UNKNOWN_UUID }],
    ] as const) {
      const response = await post(path, fields);
      expect(response.statusCode, path).toBe(200);
      expect(response.json()).toEqual(UNKNOWN_ANSWER);
    }
    expect(await fingerprint()).toBe(before);
  });

  it('refuses bad input with 400 and changes nothing', async () => {
    const uuid = await recipient(8);
    const before = await fingerprint();
    const cases: [string, Record<string, string>, RegExp][] = [
      ['unsubscribe/', { unsub_uuid: uuid }, /unsub_flag is required/],
      ['unsubscribe/', { unsub_uuid: uuid, unsub_flag: '0' }, /unsub_flag must be "1"/],
      ['unsubscribe/', { unsub_uuid: uuid, unsub_flag: EMOJI }, /unsub_flag must be "1"/],
      ['unsubscribe/', { unsub_uuid: SQLISH, unsub_flag: '1' }, /not a valid unsubscribe id/],
      ['unsubscribe/', { unsub_flag: '1' }, /unsub_uuid is required/],
      ['resubscribe/', {}, /unsub_uuid is required/],
      ['resubscribe/', { unsub_uuid: EMOJI }, /not a valid unsubscribe id/],
    ];
    for (const [path, fields, message] of cases) {
      const response = await post(path, fields);
      expect(response.statusCode, `${path} ${JSON.stringify(fields)}`).toBe(400);
      expect(response.json()).toEqual({ success: false, message: expect.stringMatching(message) });
    }
    expect(await fingerprint()).toBe(before);
  });
});

describe('POST unsubscribe_page_events/', () => {
  it('records an event with its details', async () => {
    const uuid = await recipient(9);
    const response = await post('unsubscribe_page_events/', {
      unsub_uuid: uuid,
      status: '1',
      timestamp: '1767225600000',
      key: 'digests',
      news_letters_subscribed: '4,5',
      alerts_subscribed: '[{"name":"Account alerts","status":"1"}]',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, status: 'True', msg: 'The event was recorded.' });
    const events = await t.database.db
      .selectFrom('preference_events')
      .selectAll()
      .where('uuid', '=', uuid)
      .execute();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      key: 'digests',
      status: '1',
      payload: {
        timestamp: '2026-01-01T00:00:00.000Z',
        news_letters_subscribed: [4, 5],
        alerts_subscribed: ['Account alerts'],
      },
    });
  });

  it('accepts the optional lists left out, an ISO timestamp and "true"/"false" statuses', async () => {
    const uuid = await recipient(9);
    const response = await post('unsubscribe_page_events/', {
      unsub_uuid: uuid,
      status: 'false',
      timestamp: '2026-03-04T05:06:07Z',
      key: 'all',
    });
    expect(response.statusCode).toBe(200);
    const event = await t.database.db
      .selectFrom('preference_events')
      .selectAll()
      .where('uuid', '=', uuid)
      .where('key', '=', 'all')
      .executeTakeFirstOrThrow();
    expect(event).toMatchObject({ status: '0', payload: { timestamp: '2026-03-04T05:06:07.000Z' } });
  });

  it('answers an unknown uuid like a known one (HTTP 200) with status "False" and records nothing', async () => {
    const before = await fingerprint();
    const response = await post('unsubscribe_page_events/', {
      unsub_uuid: UNKNOWN_UUID,
      status: '1',
      timestamp: '1767225600',
      key: 'all',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(UNKNOWN_ANSWER);
    expect(await fingerprint()).toBe(before);
  });

  it('refuses bad input with 400 and records nothing', async () => {
    const uuid = await recipient(9);
    const valid = { unsub_uuid: uuid, status: '1', timestamp: '1767225600000', key: 'digests' };
    const before = await fingerprint();
    const cases: [Record<string, string>, RegExp][] = [
      [{ ...valid, status: 'maybe' }, /status must be "0" or "1"/],
      [{ ...valid, timestamp: 'yesterday' }, /timestamp must be a date and time/],
      [{ ...valid, timestamp: '99999999999999999' }, /timestamp must be a date and time/],
      [{ ...valid, timestamp: '1800-01-01T00:00:00Z' }, /timestamp must be a date and time/],
      [{ ...valid, key: SQLISH }, /key must be a short name/],
      [{ ...valid, key: EMOJI }, /key must be a short name/],
      [{ ...valid, key: 'x'.repeat(41) }, /key must be a short name/],
      [{ ...valid, news_letters_subscribed: 'a,b' }, /news_letters_subscribed must be/],
      [{ ...valid, alerts_subscribed: '[1,2]' }, /alerts_subscribed must be/],
      [{ ...valid, alerts_subscribed: '[{"name":' }, /alerts_subscribed must be/],
      [{ unsub_uuid: uuid, status: '1', key: 'all' }, /timestamp is required/],
      [{ unsub_uuid: uuid, timestamp: '1767225600000', key: 'all' }, /status is required/],
      [{ unsub_uuid: uuid, status: '1', timestamp: '1767225600000' }, /key is required/],
    ];
    for (const [fields, message] of cases) {
      const response = await post('unsubscribe_page_events/', fields);
      expect(response.statusCode, JSON.stringify(fields)).toBe(400);
      expect(response.json()).toEqual({ success: false, message: expect.stringMatching(message) });
    }
    expect(await fingerprint()).toBe(before);
  });
});

describe('public access', () => {
  it('needs no session or CSRF token, and is published in the API description', async () => {
    const doc = t.app.swagger() as { paths: Record<string, unknown> };
    for (const path of [
      'get_recipient_details/',
      'update_preference/',
      'unsubscribe/',
      'resubscribe/',
      'unsubscribe_page_events/',
      'one_click/{unsub_uuid}/',
      'consent_ledger/',
    ]) {
      expect(Object.keys(doc.paths)).toContain(`${BASE}/${path}`);
    }
    const response = await post('get_recipient_details/', { unsub_uuid: DEMO_PREFERENCE_UUID });
    expect(response.statusCode).toBe(200);
  });
});
