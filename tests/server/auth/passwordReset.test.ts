import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../../../server/lib/tokens.ts';
import { createTestApp, form, loggedEmailText, signIn, type TestApp } from '../../helpers/testApp.ts';
import { createTestUser } from '../../helpers/testUsers.ts';

let t: TestApp;
const account = { email: 'reset.me@example.com', password: 'original password 1' };

beforeAll(async () => {
  t = await createTestApp(
    { AUTH_RATE_LIMIT: '1000', PUBLIC_ORIGIN: 'http://workbench.test:9999' },
    { captureLog: true },
  );
  await createTestUser(t.database.db, { ...account, first_name: 'Rita', last_name: 'Reset' });
});
afterAll(async () => {
  await t?.close();
});

/**
 * The key of the latest reset email: without SMTP its full text is in the server's log (the operator's);
 * the outbox, which internal admins read, holds the same message with the link redacted.
 */
async function latestResetLink(): Promise<string> {
  const text = await loggedEmailText(t, account.email);
  const link = text.match(/http:\/\/workbench\.test:9999\/resetPassword\/([A-Za-z0-9_-]+)/);
  expect(link).not.toBeNull();
  const row = await t.database.db
    .selectFrom('outbox')
    .selectAll()
    .where('to_address', '=', account.email)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  expect(row).toMatchObject({ kind: 'password_reset', subject: 'Reset your password', status: 'kept' });
  expect(row.text_body).toContain('http://workbench.test:9999/resetPassword/[redacted]');
  expect(row.html_body).toContain('http://workbench.test:9999/resetPassword/[redacted]');
  expect(JSON.stringify(row)).not.toContain(link![1]!);
  return link![1]!;
}

const outboxCount = async () =>
  Number(
    (
      await t.database.db
        .selectFrom('outbox')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('forgot and reset password', () => {
  it('answers the same for unknown addresses and writes no email for them', async () => {
    const before = await outboxCount();
    const unknown = await form(t.app, 'POST', '/api/auth/forgot_password/', {
      email: 'nobody.here@example.com',
    });
    const known = await form(t.app, 'POST', '/api/auth/forgot_password/', {
      email: account.email.toUpperCase(),
    });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    await t.app.afterReply.idle();
    expect(await outboxCount()).toBe(before + 1);
  });

  it('checks a key, sets the new password with it once, and ends the old sessions', async () => {
    const oldSession = await signIn(t.app, account);
    await form(t.app, 'POST', '/api/auth/forgot_password/', { email: account.email });
    const key = await latestResetLink();
    const stored = await t.database.db
      .selectFrom('password_resets')
      .select('key_hash')
      .where('key_hash', '=', key)
      .executeTakeFirst();
    expect(stored).toBeUndefined(); // only the hash is kept

    const check = await t.app.inject({ method: 'GET', url: `/api/auth/reset_password/?reset_key=${key}` });
    expect(check.json()).toEqual({ success: true, email: account.email });

    const tooShort = await form(t.app, 'POST', '/api/auth/reset_password/', {
      reset_key: key,
      password: 'short',
    });
    expect(tooShort.statusCode).toBe(400);
    expect(tooShort.json().message).toMatch(/at least 8 characters/);
    const guessable = await form(t.app, 'POST', '/api/auth/reset_password/', {
      reset_key: key,
      password: 'Password123!',
    });
    expect(guessable.statusCode).toBe(400);
    expect(guessable.json().message).toMatch(/^This password is too easy to guess\./);

    const reset = await form(t.app, 'POST', '/api/auth/reset_password/', {
      reset_key: key,
      password: 'brand new password 2',
    });
    expect(reset.statusCode).toBe(200);

    const oldUse = await t.app.inject({
      method: 'GET',
      url: '/api/user/user_data/',
      headers: { cookie: oldSession.cookie },
    });
    expect(oldUse.statusCode).toBe(403);
    expect((await form(t.app, 'POST', '/api/auth/login/', account)).statusCode).toBe(400);
    await signIn(t.app, { email: account.email, password: 'brand new password 2' });

    const again = await form(t.app, 'POST', '/api/auth/reset_password/', {
      reset_key: key,
      password: 'third password 3',
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toMatch(/expired or has already been used/);
    account.password = 'brand new password 2';
  });

  it('refuses an expired key and a key that never existed', async () => {
    await form(t.app, 'POST', '/api/auth/forgot_password/', { email: account.email });
    const key = await latestResetLink();
    await t.database.db
      .updateTable('password_resets')
      .set({ expires_at: new Date(Date.now() - 1) })
      .where('key_hash', '=', sha256(key))
      .execute();
    const expired = await form(t.app, 'POST', '/api/auth/reset_password/', {
      reset_key: key,
      password: 'never applied 4',
    });
    expect(expired.statusCode).toBe(400);
    const check = await t.app.inject({ method: 'GET', url: `/api/auth/reset_password/?reset_key=${key}` });
    expect(check.statusCode).toBe(400);
    const never = await t.app.inject({
      method: 'GET',
      url: `/api/auth/reset_password/?reset_key=${'a'.repeat(43)}`,
    });
    expect(never.statusCode).toBe(400);
    const malformed = await t.app.inject({
      method: 'GET',
      url: '/api/auth/reset_password/?reset_key=%27%20or%201%3D1',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe('This reset link is not valid.');
    await signIn(t.app, account);
  });

  it('limits sign-in attempts per address of origin', async () => {
    const limited = await createTestApp({ AUTH_RATE_LIMIT: '3' });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 4; i++) {
        codes.push(
          (
            await form(limited.app, 'POST', '/api/auth/login/', {
              email: 'x@example.com',
              password: 'wrong one',
            })
          ).statusCode,
        );
      }
      expect(codes).toEqual([400, 400, 400, 429]);
      const last = await form(limited.app, 'POST', '/api/auth/login/', {
        email: 'x@example.com',
        password: 'wrong one',
      });
      expect(last.json()).toMatchObject({
        success: false,
        message: expect.stringMatching(/Too many requests/),
      });
    } finally {
      await limited.close();
    }
  });
});
