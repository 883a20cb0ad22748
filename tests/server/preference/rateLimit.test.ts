import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app.ts';
import { openDatabase } from '../../../server/db/openDatabase.ts';
import { createTestApp, demoRecipientUuid, form, type TestApp } from '../../helpers/testApp.ts';

let t: TestApp;
/** The demo recipient's unsubscribe id, read from the database (it is random). */
let DEMO_PREFERENCE_UUID = '';
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_RATE_LIMIT: '3', ONE_CLICK_RATE_LIMIT: '3' });
  DEMO_PREFERENCE_UUID = await demoRecipientUuid(t);
});
afterAll(async () => {
  await t?.close();
});

const details = (remoteAddress: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/preference/get_recipient_details/',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `unsub_uuid=${DEMO_PREFERENCE_UUID}`,
    remoteAddress,
  });

describe('preference service rate limit (PUBLIC_RATE_LIMIT, ONE_CLICK_RATE_LIMIT per minute per IP)', () => {
  it('answers the 4th call from one IP with 429 and a message', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 3; i += 1) statuses.push((await details('10.0.0.1')).statusCode);
    expect(statuses).toEqual([200, 200, 200]);
    const limited = await details('10.0.0.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      success: false,
      message: expect.stringMatching(/^Too many requests\. Try again in .+\.$/),
    });
    expect(limited.headers['retry-after']).toBeDefined();
  });

  it('counts each IP on its own', async () => {
    expect((await details('10.0.0.2')).statusCode).toBe(200);
  });

  it('limits every preference route, bad requests included', async () => {
    const calls: [string, Record<string, string>][] = [
      ['update_preference/', { unsub_uuid: DEMO_PREFERENCE_UUID, unsub_flag: '7' }],
      ['unsubscribe/', { unsub_uuid: 'not-a-uuid', unsub_flag: '1' }],
      ['resubscribe/', { unsub_uuid: 'not-a-uuid' }],
      ['unsubscribe_page_events/', { unsub_uuid: DEMO_PREFERENCE_UUID }],
      [`one_click/${DEMO_PREFERENCE_UUID}/`, { 'List-Unsubscribe': 'Nope' }],
    ];
    for (const [path, fields] of calls) {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i += 1) {
        statuses.push((await form(t.app, 'POST', `/api/preference/${path}`, fields)).statusCode);
      }
      expect(statuses, path).toEqual([400, 400, 400, 429]);
    }
    // The server-rendered pages and their plain-form posts too.
    for (const [method, url] of [
      ['GET', '/unsub/not-a-uuid'],
      ['POST', '/unsub/i2c/not-a-uuid'],
    ] as const) {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i += 1) statuses.push((await t.app.inject({ method, url })).statusCode);
      expect(statuses, url).toEqual([404, 404, 404, 429]);
    }
    // None of them changed anything.
    const demo = await t.database.db
      .selectFrom('preferences')
      .select(['unsub_all', 'marketing'])
      .where('uuid', '=', DEMO_PREFERENCE_UUID)
      .executeTakeFirstOrThrow();
    expect(demo).toEqual({ unsub_all: false, marketing: true });
    expect(await t.database.db.selectFrom('preference_events').select('id').execute()).toEqual([]);
    expect(await t.database.db.selectFrom('consent_ledger').select('id').execute()).toEqual([]);
  });
});

describe('one limit for every server process on the database', () => {
  it('counts the calls a second process answers against the same limit', async () => {
    // A second server on the same database, as a second `npm start` behind a load balancer would be.
    const second = t.config.databaseUrl
      ? await openDatabase({ databaseUrl: t.config.databaseUrl, dataDir: 'memory://' })
      : t.database;
    const other = await buildApp({
      config: { ...t.config, deliveryWorker: false },
      database: second,
      logger: false,
    });
    try {
      const call = (app: FastifyInstance) =>
        app.inject({
          method: 'POST',
          url: '/api/preference/get_recipient_details/',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: `unsub_uuid=${DEMO_PREFERENCE_UUID}`,
          remoteAddress: '10.0.0.3',
        });
      const statuses: number[] = [];
      for (const app of [t.app, other, t.app, other, t.app]) statuses.push((await call(app)).statusCode);
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
    } finally {
      await other.close();
      if (second !== t.database) await second.close();
    }
  });
});
