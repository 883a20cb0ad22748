import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../server/db/schema.ts';
import { hashPassword } from '../../server/lib/passwords.ts';
import { DEMO_IDS } from '../../server/seed/demoIds.ts';
import { INTERNAL_ADMIN_ID, INTERNAL_SUPPORT_ID } from '../../server/services/user/internalUsers.ts';

/**
 * An internal user made by the test itself (no internal account is seeded): 4708 (level 2) or 14764
 * (level 1), in the demo organisation unless told otherwise, with a random password returned to the test.
 */
export async function createInternalUser(
  db: Kysely<Database>,
  level: 1 | 2,
  orgId: number = DEMO_IDS.mainOrgId,
): Promise<{ id: number; email: string; password: string }> {
  const id = level === 2 ? INTERNAL_ADMIN_ID : INTERNAL_SUPPORT_ID;
  const password = randomBytes(18).toString('base64url');
  const email = `${level === 2 ? 'admin' : 'support'}-${randomBytes(4).toString('hex')}@internal.test`;
  await db
    .insertInto('users')
    .values({
      id,
      org_id: orgId,
      email,
      password_hash: await hashPassword(password),
      first_name: level === 2 ? 'Ada' : 'Sam',
      last_name: level === 2 ? 'Admin' : 'Support',
      signup_app_name: 'workbench',
      plan_type: 'enterprise',
      internal_level: level,
    })
    .execute();
  return { id, email, password };
}

/** An ordinary account in an organisation of its own, made by the test itself (sign-up now needs a mailed link). */
export async function createTestUser(
  db: Kysely<Database>,
  account: { email: string; password: string; first_name?: string; last_name?: string },
): Promise<{ id: number; orgId: number }> {
  const org = await db
    .insertInto('organisations')
    .values({
      name: `${account.email}'s workspace`,
      logo_image_url: null,
      privacy_url: null,
      contact_url: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const user = await db
    .insertInto('users')
    .values({
      org_id: org.id,
      email: account.email,
      password_hash: await hashPassword(account.password),
      first_name: account.first_name ?? 'Test',
      last_name: account.last_name ?? 'User',
      signup_app_name: 'workbench',
      plan_type: 'trial',
      // The first user of an organisation is its administrator.
      role: 'admin',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: user.id, orgId: org.id };
}
