import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Session, signIn, type TestApp } from '../../helpers/testApp.ts';
import { createTestUser } from '../../helpers/testUsers.ts';
import { get, post } from '../workflowTestKit.ts';

/**
 * Settings › Profile: the user changes their name, and their password after giving the current one; a
 * password change ends every other session of theirs and keeps this one.
 */
const U = '/api/user/';
const AUTH = '/api/auth/';
const ME = { email: 'profile-owner@example.com', password: 'granite willow parcel 64' };
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT: '100000' });
  await createTestUser(t.database.db, ME);
});
afterAll(async () => {
  await t?.close();
});

describe('the name', () => {
  it('is changed, cleaned, and seen at once by user_data/', async () => {
    const session = await signIn(t.app, ME);
    const changed = await post(t.app, session, `${U}update_profile/`, {
      first_name: '  Pat ',
      last_name: 'Profile\u202e',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data).toMatchObject({ first_name: 'Pat', last_name: 'Profile' });
    const data = (await get(t.app, session, `${U}user_data/`)).json().data;
    expect([data.first_name, data.last_name]).toEqual(['Pat', 'Profile']);
  });

  it('refuses a blank or too long name, or a missing field (400 with a reason)', async () => {
    const session = await signIn(t.app, ME);
    for (const fields of [
      { first_name: ' ', last_name: 'X' },
      { first_name: 'A'.repeat(101), last_name: 'X' },
      { first_name: 'A' },
    ]) {
      const answer = await post(t.app, session, `${U}update_profile/`, fields);
      expect(answer.statusCode, JSON.stringify(fields)).toBe(400);
      expect(answer.json().message).toMatch(/name/i);
    }
  });
});

describe('the password', () => {
  it('changes only with the right current password, ends the other sessions and keeps this one', async () => {
    const here = await signIn(t.app, ME);
    const elsewhere: Session = await signIn(t.app, ME);
    const wrong = await post(t.app, here, `${AUTH}change_password/`, {
      current_password: 'not it at all',
      new_password: 'saffron glacier tunnel 19',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Your current password is not right.');
    // Nothing ended on a refusal.
    expect((await get(t.app, elsewhere, `${U}user_data/`)).statusCode).toBe(200);

    const changed = await post(t.app, here, `${AUTH}change_password/`, {
      current_password: ME.password,
      new_password: 'saffron glacier tunnel 19',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ success: true, ended_sessions: expect.any(Number) });
    expect(changed.json().ended_sessions).toBeGreaterThanOrEqual(1);
    expect((await get(t.app, here, `${U}user_data/`)).statusCode).toBe(200);
    expect((await get(t.app, elsewhere, `${U}user_data/`)).statusCode).toBe(403);
    await signIn(t.app, { email: ME.email, password: 'saffron glacier tunnel 19' });
    ME.password = 'saffron glacier tunnel 19';
  });

  it('refuses a weak, unchanged or missing password and a call without CSRF', async () => {
    const session = await signIn(t.app, ME);
    for (const fields of [
      { current_password: ME.password, new_password: 'password1' },
      { current_password: ME.password, new_password: ME.password },
      { current_password: ME.password, new_password: 'short' },
      { new_password: 'saffron glacier tunnel 20' },
      {},
    ]) {
      const answer = await post(t.app, session, `${AUTH}change_password/`, fields);
      expect(answer.statusCode, JSON.stringify(fields)).toBe(400);
      expect(answer.json().message).toBeTruthy();
    }
    const noCsrf = await t.app.inject({
      method: 'POST',
      url: `${AUTH}change_password/`,
      headers: { cookie: session.cookie },
      payload: { current_password: ME.password, new_password: 'saffron glacier tunnel 21' },
    });
    expect(noCsrf.statusCode).toBe(403);
    const signedOut = await t.app.inject({
      method: 'POST',
      url: `${AUTH}change_password/`,
      payload: { current_password: ME.password, new_password: 'saffron glacier tunnel 21' },
    });
    expect(signedOut.statusCode).toBe(403);
  });
});
