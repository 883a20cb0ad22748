import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_GROUP_NAME,
  GROUP_NAME_EXISTS,
  GROUP_NOT_DELETABLE,
  type SalesGroup,
} from '../../../domain/salesGroups.ts';
import { OTHER_ORG_LOGIN } from '../../../server/seed/demoAccounts.ts';
import { DEMO_IDS } from '../../../server/seed/demoIds.ts';
import { createTestApp, type Session, signIn, type TestApp } from '../../helpers/testApp.ts';
import { get, post } from '../workflowTestKit.ts';

const G = '/api/audience/';

let t: TestApp;
let demo: Session;
let other: Session;

beforeAll(async () => {
  t = await createTestApp();
  // The other organisation's plan leaves sales groups out (tests/server/featureGates.test.ts); here its
  // user is given them, to show that each organisation sees only its own groups.
  await t.database.db
    .updateTable('users')
    .set({ sales_x_usage_permission: true })
    .where('org_id', '=', DEMO_IDS.otherOrgId)
    .execute();
  demo = await signIn(t.app);
  other = await signIn(t.app, OTHER_ORG_LOGIN);
});
afterAll(async () => {
  await t?.close();
});

async function listing(session = demo, query: Record<string, string | number> = {}) {
  const response = await get(t.app, session, `${G}groups_listing/`, query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { success: true; total_count: number; data: SalesGroup[] };
}

async function create(name: string, session = demo): Promise<SalesGroup> {
  const response = await post(t.app, session, `${G}create_group/`, { group_name: name });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

describe('sales groups', () => {
  it("lists the organisation's seeded groups newest first, with user counts and the default team kept", async () => {
    const page = await listing();
    expect(page.total_count).toBe(2);
    expect(page.data.map((g) => [g.groupName, g.totalUsers, g.isDeletable])).toEqual([
      ['Enterprise accounts', 1, true],
      [DEFAULT_GROUP_NAME, 2, false],
    ]);
    const theirs = await listing(other);
    expect(theirs.data.map((g) => g.groupName)).toEqual([DEFAULT_GROUP_NAME]);
  });

  it('creates a group at the top with 0 users; refuses a name the organisation has (any case) and blank names', async () => {
    const made = await create('  Field sales  ');
    expect(made).toMatchObject({ groupName: 'Field sales', totalUsers: 0, isDeletable: true });
    expect(Date.now() - Date.parse(made.lastUpdated)).toBeLessThan(60_000);
    expect((await listing()).data[0]?.groupId).toBe(made.groupId);

    const again = await post(t.app, demo, `${G}create_group/`, { group_name: 'FIELD SALES' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ success: false, message: GROUP_NAME_EXISTS });
    const blank = await post(t.app, demo, `${G}create_group/`, { group_name: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe('Give the group a name.');
    const long = await post(t.app, demo, `${G}create_group/`, { group_name: 'x'.repeat(81) });
    expect(long.statusCode).toBe(400);

    // Another organisation may use the same name.
    expect((await create('Field sales', other)).groupName).toBe('Field sales');
  });

  it('searches by name', async () => {
    const page = await listing(demo, { search_word: 'enterPRISE' });
    expect(page.data.map((g) => g.groupName)).toEqual(['Enterprise accounts']);
    expect(page.total_count).toBe(1);
  });

  it('renames a group, refusing a name another group has', async () => {
    const made = await create('Inside sales');
    const renamed = await post(t.app, demo, `${G}rename_group/`, {
      group_id: made.groupId,
      group_name: 'Inside sales EMEA',
    });
    expect(renamed.json().data.groupName).toBe('Inside sales EMEA');
    // Its own name in another case is fine; another group's name is not.
    const sameCase = await post(t.app, demo, `${G}rename_group/`, {
      group_id: made.groupId,
      group_name: 'inside sales emea',
    });
    expect(sameCase.statusCode).toBe(200);
    const taken = await post(t.app, demo, `${G}rename_group/`, {
      group_id: made.groupId,
      group_name: 'enterprise accounts',
    });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toEqual({ success: false, message: GROUP_NAME_EXISTS });
  });

  it('adds and removes users of the organisation, refusing users of another organisation', async () => {
    const made = await create('Renewals');
    const added = await post(t.app, demo, `${G}add_group_users/`, {
      group_id: made.groupId,
      user_ids: `${DEMO_IDS.demoUserId},${DEMO_IDS.colleagueUserId}`,
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().data.totalUsers).toBe(2);
    // Adding someone already in it changes nothing.
    const twice = await post(t.app, demo, `${G}add_group_users/`, {
      group_id: made.groupId,
      user_ids: String(DEMO_IDS.demoUserId),
    });
    expect(twice.json().data.totalUsers).toBe(2);

    const members = await get(t.app, demo, `${G}group_users/`, { group_id: made.groupId });
    expect(members.json().data).toEqual([
      { userId: DEMO_IDS.colleagueUserId, fullName: 'Ada Admin', email: expect.any(String), inGroup: true },
      { userId: DEMO_IDS.demoUserId, fullName: 'Dana Demo', email: expect.any(String), inGroup: true },
    ]);

    const removed = await post(t.app, demo, `${G}remove_group_users/`, {
      group_id: made.groupId,
      user_ids: String(DEMO_IDS.colleagueUserId),
    });
    expect(removed.json().data.totalUsers).toBe(1);

    const foreign = await post(t.app, demo, `${G}add_group_users/`, {
      group_id: made.groupId,
      user_ids: String(DEMO_IDS.otherOrgUserId),
    });
    expect(foreign.statusCode).toBe(404);
    const none = await post(t.app, demo, `${G}add_group_users/`, { group_id: made.groupId, user_ids: '' });
    expect(none.statusCode).toBe(400);
    const bad = await post(t.app, demo, `${G}add_group_users/`, { group_id: made.groupId, user_ids: 'a,b' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('user_ids');
  });

  it('deletes a deletable group and refuses the default team', async () => {
    const made = await create('Short-lived');
    const deleted = await post(t.app, demo, `${G}delete_group/`, { group_id: made.groupId });
    expect(deleted.json()).toEqual({ success: true });
    expect((await listing()).data.some((g) => g.groupId === made.groupId)).toBe(false);

    const team = (await listing()).data.find((g) => g.groupName === DEFAULT_GROUP_NAME);
    const refused = await post(t.app, demo, `${G}delete_group/`, { group_id: team?.groupId });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ success: false, message: GROUP_NOT_DELETABLE });
    expect((await listing()).data.some((g) => g.groupId === team?.groupId)).toBe(true);
  });

  it("answers 404 for another organisation's group on every call, changing nothing", async () => {
    const theirs = (await listing(other)).data[0] as SalesGroup;
    const calls = [
      post(t.app, demo, `${G}rename_group/`, { group_id: theirs.groupId, group_name: 'Mine now' }),
      post(t.app, demo, `${G}delete_group/`, { group_id: theirs.groupId }),
      post(t.app, demo, `${G}add_group_users/`, { group_id: theirs.groupId, user_ids: DEMO_IDS.demoUserId }),
      post(t.app, demo, `${G}remove_group_users/`, {
        group_id: theirs.groupId,
        user_ids: DEMO_IDS.otherOrgUserId,
      }),
      get(t.app, demo, `${G}group_users/`, { group_id: theirs.groupId }),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ success: false, message: 'Group not found.' });
    }
    expect((await listing(other)).data[0]).toEqual(theirs);
  });

  it('refuses bad ids and paging with 400 and a message, and signed-out calls with 403', async () => {
    for (const query of [{ limit: 0 }, { limit: 'ten' }, { offset: -1 }] as Record<
      string,
      string | number
    >[]) {
      const response = await get(t.app, demo, `${G}groups_listing/`, query);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/limit|offset/);
    }
    const badId = await post(t.app, demo, `${G}delete_group/`, { group_id: 'x' });
    expect(badId.statusCode).toBe(400);
    const signedOut = await t.app.inject({ method: 'GET', url: `${G}groups_listing/` });
    expect(signedOut.statusCode).toBe(403);
  });
});
