import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { verifyPassword } from '../lib/passwords.ts';
import { PUBLIC_DEMO_LOGINS } from './demoAccounts.ts';

/** The demo sign-ins that still exist with the password the README publishes (the start-up log warns). */
export async function publicDemoAccounts(db: Kysely<Database>): Promise<string[]> {
  const emails = PUBLIC_DEMO_LOGINS.map((login) => login.email);
  const rows = await db
    .selectFrom('users')
    .select(['email', 'password_hash'])
    .where('email', 'in', emails)
    .execute();
  const open = await Promise.all(
    rows.map(async (row) => {
      const login = PUBLIC_DEMO_LOGINS.find((l) => l.email === row.email);
      return login && (await verifyPassword(login.password, row.password_hash)) ? row.email : null;
    }),
  );
  return open.filter((email): email is string => email !== null);
}
