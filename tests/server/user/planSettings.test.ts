import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlanSettings } from '../../../domain/planSettings.ts';
import { DEMO_LOGIN, OTHER_ORG_LOGIN } from '../../../server/seed/demoAccounts.ts';
import { createTestApp, type Session, signIn, type TestApp } from '../../helpers/testApp.ts';
import { createInternalUser } from '../../helpers/testUsers.ts';
import { get, post } from '../workflowTestKit.ts';

/**
 * Settings › Plan: everyone reads their plan type and feature flags; only internal users change them
 * (anyone's), and every change is in the audit log the organisation reads.
 */
const U = '/api/user/';
let t: TestApp;
let demo: Session;
let other: Session;
let internal: Session;

beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT: '100000' });
  demo = await signIn(t.app);
  other = await signIn(t.app, OTHER_ORG_LOGIN);
  const staff = await createInternalUser(t.database.db, 1);
  internal = await signIn(t.app, staff);
});
afterAll(async () => {
  await t?.close();
});

const plan = async (session: Session, userEmail?: string) => {
  const answer = await get(t.app, session, `${U}plan_settings/`, { user_email: userEmail });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json();
};

describe('reading a plan', () => {
  it('shows every user their own plan type and flags, unchangeable for an ordinary user', async () => {
    const data: PlanSettings = (await plan(demo)).data;
    expect(data.holder).toMatchObject({
      email: DEMO_LOGIN.email,
      plan_type: 'PREMIUM',
      has_share_profile_perm: true,
      export_widget_permission: true,
    });
    expect(data.can_change).toBe(false);
    // Someone else's plan is not an ordinary user's to read.
    expect(await plan(demo, OTHER_ORG_LOGIN.email)).toMatchObject({ success: false, error_code: 403 });
  });
});

describe('changing a plan', () => {
  it('is refused for anyone but an internal user, and changes nothing', async () => {
    const refused = await post(t.app, demo, `${U}change_plan/`, {
      user_email: DEMO_LOGIN.email,
      plan_type: 'FREE',
    });
    expect(refused.json()).toMatchObject({ success: false, message: 'permission denied', error_code: 403 });
    expect((await plan(demo)).data.holder.plan_type).toBe('PREMIUM');
  });

  it("lets an internal user change any user's plan and flags, each change in the audit log", async () => {
    const looked = (await plan(internal, OTHER_ORG_LOGIN.email)).data as PlanSettings;
    expect(looked.can_change).toBe(true);
    expect(looked.holder.organisation_name).toBe('Harbor Lane Studio');

    const changed = await post(t.app, internal, `${U}change_plan/`, {
      user_email: OTHER_ORG_LOGIN.email,
      plan_type: 'enterprise',
      sales_x_usage_permission: '1',
      export_widget_permission: '1',
      has_daily_iq_perm: '0',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const after = changed.json().data as PlanSettings;
    expect(after.holder).toMatchObject({
      plan_type: 'ENTERPRISE',
      sales_x_usage_permission: true,
      export_widget_permission: true,
      has_daily_iq_perm: false,
    });
    // Fields sent with their current value (daily IQ was already off) are not logged.
    expect(after.changes.map((c) => [c.field, c.old_value, c.new_value]).sort()).toEqual(
      [
        ['export_widget_permission', 'off', 'on'],
        ['plan_type', looked.holder.plan_type, 'ENTERPRISE'],
        ['sales_x_usage_permission', 'off', 'on'],
      ].sort(),
    );
    expect(after.changes.every((c) => c.user_email === OTHER_ORG_LOGIN.email)).toBe(true);

    // The user sees the change at once, with the log; another organisation's log does not show it.
    const own = (await plan(other)).data as PlanSettings;
    expect(own.holder.plan_type).toBe('ENTERPRISE');
    expect(own.changes).toHaveLength(3);
    const userData = (await get(t.app, other, `${U}user_data/`)).json().data;
    expect(userData).toMatchObject({ plan_type: 'ENTERPRISE', export_widget_permission: true });
    expect((await plan(demo)).data.changes).toEqual([]);
  });

  it('refuses bad input with a 400 and an unknown address with a 404', async () => {
    for (const fields of [
      { user_email: 'nope' },
      { user_email: DEMO_LOGIN.email, plan_type: 'GOLD' },
      { user_email: DEMO_LOGIN.email, has_daily_iq_perm: 'maybe' },
      {},
    ]) {
      const answer = await post(t.app, internal, `${U}change_plan/`, fields);
      expect(answer.statusCode, JSON.stringify(fields)).toBe(400);
      expect(answer.json().message).toBeTruthy();
    }
    const unknown = await post(t.app, internal, `${U}change_plan/`, {
      user_email: 'nobody@example.com',
      plan_type: 'FREE',
    });
    expect(unknown.statusCode).toBe(404);
    expect((await get(t.app, internal, `${U}plan_settings/`, { user_email: 'x' })).statusCode).toBe(400);
  });
});
