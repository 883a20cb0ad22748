import { randomBytes } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Database, NewUser } from '../db/schema.ts';
import { hashPassword } from '../lib/passwords.ts';
import { DEMO_LOGIN, OTHER_ORG_LOGIN } from './demoAccounts.ts';
import { DEMO_IDS } from './demoIds.ts';
import { seedTime } from './seedTime.ts';

type DemoUser = {
  id: number;
  orgId: number;
  login: { email: string; password: string };
  first: string;
  last: string;
  plan: string;
};

const DEMO_USERS: readonly DemoUser[] = [
  {
    id: DEMO_IDS.demoUserId,
    orgId: DEMO_IDS.mainOrgId,
    login: DEMO_LOGIN,
    first: 'Dana',
    last: 'Demo',
    plan: 'premium',
  },
  {
    // A colleague who owns data but never signs in: a random password nobody knows.
    id: DEMO_IDS.colleagueUserId,
    orgId: DEMO_IDS.mainOrgId,
    login: { email: 'ada.admin@northwind-demo.test', password: randomBytes(24).toString('base64url') },
    first: 'Ada',
    last: 'Admin',
    plan: 'enterprise',
  },
  {
    id: DEMO_IDS.otherOrgUserId,
    orgId: DEMO_IDS.otherOrgId,
    login: OTHER_ORG_LOGIN,
    first: 'Hana',
    last: 'Harbor',
    plan: 'basic',
  },
];

/**
 * The two organisations and their ordinary users (ids fixed; the users sequence is moved past 20000
 * afterwards). Internal users (4708, 14764) are never seeded: see internalUsers.ts.
 */
export async function seedUsers(trx: Transaction<Database>): Promise<void> {
  // scrypt runs on the thread pool: hash all passwords at once (this is the slow part of the seed).
  const hashes = await Promise.all(DEMO_USERS.map((u) => hashPassword(u.login.password)));
  await trx
    .insertInto('organisations')
    .values([
      {
        id: DEMO_IDS.mainOrgId,
        name: 'Northwind Analytics',
        logo_image_url: null,
        privacy_url: 'https://northwind-demo.test/privacy',
        contact_url: 'https://northwind-demo.test/contact',
        created_at: seedTime(720),
      },
      {
        id: DEMO_IDS.otherOrgId,
        name: 'Harbor Lane Studio',
        logo_image_url: null,
        privacy_url: 'https://harborlane.test/privacy',
        contact_url: 'https://harborlane.test/contact',
        created_at: seedTime(400),
      },
    ])
    .execute();
  const rows: NewUser[] = DEMO_USERS.map((u, i) => ({
    id: u.id,
    org_id: u.orgId,
    email: u.login.email,
    password_hash: hashes[i] ?? '',
    first_name: u.first,
    last_name: u.last,
    signup_app_name: 'workbench',
    plan_type: u.plan,
    export_widget_permission: u.orgId === DEMO_IDS.mainOrgId,
    has_share_profile_perm: u.orgId === DEMO_IDS.mainOrgId,
    has_daily_iq_perm: u.orgId === DEMO_IDS.mainOrgId,
    has_weekly_account_insight_perm: u.orgId === DEMO_IDS.mainOrgId,
    sales_x_usage_permission: u.orgId === DEMO_IDS.mainOrgId,
    internal_level: 0,
    // The demo accounts have used the workbench before: their sign-in lands on the campaigns, not /welcome,
    // and no tour is offered above their pages (the user menu still takes each one).
    first_login_workbench: false,
    show_msg: false,
    // The first user of each organisation is its administrator; the colleague is a member.
    role: u.id === DEMO_IDS.colleagueUserId ? 'member' : 'admin',
    created_at: seedTime(700 - i),
    updated_at: seedTime(700 - i),
  }));
  await trx.insertInto('users').values(rows).execute();
}
