import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../../../server/lib/tokens.ts';
import { DEMO_LOGIN } from '../../../server/seed/demoAccounts.ts';
import { createTestApp, form, type Session, signIn, type TestApp } from '../../helpers/testApp.ts';
import { createInternalUser } from '../../helpers/testUsers.ts';

let t: TestApp;
let ADMIN_LOGIN: { email: string; password: string };
let SUPPORT_LOGIN: { email: string; password: string };
beforeAll(async () => {
  // Sessions are read from the database on every request here: these tests change rows directly.
  t = await createTestApp({ AUTH_RATE_LIMIT: '1000', SESSION_CACHE_MS: '0' });
  ADMIN_LOGIN = await createInternalUser(t.database.db, 2);
  SUPPORT_LOGIN = await createInternalUser(t.database.db, 1);
});
afterAll(async () => {
  await t?.close();
});

const userData = (session: Session) =>
  t.app.inject({ method: 'GET', url: '/api/user/user_data/', headers: { cookie: session.cookie } });

describe('sign-up (see signup.test.ts for the whole flow)', () => {
  it('explains each invalid field', async () => {
    const response = await form(t.app, 'POST', '/api/auth/signup/', {
      first_name: '',
      last_name: 'B',
      email: 'nope',
      password: 'short',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      success: false,
      message: expect.stringContaining('First name is required.'),
    });
    expect(response.json().message).toContain('Enter a valid email address.');
  });
});

describe('sign-in and the session cookie', () => {
  it('sets an HttpOnly, SameSite=Lax session cookie that expires', async () => {
    const response = await form(t.app, 'POST', '/api/auth/login/', DEMO_LOGIN);
    expect(response.statusCode).toBe(200);
    const cookie = response.cookies.find((c) => c.name === 'wb_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.secure).toBeFalsy();
    expect(cookie?.expires).toBeInstanceOf(Date);
    // Only a hash of the token is stored.
    const row = await t.database.db
      .selectFrom('sessions')
      .selectAll()
      .where('id', '=', sha256(cookie!.value))
      .executeTakeFirst();
    expect(row?.user_id).toBe(1001);
    const raw = await t.database.db
      .selectFrom('sessions')
      .select('id')
      .where('id', '=', cookie!.value)
      .executeTakeFirst();
    expect(raw).toBeUndefined();
  });

  it('gives the same answer for a wrong password and an unknown email', async () => {
    const wrong = await form(t.app, 'POST', '/api/auth/login/', {
      email: DEMO_LOGIN.email,
      password: 'wrong password',
    });
    const unknown = await form(t.app, 'POST', '/api/auth/login/', {
      email: 'nobody@example.com',
      password: 'whatever1',
    });
    expect(wrong.statusCode).toBe(400);
    expect(unknown.statusCode).toBe(400);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.cookies).toHaveLength(0);
  });

  it('accepts JSON bodies too', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/login/', payload: DEMO_LOGIN });
    expect(response.statusCode).toBe(200);
  });

  it('marks the cookie Secure when served over https, whatever SECURE_COOKIES says', async () => {
    const secure = await createTestApp({
      PUBLIC_ORIGIN: 'https://workbench.example.com',
      SECURE_COOKIES: 'false',
    });
    try {
      const response = await form(secure.app, 'POST', '/api/auth/login/', DEMO_LOGIN);
      expect(response.cookies.find((c) => c.name === 'wb_session')?.secure).toBe(true);
    } finally {
      await secure.close();
    }
  });
});

describe('the signed-in app', () => {
  it('answers HTTP 403 without a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/user/user_data/' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ success: false, message: 'Please sign in to continue.' });
    const forged = await t.app.inject({
      method: 'GET',
      url: '/api/user/user_data/',
      headers: { cookie: 'wb_session=forged' },
    });
    expect(forged.statusCode).toBe(403);
  });

  it('refuses a state-changing call without the CSRF header, or with a wrong one, and changes nothing', async () => {
    const session = await signIn(t.app);
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/user/user_data/',
      headers: { cookie: session.cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'key=show_msg&value=1',
    });
    expect(missing.statusCode).toBe(403);
    expect(missing.json().message).toMatch(/CSRF/);
    const wrong = await form(
      t.app,
      'POST',
      '/api/user/user_data/',
      { key: 'show_msg', value: '1' },
      { ...session, csrf: 'x'.repeat(43) },
    );
    expect(wrong.statusCode).toBe(403);
    // The demo account starts with tours not offered (show_msg false): none of these turned them on.
    expect((await userData(session)).json().data.show_msg).toBe(false);
    // Another session's token is not this session's token.
    const other = await signIn(t.app);
    const crossed = await form(
      t.app,
      'POST',
      '/api/user/user_data/',
      { key: 'show_msg', value: '1' },
      { cookie: session.cookie, csrf: other.csrf },
    );
    expect(crossed.statusCode).toBe(403);
    const ok = await form(t.app, 'POST', '/api/user/user_data/', { key: 'show_msg', value: '1' }, session);
    expect(ok.statusCode).toBe(200);
    expect((await userData(session)).json().data.show_msg).toBe(true);
    await form(t.app, 'POST', '/api/user/user_data/', { key: 'show_msg', value: '0' }, session);
  });

  it('hands out the session CSRF token', async () => {
    const session = await signIn(t.app);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/auth/csrf/',
      headers: { cookie: session.cookie },
    });
    expect(response.json()).toEqual({ success: true, csrf_token: session.csrf });
  });

  it('ends an expired session on the server and says so', async () => {
    const session = await signIn(t.app);
    const id = sha256(session.cookie.replace('wb_session=', ''));
    await t.database.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', id)
      .execute();
    const response = await userData(session);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('Your session has expired. Please sign in again.');
    expect(response.cookies.find((c) => c.name === 'wb_session')?.value).toBe('');
    expect(
      await t.database.db.selectFrom('sessions').select('id').where('id', '=', id).executeTakeFirst(),
    ).toBeUndefined();
  });

  it('sign-out ends the session on the server', async () => {
    const session = await signIn(t.app);
    expect((await userData(session)).statusCode).toBe(200);
    const out = await form(t.app, 'POST', '/api/auth/logout/', {}, session);
    expect(out.statusCode).toBe(200);
    expect(out.cookies.find((c) => c.name === 'wb_session')?.value).toBe('');
    expect((await userData(session)).statusCode).toBe(403);
  });

  it('never lets API answers be cached', async () => {
    const session = await signIn(t.app);
    expect((await userData(session)).headers['cache-control']).toBe('no-store');
  });
});

describe('the current user', () => {
  it('has the user data fields, plan type and permissions', async () => {
    const body = (await userData(await signIn(t.app))).json();
    expect(body.data).toMatchObject({
      user_id: 1001,
      user_email: DEMO_LOGIN.email,
      plan_type: 'PREMIUM',
      xiq_internal_user: false,
      internal_user_level: 0,
      export_widget_permission: expect.any(Boolean),
      has_share_profile_perm: expect.any(Boolean),
      has_daily_iq_perm: expect.any(Boolean),
      has_weekly_account_insight_perm: expect.any(Boolean),
      sales_x_usage_permission: expect.any(Boolean),
      first_login_workbench: expect.any(Boolean),
      show_msg: expect.any(Boolean),
    });
    const auth = await t.app.inject({
      method: 'GET',
      url: '/api/auth/user/',
      headers: { cookie: (await signIn(t.app)).cookie },
    });
    expect(auth.json().data).toEqual(body.data);
  });

  it('gives user 4708 level 2 and user 14764 level 1', async () => {
    const admin = (await userData(await signIn(t.app, ADMIN_LOGIN))).json().data;
    expect(admin).toMatchObject({ user_id: 4708, internal_user_level: 2, xiq_internal_user: true });
    const support = (await userData(await signIn(t.app, SUPPORT_LOGIN))).json().data;
    expect(support).toMatchObject({ user_id: 14764, internal_user_level: 1, xiq_internal_user: true });
  });

  it('falls back to plan type "invalid" when the stored plan is unknown or missing', async () => {
    const session = await signIn(t.app, SUPPORT_LOGIN);
    for (const stored of ['platinum', null]) {
      await t.database.db.updateTable('users').set({ plan_type: stored }).where('id', '=', 14764).execute();
      const plan = await t.app.inject({
        method: 'GET',
        url: '/api/user/plan_type/',
        headers: { cookie: session.cookie },
      });
      expect(plan.json()).toEqual({ success: true, plan_type: 'invalid' });
    }
    await t.database.db
      .updateTable('users')
      .set({ plan_type: 'enterprise' })
      .where('id', '=', 14764)
      .execute();
  });
});

describe('user_tz', () => {
  it('is accepted on GET as a query parameter and on POST as a form field', async () => {
    const session = await signIn(t.app);
    const get = await t.app.inject({
      method: 'GET',
      url: '/api/user/user_data/?user_tz=Asia%2FKolkata',
      headers: { cookie: session.cookie },
    });
    expect(get.statusCode).toBe(200);
    const post = await form(
      t.app,
      'POST',
      '/api/user/user_data/',
      { key: 'first_login_workbench', value: '0', user_tz: 'America/New_York' },
      session,
    );
    expect(post.statusCode).toBe(200);
  });

  it('must be a real time zone', async () => {
    const session = await signIn(t.app);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/user/user_data/?user_tz=Mars%2FOlympus',
      headers: { cookie: session.cookie },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/time zone/);
  });
});

describe('the outbox', () => {
  it('is readable by internal admins and refused to others with the 200 permission-denied shape', async () => {
    const demo = await t.app.inject({
      method: 'GET',
      url: '/api/user/outbox/',
      headers: { cookie: (await signIn(t.app)).cookie },
    });
    expect(demo.statusCode).toBe(200);
    expect(demo.json()).toEqual({ success: false, message: 'permission denied', error_code: 403 });
    const admin = await t.app.inject({
      method: 'GET',
      url: '/api/user/outbox/?limit=5',
      headers: { cookie: (await signIn(t.app, ADMIN_LOGIN)).cookie },
    });
    expect(admin.json()).toMatchObject({
      success: true,
      total_count: expect.any(Number),
      data: expect.any(Array),
    });
  });

  it("frames an email's HTML as a sandboxed document for internal admins only", async () => {
    const { id } = await t.database.db
      .insertInto('outbox')
      .values({
        kind: 'password_reset',
        to_address: 'someone@example.com',
        subject: 'Reset',
        text_body: 'Hello',
        html_body: '<p style="color:red">Hello</p>',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const url = `/api/user/outbox/${id}/html`;
    const admin = await t.app.inject({
      method: 'GET',
      url,
      headers: { cookie: (await signIn(t.app, ADMIN_LOGIN)).cookie },
    });
    expect(admin.statusCode).toBe(200);
    expect(admin.body).toContain('<p style="color:red">Hello</p>');
    expect(String(admin.headers['content-security-policy'])).toContain('sandbox');
    expect(admin.headers['x-frame-options']).toBe('SAMEORIGIN');
    const demo = await t.app.inject({
      method: 'GET',
      url,
      headers: { cookie: (await signIn(t.app)).cookie },
    });
    expect(demo.statusCode).toBe(404);
  });
});

it('keeps the database consistent: no orphan sessions', async () => {
  const orphans = await sql<{
    n: number;
  }>`select count(*)::int as n from sessions s left join users u on u.id = s.user_id where u.id is null`.execute(
    t.database.db,
  );
  expect(orphans.rows[0]?.n).toBe(0);
});
