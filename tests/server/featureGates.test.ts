import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEATURE_MISSING_TEXT } from '../../domain/featureFlags.ts';
import { OTHER_ORG_LOGIN } from '../../server/seed/demoAccounts.ts';
import { DEMO_IDS } from '../../server/seed/demoIds.ts';
import { createTestApp, type Session, signIn, type TestApp } from '../helpers/testApp.ts';
import { A, get, post } from './workflowTestKit.ts';

/**
 * Every plan flag refuses, on the server, what it gates for a user without it (the "permission denied"
 * answer with its reason) and allows it for a user with it (docs/permissions.md lists them).
 */
let t: TestApp;
let demo: Session;
/** The other demo organisation's user: a plan that is not premium, no permission flag. */
let free: Session;

const denied = (reason: string) => ({
  success: false,
  message: 'permission denied',
  error_code: 403,
  reason,
});
const range = { start_date: '2020-01-01', end_date: '2030-01-01' };

beforeAll(async () => {
  t = await createTestApp();
  demo = await signIn(t.app);
  free = await signIn(t.app, OTHER_ORG_LOGIN);
});
afterAll(async () => {
  await t?.close();
});

describe('the plan and permission flags, on the server', () => {
  it('sales usage: the sales groups, every call refused without it and nothing changed', async () => {
    const before = await t.database.db
      .selectFrom('sales_groups')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    for (const response of [
      await get(t.app, free, '/api/audience/groups_listing/'),
      await post(t.app, free, '/api/audience/create_group/', { group_name: 'Not allowed' }),
    ]) {
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(denied(FEATURE_MISSING_TEXT.sales_usage));
    }
    const after = await t.database.db
      .selectFrom('sales_groups')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    const allowed = await get(t.app, demo, '/api/audience/groups_listing/');
    expect(allowed.json().success).toBe(true);
  });

  it('share profile, daily IQ and weekly account insight: their pseudo campaigns refused without the flag', async () => {
    for (const [field, feature] of [
      ['share_profile', 'share_profile'],
      ['daily_IQ', 'daily_iq'],
      ['weekly_account_insights', 'weekly_account_insight'],
    ] as const) {
      const refused = await post(t.app, free, `${A}analytics_dashboard/`, { ...range, [field]: 1 });
      expect(refused.json()).toEqual(denied(FEATURE_MISSING_TEXT[feature]));
      const answered = await post(t.app, demo, `${A}analytics_dashboard/`, { ...range, [field]: 1 });
      expect(answered.json().success, answered.body).toBe(true);
    }
    // Without the switch, the same user reads their reports.
    expect((await post(t.app, free, `${A}analytics_dashboard/`, range)).json().success).toBe(true);
  });

  it('premium: an analytics export is refused on a plan that is not premium, and none is recorded', async () => {
    const refused = await post(t.app, free, `${A}analytics_dashboard/`, { ...range, export_analytics: 1 });
    expect(refused.json()).toEqual(denied(FEATURE_MISSING_TEXT.premium));
    const exports = await t.database.db
      .selectFrom('analytics_exports')
      .select('id')
      .where('org_id', '=', DEMO_IDS.otherOrgId)
      .execute();
    expect(exports).toEqual([]);
  });
});
