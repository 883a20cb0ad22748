import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Session, signIn, type TestApp } from '../../helpers/testApp.ts';
import { createTestUser } from '../../helpers/testUsers.ts';
import { createColleague, get, post, signInColleague } from '../workflowTestKit.ts';

/**
 * The first visit and the tours: profile_login/ (appName workbench) ends a user's first visit, the
 * onboarding-step POST keeps where they stand in each area's tour (read back in user_data/ on any
 * device), each user only their own; bad input is a 400 with its reason and changes nothing.
 */
const U = '/api/user/';
let t: TestApp;
let demo: Session;
let newcomer: Session;
let colleague: Session;

const NEWCOMER = { email: 'first-visit@onboarding.test', password: 'First-Visit-Lantern-2026' };

beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT: '100000' });
  demo = await signIn(t.app);
  await createTestUser(t.database.db, NEWCOMER);
  newcomer = await signIn(t.app, NEWCOMER);
  await createColleague(t.database);
  colleague = await signInColleague(t.app);
});
afterAll(async () => {
  await t?.close();
});

async function userData(session: Session) {
  const answer = await get(t.app, session, `${U}user_data/`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().data as { first_login_workbench: boolean; onboarding_steps: Record<string, number> };
}

describe('profile_login/', () => {
  it("ends a new user's first visit once, and says whether it was the first", async () => {
    expect((await userData(newcomer)).first_login_workbench).toBe(true);
    const first = await post(t.app, newcomer, `${U}profile_login/`, { appName: 'workbench' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ success: true, first_login: true });
    expect((await userData(newcomer)).first_login_workbench).toBe(false);

    const again = await post(t.app, newcomer, `${U}profile_login/`, { appName: 'workbench' });
    expect(again.json()).toEqual({ success: true, first_login: false });
    // A session signed in afterwards sees it too.
    const later = await signIn(t.app, NEWCOMER);
    expect((await userData(later)).first_login_workbench).toBe(false);
  });

  it('refuses an unknown or missing appName with a 400', async () => {
    for (const fields of [{ appName: 'mail-client' }, {}, { appName: '' }]) {
      const answer = await post(t.app, colleague, `${U}profile_login/`, fields);
      expect(answer.statusCode, answer.body).toBe(400);
      expect(answer.json().message).toMatch(/appName/);
    }
    expect((await userData(colleague)).first_login_workbench).toBe(true);
  });

  it('needs a session and the CSRF header', async () => {
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `${U}profile_login/`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'appName=workbench',
    });
    expect(anonymous.statusCode).toBe(403);
    const noCsrf = await t.app.inject({
      method: 'POST',
      url: `${U}profile_login/`,
      headers: { cookie: colleague.cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'appName=workbench',
    });
    expect(noCsrf.statusCode).toBe(403);
    expect((await userData(colleague)).first_login_workbench).toBe(true);
  });
});

describe('the onboarding-step POST', () => {
  it('keeps the step of each tour, the latest written winning, and user_data/ answers it on any session', async () => {
    expect((await userData(demo)).onboarding_steps).toEqual({});
    const kept = await post(t.app, demo, `${U}onboarding_step/`, { key: 'campaigns', step: 2 });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toEqual({ success: true, key: 'campaigns', step: 2 });
    await post(t.app, demo, `${U}onboarding_step/`, { key: 'content_explorer', step: 0 });
    await post(t.app, demo, `${U}onboarding_step/`, { key: 'campaigns', step: 3 });

    // Another device: a new session of the same user.
    const otherDevice = await signIn(t.app);
    expect((await userData(otherDevice)).onboarding_steps).toEqual({ campaigns: 3, content_explorer: 0 });
    // A step back (the user went Back) is kept as well.
    await post(t.app, otherDevice, `${U}onboarding_step/`, { key: 'campaigns', step: 1 });
    expect((await userData(demo)).onboarding_steps.campaigns).toBe(1);
  });

  it("keeps each user's steps apart, in and across organisations", async () => {
    await post(t.app, colleague, `${U}onboarding_step/`, { key: 'automation', step: 4 });
    expect((await userData(colleague)).onboarding_steps).toEqual({ automation: 4 });
    expect((await userData(demo)).onboarding_steps.automation).toBeUndefined();
    expect((await userData(newcomer)).onboarding_steps).toEqual({});
  });

  it('refuses a bad key or step with a 400 that names it, and keeps the step it had', async () => {
    await post(t.app, demo, `${U}onboarding_step/`, { key: 'editions', step: 1 });
    const bad: Record<string, string | number>[] = [
      { key: 'billing', step: 1 },
      { step: 1 },
      { key: 'editions' },
      { key: 'editions', step: -1 },
      // One past the furthest step kept (MAX_ONBOARDING_STEP).
      { key: 'editions', step: 21 },
      { key: 'editions', step: '1.5' },
      { key: 'editions', step: 'next' },
      { key: 'editions', step: '' },
    ];
    for (const fields of bad) {
      const answer = await post(t.app, demo, `${U}onboarding_step/`, fields);
      expect(answer.statusCode, JSON.stringify(fields)).toBe(400);
      expect(answer.json().message, JSON.stringify(fields)).toMatch(/key|step/);
    }
    expect((await userData(demo)).onboarding_steps.editions).toBe(1);
  });

  it('needs the CSRF header', async () => {
    const answer = await t.app.inject({
      method: 'POST',
      url: `${U}onboarding_step/`,
      headers: { cookie: demo.cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'key=assets&step=1',
    });
    expect(answer.statusCode).toBe(403);
    expect((await userData(demo)).onboarding_steps.assets).toBeUndefined();
  });

  it('is described in the OpenAPI document with profile_login/', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const paths = response.json().paths as Record<string, Record<string, { summary?: string }>>;
    expect(paths[`${U}onboarding_step/`]?.post?.summary).toBeTruthy();
    expect(paths[`${U}profile_login/`]?.post?.summary).toBeTruthy();
  });
});
