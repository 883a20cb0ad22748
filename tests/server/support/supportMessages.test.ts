import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUPPORT_MESSAGE_MAX } from '../../../domain/supportMessage.ts';
import { DEMO_LOGIN, OTHER_ORG_LOGIN } from '../../../server/seed/demoAccounts.ts';
import { createTestApp, form, type Session, signIn, type TestApp } from '../../helpers/testApp.ts';
import { createInternalUser } from '../../helpers/testUsers.ts';

const SEND = '/api/user/support_message/';
const OWN = '/api/user/support_messages/';
const INBOX = '/api/user/support_inbox/';

let t: TestApp;
let demo: Session;
let admin: Session;

beforeAll(async () => {
  t = await createTestApp();
  demo = await signIn(t.app, DEMO_LOGIN);
  admin = await signIn(t.app, await createInternalUser(t.database.db, 2));
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, session?: Session) =>
  t.app.inject({ method: 'GET', url, headers: session ? { cookie: session.cookie } : {} });

const sendJson = (body: unknown, session: Session) =>
  t.app.inject({
    method: 'POST',
    url: SEND,
    headers: { cookie: session.cookie, 'x-csrftoken': session.csrf, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });

const rowCount = async () =>
  Number(
    (
      await t.database.db
        .selectFrom('support_messages')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('POST support_message/', () => {
  it('stores the message with the user, organisation and page, and answers with it', async () => {
    const response = await form(
      t.app,
      'POST',
      SEND,
      { message: '  The export button is greyed out.  ', page: '/campaigns' },
      demo,
    );
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.success).toBe(true);
    expect(body.data).toMatchObject({ message: 'The export button is greyed out.', page_path: '/campaigns' });
    const row = await t.database.db
      .selectFrom('support_messages as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select(['m.message', 'm.page_path', 'm.org_id', 'u.email', 'u.org_id as user_org', 'm.created_at'])
      .where('m.id', '=', body.data.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      message: 'The export button is greyed out.',
      page_path: '/campaigns',
      email: DEMO_LOGIN.email,
    });
    expect(row.org_id).toBe(row.user_org);
    expect(row.created_at).toBeInstanceOf(Date);
  });

  it('accepts a message without a page', async () => {
    const response = await form(t.app, 'POST', SEND, { message: 'No page here' }, demo);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.page_path).toBeNull();
  });

  it('accepts exactly 2000 characters', async () => {
    const response = await form(t.app, 'POST', SEND, { message: 'y'.repeat(SUPPORT_MESSAGE_MAX) }, demo);
    expect(response.statusCode).toBe(200);
  });

  it.each([
    ['empty', { message: '' }],
    ['blank', { message: '   \n ' }],
    ['missing', {}],
    ['too long', { message: 'x'.repeat(SUPPORT_MESSAGE_MAX + 1) }],
    ['NUL character', { message: 'hello\u0000world' }],
    ['a page that is not a path', { message: 'hi', page: 'https://evil.test/' }],
  ])('refuses %s with a readable 400 and stores nothing', async (_label, fields) => {
    const before = await rowCount();
    const response = await form(t.app, 'POST', SEND, fields as Record<string, string>, demo);
    expect(response.statusCode).toBe(400);
    expect(response.json().success).toBe(false);
    expect(response.json().message).toMatch(/\w{3,}/);
    expect(await rowCount()).toBe(before);
  });

  it.each([
    ['a number', { message: 42 }],
    ['an array', { message: ['a', 'b'] }],
    ['an object', { message: { text: 'hi' } }],
    ['null', { message: null }],
    ['a boolean', { message: true }],
  ])('refuses a message that is %s (JSON) with a 400', async (_label, body) => {
    const before = await rowCount();
    const response = await sendJson(body, demo);
    expect(response.statusCode).toBe(400);
    expect(response.json().success).toBe(false);
    expect(await rowCount()).toBe(before);
  });

  it('requires the CSRF token (HTTP 403 without it or with a wrong one)', async () => {
    const before = await rowCount();
    const without = await t.app.inject({
      method: 'POST',
      url: SEND,
      headers: { cookie: demo.cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'message=hello',
    });
    expect(without.statusCode).toBe(403);
    const wrong = await form(t.app, 'POST', SEND, { message: 'hello' }, { ...demo, csrf: 'not-the-token' });
    expect(wrong.statusCode).toBe(403);
    expect(await rowCount()).toBe(before);
  });

  it('requires a session', async () => {
    const response = await form(t.app, 'POST', SEND, { message: 'hello' });
    expect(response.statusCode).toBe(403);
    expect((await get(OWN)).statusCode).toBe(403);
    expect((await get(INBOX)).statusCode).toBe(403);
  });
});

describe('GET support_messages/', () => {
  it("returns only the signed-in person's own messages, oldest first", async () => {
    const other = await signIn(t.app, OTHER_ORG_LOGIN);
    await form(t.app, 'POST', SEND, { message: 'first from demo' }, demo);
    await form(t.app, 'POST', SEND, { message: 'secret from support' }, other);
    await form(t.app, 'POST', SEND, { message: 'second from demo' }, demo);

    const mine = (await get(OWN, demo)).json();
    expect(mine.success).toBe(true);
    const texts: string[] = mine.data.map((m: { message: string }) => m.message);
    expect(texts).not.toContain('secret from support');
    expect(texts.indexOf('first from demo')).toBeLessThan(texts.indexOf('second from demo'));
    expect(texts.at(-1)).toBe('second from demo');
    expect(mine.total_count).toBe(texts.length);

    const theirs = (await get(OWN, other)).json();
    expect(theirs.data.map((m: { message: string }) => m.message)).toEqual(['secret from support']);
  });

  it('keeps only the latest `limit` messages', async () => {
    const page = (await get(`${OWN}?limit=1`, demo)).json();
    expect(page.data).toHaveLength(1);
    expect(page.data[0].message).toBe('second from demo');
    expect(page.total_count).toBeGreaterThan(1);
  });
});

describe('GET support_inbox/', () => {
  it('gives an internal admin every message, newest first, with the sender', async () => {
    await form(t.app, 'POST', SEND, { message: 'inbox check', page: '/audiences' }, demo);
    const inbox = (await get(INBOX, admin)).json();
    expect(inbox.success).toBe(true);
    expect(inbox.total_count).toBe(await rowCount());
    expect(inbox.data[0]).toMatchObject({
      message: 'inbox check',
      page_path: '/audiences',
      user_email: DEMO_LOGIN.email,
      org_name: expect.any(String),
      user_name: expect.any(String),
    });
    const ids: number[] = inbox.data.map((m: { id: number }) => m.id);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    expect(inbox.data.map((m: { message: string }) => m.message)).toContain('secret from support');
  });

  it('is open to level-1 internal admins too', async () => {
    const support = await signIn(t.app, await createInternalUser(t.database.db, 1));
    const inbox = (await get(INBOX, support)).json();
    expect(inbox.success).toBe(true);
    expect(inbox.data.length).toBeGreaterThan(0);
  });

  it('refuses everyone else with the 200 permission-denied shape', async () => {
    const response = await get(INBOX, demo);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: false, message: 'permission denied', error_code: 403 });
  });
});
