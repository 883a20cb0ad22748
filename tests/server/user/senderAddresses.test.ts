import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SenderAddresses, SenderRequestAnswer } from '../../../domain/senderAddresses.ts';
import { OTHER_ORG_LOGIN } from '../../../server/seed/demoAccounts.ts';
import { DEMO_IDS } from '../../../server/seed/demoIds.ts';
import {
  createTestApp,
  form,
  loggedEmailText,
  type Session,
  sessionCookie,
  signIn,
  type TestApp,
} from '../../helpers/testApp.ts';
import { createTestUser } from '../../helpers/testUsers.ts';
import { createColleague, get, post, signInColleague } from '../workflowTestKit.ts';

/**
 * Settings › Sender addresses: a new organisation starts with its owner's confirmed address as its
 * verified default sender and its owner as administrator; admins add From addresses (verified by a
 * single-use, expiring link mailed to them), choose the default and remove; members read.
 */
const U = '/api/user/';
let now = new Date();
let t: TestApp;
let demo: Session;
let other: Session;
let colleague: Session;

beforeAll(async () => {
  t = await createTestApp(
    { AUTH_RATE_LIMIT: '100000', PUBLIC_ORIGIN: 'http://wb.test:9999' },
    { captureLog: true, clock: () => now },
  );
  demo = await signIn(t.app);
  other = await signIn(t.app, OTHER_ORG_LOGIN);
  await createColleague(t.database);
  colleague = await signInColleague(t.app);
});
afterAll(async () => {
  await t?.close();
});

const senders = async (session: Session): Promise<SenderAddresses> => {
  const answer = await get(t.app, session, `${U}sender_addresses/`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().data;
};

async function addSender(session: Session, email: string, senderName = 'Sales team') {
  return post(t.app, session, `${U}add_sender_address/`, { email, sender_name: senderName });
}

const LINK = /http:\/\/wb\.test:9999\/auth\/verify-sender\/([A-Za-z0-9_-]{40,})/;

/** Adds the address as the session's admin and answers the key of the link mailed to it. */
async function requestKey(session: Session, email: string, senderName?: string): Promise<string> {
  const answer = await addSender(session, email, senderName);
  expect(answer.statusCode, answer.body).toBe(200);
  const key = LINK.exec(await loggedEmailText(t, email))?.[1];
  if (!key) throw new Error(`no verification link mailed to ${email}`);
  return key;
}

const verify = (key: string) =>
  form(t.app, 'POST', `${U}verify_sender_address/`, { key }, undefined, {
    headers: { origin: 'http://wb.test:9999' },
  });

describe('a new organisation', () => {
  it('starts with its owner as administrator and the address confirmed at sign-up as its verified default sender', async () => {
    const email = 'Owner.New@Example.com';
    const asked = await form(t.app, 'POST', '/api/auth/signup/', {
      first_name: 'Olive',
      last_name: 'Owner',
      email,
      password: 'violet kettle orbit 93',
    });
    expect(asked.statusCode).toBe(200);
    const key = /\/auth\/confirm-signup\/([A-Za-z0-9_-]{40,})/.exec(await loggedEmailText(t, email))?.[1];
    const confirmed = await form(t.app, 'POST', '/api/auth/confirm_signup/', { signup_key: key ?? '' });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().user.role).toBe('admin');
    const owner = { cookie: sessionCookie(confirmed), csrf: confirmed.json().csrf_token as string };

    const list = await senders(owner);
    expect(list).toMatchObject({
      senders: [{ email, sender_name: 'Olive Owner', is_default: true }],
      requests: [],
      can_manage: true,
    });
    // The publish step offers it and preselects it for the starter email's draft edition.
    const version = await t.database.db
      .selectFrom('email_versions as v')
      .innerJoin('users as u', 'u.org_id', 'v.org_id')
      .select('v.id')
      .where('u.email', '=', email)
      .executeTakeFirstOrThrow();
    const publish = (
      await get(t.app, owner, '/api/publish/publish_email/', { version_id: version.id })
    ).json();
    expect(publish.data.sender_emails).toEqual([
      { id: list.senders[0]?.id, email, sender_name: 'Olive Owner', isDefault: true },
    ]);
    expect(publish.data.sender_address_id).toBe(list.senders[0]?.id);
  });
});

describe('adding a From address', () => {
  it('mails a single-use link to the address; opening it makes the address a verified sender', async () => {
    const email = 'news@northwind-demo.test';
    const answer = await addSender(demo, email, 'Northwind News');
    expect(answer.statusCode, answer.body).toBe(200);
    const added: SenderAddresses & SenderRequestAnswer = answer.json().data;
    expect(added.mail_delivery).toBe('log');
    expect(added.message).toMatch(/operator finds the verification link .* in the server log/);
    expect(added.request).toMatchObject({ email, sender_name: 'Northwind News' });
    expect(added.requests.map((r) => r.email)).toContain(email);
    expect(added.senders.map((s) => s.email)).not.toContain(email);

    const key = LINK.exec(await loggedEmailText(t, email))?.[1] ?? '';
    // The publish step offers verified senders only: not this address while it waits for its link.
    const version = await t.database.db
      .selectFrom('email_versions')
      .select('id')
      .where('org_id', '=', DEMO_IDS.mainOrgId)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const offered = async () =>
      (await get(t.app, demo, '/api/publish/publish_email/', { version_id: version.id }))
        .json()
        .data.sender_emails.map((sender: { email: string }) => sender.email);
    expect(await offered()).not.toContain(email);
    // The outbox keeps the email with its key redacted.
    const row = await t.database.db
      .selectFrom('outbox')
      .selectAll()
      .where('to_address', '=', email)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ kind: 'sender_verification', org_id: DEMO_IDS.mainOrgId });
    expect(row.text_body).toContain('/auth/verify-sender/[redacted]');
    expect(JSON.stringify(row)).not.toContain(key);

    const check = await t.app.inject({ method: 'GET', url: `${U}verify_sender_address/?key=${key}` });
    expect(check.json()).toEqual({
      success: true,
      data: { email, organisation_name: 'Northwind Analytics' },
    });
    const verified = await verify(key);
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json().data).toEqual({
      email,
      organisation_name: 'Northwind Analytics',
      is_default: false,
    });
    const after = await senders(demo);
    expect(after.senders.find((s) => s.email === email)).toMatchObject({ sender_name: 'Northwind News' });
    expect(after.requests.map((r) => r.email)).not.toContain(email);
    expect(await offered()).toContain(email);

    const again = await verify(key);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toMatch(/expired or has already been used/);
    // An address that is a sender already is not asked for again.
    const twice = await addSender(demo, email.toUpperCase());
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toBe(`${email.toUpperCase()} is already one of your senders.`);
  });

  it('stops a link after 24 hours, and asking again replaces the earlier link', async () => {
    const email = 'late@northwind-demo.test';
    const first = await requestKey(demo, email);
    const second = await requestKey(demo, email);
    expect((await verify(first)).statusCode).toBe(400);
    expect((await senders(demo)).requests.filter((r) => r.email === email)).toHaveLength(1);
    const started = now;
    now = new Date(started.getTime() + 24 * 60 * 60 * 1000 + 1000);
    try {
      const late = await verify(second);
      expect(late.statusCode).toBe(400);
      expect(late.json().message).toMatch(/expired/);
    } finally {
      now = started;
    }
    expect((await senders(demo)).senders.map((s) => s.email)).not.toContain(email);
  });

  it('refuses what is not an address or has no sender name, with a message to show', async () => {
    const bad = await addSender(demo, 'not an address');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Enter a valid email address.');
    const unnamed = await addSender(demo, 'unnamed@northwind-demo.test', ' \u202e ');
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json().message).toBe('Enter the name recipients see.');
    const badKey = await verify('short');
    expect(badKey.statusCode).toBe(400);
    expect(badKey.json().message).toBe('This verification link is not valid.');
  });

  it('needs the CSRF token of the session to add an address', async () => {
    const answer = await form(
      t.app,
      'POST',
      `${U}add_sender_address/`,
      {
        email: 'csrf@northwind-demo.test',
        sender_name: 'x',
      },
      { cookie: demo.cookie, csrf: 'wrong' },
    );
    expect(answer.statusCode).toBe(403);
  });
});

describe('managing the senders', () => {
  it('chooses the default, removes a sender, withdraws a request; never the only default; foreign ids are 404', async () => {
    const key = await requestKey(other, 'second@harborlane.test', 'Harbor Second');
    await verify(key);
    let list = await senders(other);
    const [first, second] = list.senders;
    expect(first?.is_default).toBe(true);
    expect(second?.email).toBe('second@harborlane.test');

    // The demo organisation cannot touch them.
    for (const path of ['set_default_sender/', 'remove_sender_address/']) {
      const foreign = await post(t.app, demo, `${U}${path}`, { sender_id: second?.id });
      expect(foreign.statusCode, path).toBe(404);
    }

    list = (await post(t.app, other, `${U}set_default_sender/`, { sender_id: second?.id })).json().data;
    expect(list.senders.map((s) => [s.email, s.is_default])).toEqual([
      ['second@harborlane.test', true],
      [first?.email, false],
    ]);
    // The removed default hands its place to the other sender.
    list = (await post(t.app, other, `${U}remove_sender_address/`, { sender_id: second?.id })).json().data;
    expect(list.senders.map((s) => [s.email, s.is_default])).toEqual([[first?.email, true]]);
    const last = await post(t.app, other, `${U}remove_sender_address/`, { sender_id: first?.id });
    expect(last.statusCode).toBe(400);
    expect(last.json().message).toMatch(/only verified sender/);

    await requestKey(other, 'pending@harborlane.test');
    const request = (await senders(other)).requests.find((r) => r.email === 'pending@harborlane.test');
    expect(
      (await post(t.app, demo, `${U}cancel_sender_request/`, { request_id: request?.id })).statusCode,
    ).toBe(404);
    list = (await post(t.app, other, `${U}cancel_sender_request/`, { request_id: request?.id })).json().data;
    expect(list.requests).toEqual([]);
  });

  it('keeps a sender a scheduled send comes from', async () => {
    const key = await requestKey(demo, 'scheduled@northwind-demo.test');
    await verify(key);
    const sender = (await senders(demo)).senders.find((s) => s.email === 'scheduled@northwind-demo.test');
    const version = await t.database.db
      .selectFrom('email_versions')
      .select(['id', 'name'])
      .where('org_id', '=', DEMO_IDS.mainOrgId)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await t.database.db
      .updateTable('email_versions')
      .set({ sender_address_id: sender?.id ?? null })
      .where('id', '=', version.id)
      .execute();
    await t.database.db
      .insertInto('edition_sends')
      .values({
        org_id: DEMO_IDS.mainOrgId,
        version_id: version.id,
        user_id: DEMO_IDS.demoUserId,
        kind: 'send',
        status: 'scheduled',
        resend_to: null,
        scheduled_for: new Date(now.getTime() + 86_400_000),
        time_zone: 'UTC',
        error: null,
      })
      .execute();
    const refused = await post(t.app, demo, `${U}remove_sender_address/`, { sender_id: sender?.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain(`sends “${version.name}”, which is scheduled or under way`);
  });

  it('lets members read the senders but not change them', async () => {
    const list = await senders(colleague);
    expect(list.can_manage).toBe(false);
    expect(list.senders.length).toBeGreaterThan(0);
    const denied = { success: false, message: 'permission denied', error_code: 403 };
    expect((await addSender(colleague, 'member@northwind-demo.test')).json()).toEqual(denied);
    const id = list.senders[0]?.id;
    expect((await post(t.app, colleague, `${U}set_default_sender/`, { sender_id: id })).json()).toEqual(
      denied,
    );
    expect((await post(t.app, colleague, `${U}remove_sender_address/`, { sender_id: id })).json()).toEqual(
      denied,
    );
    expect((await senders(demo)).senders.find((s) => s.id === id)).toBeDefined();
  });

  it('mails at most 10 verification links an hour per organisation (429 with Retry-After)', async () => {
    const login = { email: 'limited@limits.test', password: 'limits-Password-2026' };
    await createTestUser(t.database.db, login);
    const owner = await signIn(t.app, login);
    for (let i = 0; i < 10; i += 1) {
      expect((await addSender(owner, `limit${i}@limits.test`)).statusCode).toBe(200);
    }
    const over = await addSender(owner, 'limit-over@limits.test');
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(3500);
    expect(over.json().message).toMatch(/10 verification emails in the last hour/);
    // Other organisations are not held back.
    expect((await addSender(other, 'not-limited@harborlane.test')).statusCode).toBe(200);
  });
});
