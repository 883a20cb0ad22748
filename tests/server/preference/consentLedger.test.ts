import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGIN, OTHER_ORG_LOGIN } from '../../../server/seed/demoAccounts.ts';
import { DEMO_IDS } from '../../../server/seed/demoIds.ts';
import { createTestApp, signIn, type TestApp } from '../../helpers/testApp.ts';
import { BASE, fullUpdate, preferenceTestKit, UNKNOWN_UUID } from './preferenceTestKit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_RATE_LIMIT: '100000' });
});
afterAll(async () => {
  await t?.close();
});

const { post, recipient, ledger, fingerprint } = preferenceTestKit(() => t);

/** Every recipient choice off; unsub_all on. */
const allOff = {
  unsub_all: '1',
  marketing: '0',
  webinars: '0',
  alerts: [
    { name: 'Account alerts', status: '0' },
    { name: 'CxO alerts', status: '0' },
    { name: 'Industry news', status: '0' },
  ],
  newsletters: [
    { id: 4, name: 'Weekly digest', status: '0' },
    { id: 5, name: 'Sales triggers', status: '0' },
    { id: 6, name: 'Business advice', status: '0' },
  ],
};

const fromBrowser = (uuid: string, path: string, payload: string) =>
  t.app.inject({
    method: 'POST',
    url: `${BASE}/${path}`,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'user-agent': `Mozilla/5.0 ${'x'.repeat(1000)}`,
    },
    remoteAddress: '203.0.113.7',
    payload: payload.replace('{uuid}', uuid),
  });

describe('consent ledger', () => {
  it('records a page save with source, IP, user agent (truncated) and the values before and after', async () => {
    const uuid = await recipient(10);
    const response = await fromBrowser(
      uuid,
      'update_preference/',
      new URLSearchParams(fullUpdate(uuid)).toString(),
    );
    expect(response.statusCode).toBe(200);
    const entries = await ledger(uuid);
    expect(entries).toHaveLength(1);
    const [entry] = entries;
    expect(entry).toMatchObject({ source: 'page', ip: '203.0.113.7', org_id: DEMO_IDS.mainOrgId });
    expect(entry?.user_agent).toHaveLength(512);
    expect(entry?.user_agent?.startsWith('Mozilla/5.0 x')).toBe(true);
    expect(entry?.after).toEqual({
      unsub_all: '0',
      marketing: '1',
      webinars: '0',
      alerts: [
        { name: 'Account alerts', status: '1' },
        { name: 'CxO alerts', status: '0' },
        { name: 'Industry news', status: '1' },
      ],
      newsletters: [
        { id: 4, name: 'Weekly digest', status: '1' },
        { id: 5, name: 'Sales triggers', status: '0' },
        { id: 6, name: 'Business advice', status: '1' },
      ],
    });
    expect(entry?.before).not.toEqual(entry?.after);
  });

  it('records nothing for a save that changes nothing (idempotent saves)', async () => {
    const uuid = await recipient(11);
    expect((await post('update_preference/', fullUpdate(uuid))).statusCode).toBe(200);
    const before = await fingerprint();
    const again = await post('update_preference/', fullUpdate(uuid));
    expect(again.statusCode).toBe(200);
    expect(again.json().status).toBe('True');
    expect(await fingerprint()).toBe(before);
    expect(await ledger(uuid)).toHaveLength(1);
  });

  it('records each source: page (both variants), unsubscribe, resubscribe and one_click, as a chain', async () => {
    const uuid = await recipient(12);
    await post('update_preference/', fullUpdate(uuid, { webinars: '1' }));
    await post('update_preference/', { unsub_uuid: uuid, unsub_flag: '1' });
    await post('resubscribe/', { unsub_uuid: uuid });
    await post('unsubscribe/', { unsub_uuid: uuid, unsub_flag: '1' });
    await post('unsubscribe/', { unsub_uuid: uuid, unsub_flag: '1' }); // no change: no entry
    await post('update_preference/', { unsub_uuid: uuid, unsub_flag: '0' });
    const oneClick = await post(`one_click/${uuid}/`, { 'List-Unsubscribe': 'One-Click' });
    expect(oneClick.statusCode).toBe(200);

    const entries = await ledger(uuid);
    expect(entries.map((e) => e.source)).toEqual([
      'page',
      'page',
      'resubscribe',
      'unsubscribe',
      'page',
      'one_click',
    ]);
    for (let i = 1; i < entries.length; i += 1) expect(entries[i]?.before).toEqual(entries[i - 1]?.after);
    expect(entries[0]?.after).toMatchObject({ unsub_all: '0', marketing: '1', webinars: '1' });
    expect(entries[1]?.after).toEqual(allOff);
    expect(entries[2]?.after).toEqual({ ...allOff, unsub_all: '0', marketing: '1' });
    expect(entries[3]?.after).toEqual(allOff);
    expect(entries[5]).toMatchObject({
      before: { ...allOff, unsub_all: '0', marketing: '1' },
      after: allOff,
    });
  });

  it('records nothing for refused input or an unknown id', async () => {
    const uuid = await recipient(13);
    const before = await fingerprint();
    await post('update_preference/', fullUpdate(uuid, { news_letters_subscribed: '4,42' }));
    await post('update_preference/', fullUpdate(UNKNOWN_UUID));
    await post('unsubscribe/', { unsub_uuid: UNKNOWN_UUID, unsub_flag: '1' });
    await post(`one_click/${UNKNOWN_UUID}/`, { 'List-Unsubscribe': 'One-Click' });
    expect(await fingerprint()).toBe(before);
  });

  it('refuses any change or removal of an entry', async () => {
    const uuid = await recipient(14);
    await post('unsubscribe/', { unsub_uuid: uuid, unsub_flag: '1' });
    const [entry] = await ledger(uuid);
    expect(entry).toBeDefined();
    const db = t.database.db;
    await expect(
      sql`update consent_ledger set source = 'api' where preference_uuid = ${uuid}`.execute(db),
    ).rejects.toThrow(/append-only/);
    await expect(sql`delete from consent_ledger where preference_uuid = ${uuid}`.execute(db)).rejects.toThrow(
      /append-only/,
    );
    await expect(sql`truncate consent_ledger`.execute(db)).rejects.toThrow(/append-only/);
    expect(await ledger(uuid)).toEqual([entry]);
  });
});

describe('GET consent_ledger/ (export)', () => {
  it('gives a signed-in user of the organisation the entries, oldest first, as a JSON download', async () => {
    const uuid = await recipient(15);
    await post('unsubscribe/', { unsub_uuid: uuid, unsub_flag: '1' });
    await post('resubscribe/', { unsub_uuid: uuid });
    const session = await signIn(t.app, DEMO_LOGIN);
    const response = await t.app.inject({
      method: 'GET',
      url: `${BASE}/consent_ledger/?unsub_uuid=${uuid.toUpperCase()}`,
      headers: { cookie: session.cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="consent-ledger-${uuid}.json"`,
    );
    const body = response.json();
    expect(body.success).toBe(true);
    expect(body.data.map((e: { source: string }) => e.source)).toEqual(['unsubscribe', 'resubscribe']);
    expect(body.data[0]).toEqual({
      id: expect.any(Number),
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      source: 'unsubscribe',
      ip: '127.0.0.1',
      user_agent: 'lightMyRequest',
      before: expect.objectContaining({ unsub_all: '0' }),
      after: allOff,
    });
    expect(body.data[1].id).toBeGreaterThan(body.data[0].id);
    expect(body.data[1].before).toEqual(body.data[0].after);
  });

  it('answers another organisation’s recipient like an unknown one (404)', async () => {
    const uuid = await recipient(16);
    await post('unsubscribe/', { unsub_uuid: uuid, unsub_flag: '1' });
    const session = await signIn(t.app, OTHER_ORG_LOGIN);
    const get = (id: string) =>
      t.app.inject({
        method: 'GET',
        url: `${BASE}/consent_ledger/?unsub_uuid=${id}`,
        headers: { cookie: session.cookie },
      });
    const other = await get(uuid);
    const unknown = await get(UNKNOWN_UUID);
    expect(other.statusCode).toBe(404);
    expect(unknown.statusCode).toBe(404);
    expect(other.json()).toEqual(unknown.json());
    expect(other.json()).toEqual({ success: false, message: expect.any(String) });
    // Their own recipient is fine.
    const own = await recipient(0, DEMO_IDS.otherOrgId);
    expect((await get(own)).json()).toEqual({ success: true, data: [] });
  });

  it('refuses a signed-out request (403) and a malformed id (400)', async () => {
    const uuid = await recipient(16);
    const signedOut = await t.app.inject({
      method: 'GET',
      url: `${BASE}/consent_ledger/?unsub_uuid=${uuid}`,
    });
    expect(signedOut.statusCode).toBe(403);
    expect(signedOut.json()).toEqual({ success: false, message: 'Please sign in to continue.' });
    const session = await signIn(t.app, DEMO_LOGIN);
    const malformed = await t.app.inject({
      method: 'GET',
      url: `${BASE}/consent_ledger/?unsub_uuid=abc`,
      headers: { cookie: session.cookie },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe('unsub_uuid is not a valid unsubscribe id.');
  });
});
