import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SessionStore } from '../../../server/lib/SessionStore.ts';
import { sha256 } from '../../../server/lib/tokens.ts';
import {
  createTestApp,
  form,
  loggedEmailText,
  type Session,
  signIn,
  type TestApp,
} from '../../helpers/testApp.ts';
import { createTestUser } from '../../helpers/testUsers.ts';

/** With the session cache on (the default), every change made through the API is seen at once. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT: '1000', SESSION_CACHE_MS: '60000' }, { captureLog: true });
});
afterAll(async () => {
  await t?.close();
});

const userData = (session: Session) =>
  t.app.inject({ method: 'GET', url: '/api/user/user_data/', headers: { cookie: session.cookie } });

describe('the session cache', () => {
  it('serves a signed-in read from memory after the first one', async () => {
    const session = await signIn(t.app);
    expect((await userData(session)).statusCode).toBe(200);
    // Rename the user behind the cache's back: the cached answer is still served...
    await t.database.db.updateTable('users').set({ first_name: 'Renamed' }).where('id', '=', 1001).execute();
    expect((await userData(session)).json().data.first_name).toBe('Dana');
    // ...until a change made through the API makes the store forget the user.
    // (The demo account starts with tours not offered: show_msg false.)
    await form(t.app, 'POST', '/api/user/user_data/', { key: 'show_msg', value: '1' }, session);
    const fresh = (await userData(session)).json().data;
    expect(fresh).toMatchObject({ first_name: 'Renamed', show_msg: true });
    await t.database.db
      .updateTable('users')
      .set({ first_name: 'Dana', show_msg: false })
      .where('id', '=', 1001)
      .execute();
    await form(t.app, 'POST', '/api/user/user_data/', { key: 'show_msg', value: '0' }, session);
  });

  it('ends a session on sign-out at once', async () => {
    const session = await signIn(t.app);
    expect((await userData(session)).statusCode).toBe(200);
    expect((await form(t.app, 'POST', '/api/auth/logout/', {}, session)).statusCode).toBe(200);
    expect((await userData(session)).statusCode).toBe(403);
  });

  it('ends every session of an account on password reset at once', async () => {
    await createTestUser(t.database.db, { email: 'cache@example.com', password: 'cached password 1' });
    const session = await signIn(t.app, { email: 'cache@example.com', password: 'cached password 1' });
    expect((await userData(session)).statusCode).toBe(200);
    await form(t.app, 'POST', '/api/auth/forgot_password/', { email: 'cache@example.com' });
    const key = (await loggedEmailText(t, 'cache@example.com')).match(/resetPassword\/([A-Za-z0-9_-]+)/)![1]!;
    expect(
      (
        await form(t.app, 'POST', '/api/auth/reset_password/', {
          reset_key: key,
          password: 'cached password 2',
        })
      ).statusCode,
    ).toBe(200);
    expect((await userData(session)).statusCode).toBe(403);
  });

  it('checks expiry exactly, even for a cached session', async () => {
    const store = new SessionStore(t.database.db, 60_000);
    const created = await store.create(1001, 'test', 60);
    expect(await store.load(created.token)).toMatchObject({ user: { id: 1001 } });
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(created.expiresAt.getTime() + 1);
      expect(await store.load(created.token)).toBe('expired');
    } finally {
      vi.useRealTimers();
    }
    expect(await store.load(created.token)).toBeNull();
    const row = await t.database.db
      .selectFrom('sessions')
      .select('id')
      .where('id', '=', sha256(created.token))
      .executeTakeFirst();
    expect(row).toBeUndefined();
  });

  it('sweeps sessions past their expiry', async () => {
    const store = new SessionStore(t.database.db, 60_000);
    const stale = await store.create(1001, 'test', 60);
    await t.database.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1) })
      .where('id', '=', sha256(stale.token))
      .execute();
    expect(await store.deleteExpired()).toBeGreaterThanOrEqual(1);
    expect(
      await t.database.db
        .selectFrom('sessions')
        .select('id')
        .where('id', '=', sha256(stale.token))
        .executeTakeFirst(),
    ).toBeUndefined();
  });
});
