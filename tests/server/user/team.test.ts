import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvitationAnswer, Team } from '../../../domain/teamSettings.ts';
import { OTHER_ORG_LOGIN } from '../../../server/seed/demoAccounts.ts';
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
import { get, post } from '../workflowTestKit.ts';

/**
 * Settings › Team: an organisation's administrators invite addresses (a single-use, expiring link mailed
 * through the outbox; the invitee chooses a name and a password and is signed in), change roles and
 * remove users; the organisation always keeps an administrator; a removed user's sessions end at once.
 */
const U = '/api/user/';
const AUTH = '/api/auth/';
const ORIGIN = 'http://wb.test:9999';
const DAY_MS = 24 * 60 * 60 * 1000;
let now = new Date();
let t: TestApp;
let owner: Session;
let other: Session;
const OWNER = { email: 'team-owner@example.com', password: 'amber falcon ledger 71' };

beforeAll(async () => {
  t = await createTestApp(
    { AUTH_RATE_LIMIT: '100000', PUBLIC_ORIGIN: ORIGIN },
    { captureLog: true, clock: () => now },
  );
  await createTestUser(t.database.db, { ...OWNER, first_name: 'Tara', last_name: 'Owner' });
  owner = await signIn(t.app, OWNER);
  other = await signIn(t.app, OTHER_ORG_LOGIN);
});
afterAll(async () => {
  await t?.close();
});

const team = async (session: Session): Promise<Team> => {
  const answer = await get(t.app, session, `${U}team/`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().data;
};

const LINK = /http:\/\/wb\.test:9999\/auth\/invitation\/([A-Za-z0-9_-]{40,})/;

async function invite(session: Session, email: string, role = 'member') {
  const answer = await post(t.app, session, `${U}invite_user/`, { email, role });
  expect(answer.statusCode, answer.body).toBe(200);
  const key = LINK.exec(await loggedEmailText(t, email))?.[1];
  if (!key) throw new Error(`no invitation link mailed to ${email}`);
  return { key, data: answer.json().data as Team & InvitationAnswer };
}

const accept = (key: string, password = 'copper meadow signal 28', first = 'Ivy', last = 'Invitee') =>
  form(
    t.app,
    'POST',
    `${AUTH}accept_invitation/`,
    { key, first_name: first, last_name: last, password },
    undefined,
    { headers: { origin: ORIGIN } },
  );

async function join(email: string, role = 'member'): Promise<{ session: Session; id: number }> {
  const { key } = await invite(owner, email, role);
  const accepted = await accept(key);
  expect(accepted.statusCode, accepted.body).toBe(200);
  return {
    session: { cookie: sessionCookie(accepted), csrf: accepted.json().csrf_token },
    id: accepted.json().user.user_id,
  };
}

describe('inviting someone', () => {
  it('mails a single-use link through the outbox; accepting it creates the user with the role and signs them in', async () => {
    const email = 'new.colleague@example.com';
    const { key, data } = await invite(owner, email, 'member');
    expect(data.invitation).toMatchObject({ email, role: 'member' });
    expect(data.invitations.map((i) => i.email)).toEqual([email]);
    expect(data.mail_delivery).toBe('log');
    // The outbox holds the invitation with its key redacted.
    const outbox = await t.database.db
      .selectFrom('outbox')
      .select(['kind', 'text_body'])
      .where('to_address', '=', email)
      .executeTakeFirstOrThrow();
    expect(outbox.kind).toBe('team_invitation');
    expect(outbox.text_body).not.toContain(key);

    const checked = await t.app.inject({ method: 'GET', url: `${AUTH}invitation/?key=${key}` });
    expect(checked.statusCode, checked.body).toBe(200);
    expect(checked.json().data).toEqual({
      email,
      organisation_name: `${OWNER.email}'s workspace`,
      invited_by: 'Tara Owner',
      role: 'member',
    });

    const accepted = await accept(key, 'copper meadow signal 28', 'Nico', 'Newcomer');
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().user).toMatchObject({ user_email: email, first_name: 'Nico', role: 'member' });
    const session = { cookie: sessionCookie(accepted), csrf: accepted.json().csrf_token as string };
    const seen = await team(session);
    expect(seen.can_manage).toBe(false);
    expect(seen.members.map((m) => [m.email, m.role, m.is_you])).toEqual([
      [OWNER.email, 'admin', false],
      [email, 'member', true],
    ]);
    expect(seen.invitations).toEqual([]);
    // They sign in with the password they chose.
    await signIn(t.app, { email, password: 'copper meadow signal 28' });
  });

  it('refuses a reused, expired, withdrawn, forged or malformed link (400, never 500)', async () => {
    const reused = await invite(owner, 'reuse@example.com');
    expect((await accept(reused.key)).statusCode).toBe(200);
    const again = await accept(reused.key);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toMatch(/expired, was withdrawn or has already been used/);

    const expired = await invite(owner, 'late@example.com');
    now = new Date(Date.now() + 8 * DAY_MS);
    try {
      expect((await accept(expired.key)).statusCode).toBe(400);
      const check = await t.app.inject({ method: 'GET', url: `${AUTH}invitation/?key=${expired.key}` });
      expect(check.statusCode).toBe(400);
    } finally {
      now = new Date();
    }

    const withdrawn = await invite(owner, 'withdrawn@example.com');
    const invitation = withdrawn.data.invitation;
    const cancel = await post(t.app, owner, `${U}cancel_invitation/`, { invitation_id: invitation.id });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect((await accept(withdrawn.key)).statusCode).toBe(400);

    const forged = await accept('A'.repeat(43));
    expect(forged.statusCode).toBe(400);
    const malformed = await accept('short');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toMatch(/invitation link is not valid/);
  });

  it('refuses a weak password, a missing name, a bad role or address, and an address that has an account', async () => {
    const { key } = await invite(owner, 'careful@example.com');
    expect((await accept(key, 'password')).statusCode).toBe(400);
    const noName = await accept(key, 'copper meadow signal 28', '   ');
    expect(noName.statusCode).toBe(400);
    expect(noName.json().message).toMatch(/First name is required/);
    // The link still works after those refusals.
    expect((await accept(key)).statusCode).toBe(200);

    for (const fields of [
      { email: 'not-an-address', role: 'member' },
      { email: 'x@example.com', role: 'owner' },
      {},
    ]) {
      const answer = await post(t.app, owner, `${U}invite_user/`, fields);
      expect(answer.statusCode, JSON.stringify(fields)).toBe(400);
      expect(answer.json().message).toBeTruthy();
    }
    const mine = await post(t.app, owner, `${U}invite_user/`, { email: OWNER.email });
    expect(mine.statusCode).toBe(400);
    expect(mine.json().message).toMatch(/already on your team/);
    const foreign = await post(t.app, owner, `${U}invite_user/`, { email: OTHER_ORG_LOGIN.email });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toMatch(/another organisation/);
  });

  it("keeps every organisation's invitations to itself and lets only admins invite", async () => {
    const { data } = await invite(owner, 'private@example.com');
    expect((await team(other)).invitations.map((i) => i.email)).not.toContain('private@example.com');
    const foreignCancel = await post(t.app, other, `${U}cancel_invitation/`, {
      invitation_id: data.invitation.id,
    });
    expect(foreignCancel.statusCode).toBe(404);
    for (const id of ['0', 'abc', '']) {
      expect((await post(t.app, owner, `${U}cancel_invitation/`, { invitation_id: id })).statusCode).toBe(
        400,
      );
    }

    const member = await join('plain.member@example.com');
    const refused = await post(t.app, member.session, `${U}invite_user/`, { email: 'x@example.com' });
    expect(refused.json()).toMatchObject({ success: false, message: 'permission denied', error_code: 403 });
    // Without the CSRF header a change is refused.
    const noCsrf = await t.app.inject({
      method: 'POST',
      url: `${U}invite_user/`,
      headers: { cookie: owner.cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=y%40example.com',
    });
    expect(noCsrf.statusCode).toBe(403);
  });
});

describe('roles and removal', () => {
  it('never demotes or removes the last administrator', async () => {
    const ownerId = (await team(owner)).members.find((m) => m.is_you)?.id ?? 0;
    const demote = await post(t.app, owner, `${U}change_user_role/`, { user_id: ownerId, role: 'member' });
    expect(demote.statusCode).toBe(400);
    expect(demote.json().message).toMatch(/at least one administrator/);
    const remove = await post(t.app, owner, `${U}remove_user/`, { user_id: ownerId });
    expect(remove.statusCode).toBe(400);

    // With a second administrator, the first may step down, and the second may not then.
    const second = await join('second.admin@example.com', 'admin');
    const stepDown = await post(t.app, owner, `${U}change_user_role/`, { user_id: ownerId, role: 'member' });
    expect(stepDown.statusCode, stepDown.body).toBe(200);
    expect(stepDown.json().data.can_manage).toBe(false);
    const last = await post(t.app, second.session, `${U}change_user_role/`, {
      user_id: second.id,
      role: 'member',
    });
    expect(last.statusCode).toBe(400);
    // The former administrator's session sees the new role at once.
    const refused = await post(t.app, owner, `${U}invite_user/`, { email: 'z@example.com' });
    expect(refused.json()).toMatchObject({ success: false, error_code: 403 });
    const back = await post(t.app, second.session, `${U}change_user_role/`, {
      user_id: ownerId,
      role: 'admin',
    });
    expect(back.statusCode, back.body).toBe(200);
  });

  it("ends a removed user's sessions at once; they cannot sign in again; foreign ids are 404", async () => {
    const leaving = await join('leaving@example.com');
    expect((await get(t.app, leaving.session, `${U}user_data/`)).statusCode).toBe(200);
    const removed = await post(t.app, owner, `${U}remove_user/`, { user_id: leaving.id });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().data.members.map((m: { email: string }) => m.email)).not.toContain(
      'leaving@example.com',
    );
    const after = await get(t.app, leaving.session, `${U}user_data/`);
    expect(after.statusCode).toBe(403);
    const login = await t.app.inject({
      method: 'POST',
      url: `${AUTH}login/`,
      payload: { email: 'leaving@example.com', password: 'copper meadow signal 28' },
    });
    expect(login.statusCode).toBe(400);

    // Another organisation's user, or a removed one, is not on this team.
    const otherId = (await team(other)).members[0]?.id ?? 0;
    expect((await post(t.app, owner, `${U}remove_user/`, { user_id: otherId })).statusCode).toBe(404);
    expect((await post(t.app, owner, `${U}remove_user/`, { user_id: leaving.id })).statusCode).toBe(404);
    expect(
      (await post(t.app, owner, `${U}change_user_role/`, { user_id: otherId, role: 'member' })).statusCode,
    ).toBe(404);
    for (const fields of [{ user_id: 'x' }, { user_id: '1', role: 'boss' }, {}]) {
      expect((await post(t.app, owner, `${U}change_user_role/`, fields)).statusCode).toBe(400);
    }

    // Invited back, the removed address is the same account again, with its new password.
    const { key } = await invite(owner, 'leaving@example.com');
    const back = await accept(key, 'violet harbour comet 55');
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().user.user_id).toBe(leaving.id);
  });
  it('a removed user leaves get_users/ and the sales group pickers at once', async () => {
    const ownerId = (await team(owner)).members.find((m) => m.is_you)?.id ?? 0;
    await t.database.db
      .updateTable('users')
      .set({ sales_x_usage_permission: true })
      .where('id', '=', ownerId)
      .execute();
    // A new session reads the plan as it is now.
    const admin = await signIn(t.app, OWNER);
    const gone = await join('picked.then.removed@example.com');
    const made = await post(t.app, admin, '/api/audience/create_group/', { group_name: 'Removal pickers' });
    expect(made.statusCode, made.body).toBe(200);
    const groupId = made.json().data.groupId;
    const added = await post(t.app, admin, '/api/audience/add_group_users/', {
      group_id: groupId,
      user_ids: String(gone.id),
    });
    expect(added.statusCode, added.body).toBe(200);
    const usersOf = async () => {
      const answer = await get(t.app, admin, '/api/campaign/get_users/');
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json().data.map((u: { user_id: number }) => u.user_id);
    };
    const pickerOf = async () => {
      const answer = await get(t.app, admin, '/api/audience/group_users/', { group_id: groupId });
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json().data.map((u: { userId: number }) => u.userId);
    };
    expect(await usersOf()).toContain(gone.id);
    expect(await pickerOf()).toContain(gone.id);

    expect((await post(t.app, admin, `${U}remove_user/`, { user_id: gone.id })).statusCode).toBe(200);
    expect(await usersOf()).not.toContain(gone.id);
    expect(await pickerOf()).not.toContain(gone.id);
    const groups = await get(t.app, admin, '/api/audience/groups_listing/');
    const group = groups.json().data.find((g: { groupId: number }) => g.groupId === groupId);
    expect(group?.totalUsers).toBe(0);
    // A removed user cannot be put back into a group.
    const again = await post(t.app, admin, '/api/audience/add_group_users/', {
      group_id: groupId,
      user_ids: String(gone.id),
    });
    expect(again.statusCode).toBe(404);
  });
});
