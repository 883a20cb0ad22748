import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { hashPassword } from '../lib/passwords.ts';
import { ADMIN_LOGIN, DEMO_LOGIN, SUPPORT_LOGIN } from './demoAccounts.ts';

export type SeedSummary = { demoPreferenceUuid: string | null };

/** Fills an empty database with the deterministic demo data. Does nothing when users exist. */
export async function seedDemoData(db: Kysely<Database>): Promise<SeedSummary> {
  const existing = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (existing) return { demoPreferenceUuid: await firstPreferenceUuid(db) };
  await db.transaction().execute(async (trx) => {
    const org = await trx
      .insertInto('organisations')
      .values({ name: 'Northwind Analytics', logo_image_url: null, privacy_url: null, contact_url: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    const users = [
      { id: 1001, login: DEMO_LOGIN, first: 'Dana', last: 'Demo', level: 0, plan: 'premium' },
      { id: 4708, login: ADMIN_LOGIN, first: 'Ada', last: 'Admin', level: 2, plan: 'enterprise' },
      { id: 14764, login: SUPPORT_LOGIN, first: 'Sam', last: 'Support', level: 1, plan: 'enterprise' },
    ];
    for (const u of users) {
      await trx
        .insertInto('users')
        .values({
          id: u.id,
          org_id: org.id,
          email: u.login.email,
          password_hash: await hashPassword(u.login.password),
          first_name: u.first,
          last_name: u.last,
          signup_app_name: 'workbench',
          plan_type: u.plan,
          export_widget_permission: true,
          internal_level: u.level,
        } as never)
        .execute();
    }
    await trx.executeQuery({
      sql: "select setval(pg_get_serial_sequence('users', 'id'), 20000)",
      parameters: [],
      query: { kind: 'RawNode' },
    } as never);
  });
  return { demoPreferenceUuid: await firstPreferenceUuid(db) };
}

async function firstPreferenceUuid(db: Kysely<Database>): Promise<string | null> {
  const row = await db.selectFrom('preferences').select('uuid').orderBy('created_at').orderBy('uuid').limit(1).executeTakeFirst();
  return row?.uuid ?? null;
}
