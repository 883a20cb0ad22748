import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../server/db/openDatabase.ts';
import { prepareDatabase } from '../../../server/db/prepareDatabase.ts';
import type { Database } from '../../../server/db/schema.ts';
import { hashPassword, verifyPassword } from '../../../server/lib/passwords.ts';
import { ensureInternalUsers } from '../../../server/services/user/internalUsers.ts';

/**
 * The internal users are never seeded: start-up creates them (server/services/user/internalUsers.ts).
 * On an empty PGlite without demo data; each test starts with no internal user and an empty data folder.
 */
let database: DatabaseHandle;
let db: Kysely<Database>;
let dataDir: string;

beforeAll(async () => {
  ({ database } = await prepareDatabase({ dataDir: 'memory://', seed: false }));
  db = database.db;
});
afterAll(async () => {
  await database?.close();
});
beforeEach(async () => {
  await db.deleteFrom('users').execute();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wb-internal-'));
  return () => fs.rmSync(dataDir, { recursive: true, force: true });
});

const ensure = (env: Record<string, string> = {}) => ensureInternalUsers(db, { env, dataDir });
const userRow = (id: number) => db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();

/** Every "Something-Password-2026"-like text of the repository's docs and code: none may open an internal account. */
function passwordsWrittenInTheRepository(): string[] {
  const files = ['README.md', 'server/seed/demoAccounts.ts', 'server/services/user/internalUsers.ts'];
  const found = new Set<string>();
  for (const file of files) {
    for (const match of fs.readFileSync(file, 'utf8').matchAll(/\b[A-Z][A-Za-z]*-Password-\d{4}\b/g)) {
      found.add(match[0]);
    }
  }
  return [...found];
}

describe('the internal admin (4708)', () => {
  it('is created at first start with a random password, returned once and written to an owner-only file', async () => {
    const [admin] = await ensure();
    expect(admin).toMatchObject({
      id: 4708,
      role: 'admin',
      status: 'created',
      email: 'admin@workbench.test',
    });
    const password = admin?.generatedPassword ?? '';
    expect(password).toMatch(/^[A-Za-z0-9_-]{27}$/);
    const row = await userRow(4708);
    expect(row).toMatchObject({ internal_level: 2, email: 'admin@workbench.test' });
    expect(await verifyPassword(password, row?.password_hash ?? '')).toBe(true);
    const file = path.join(dataDir, 'initial_admin_password');
    expect(admin?.passwordFile).toBe(file);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.readFileSync(file, 'utf8')).toContain(`Password: ${password}`);
    // No text written in the repository opens it.
    for (const written of passwordsWrittenInTheRepository()) {
      expect(await verifyPassword(written, row?.password_hash ?? ''), written).toBe(false);
    }

    // Later starts leave it alone and never hand the password out again.
    const [again] = await ensure();
    expect(again).toMatchObject({ status: 'existing', generatedPassword: null, removedStaleFile: null });
    expect(fs.existsSync(file)).toBe(true);
  });

  it('removes the password file once the password has changed', async () => {
    await ensure();
    await db
      .updateTable('users')
      .set({ password_hash: await hashPassword('a new password of my own choosing') })
      .where('id', '=', 4708)
      .execute();
    const [admin] = await ensure();
    expect(admin?.removedStaleFile).toBe(path.join(dataDir, 'initial_admin_password'));
    expect(fs.existsSync(path.join(dataDir, 'initial_admin_password'))).toBe(false);
  });

  it('takes ADMIN_EMAIL and ADMIN_PASSWORD when set (no file), and refuses a guessable ADMIN_PASSWORD', async () => {
    await expect(ensure({ ADMIN_EMAIL: 'ops@example.com', ADMIN_PASSWORD: 'password123' })).rejects.toThrow(
      /ADMIN_PASSWORD is refused: This password is too easy to guess/,
    );
    expect(await userRow(4708)).toBeUndefined();

    const strong = 'violet kettle orbit 93 lantern';
    const [admin] = await ensure({ ADMIN_EMAIL: 'ops@example.com', ADMIN_PASSWORD: strong });
    expect(admin).toMatchObject({ status: 'created', email: 'ops@example.com', generatedPassword: null });
    expect(fs.existsSync(path.join(dataDir, 'initial_admin_password'))).toBe(false);
    expect(await verifyPassword(strong, (await userRow(4708))?.password_hash ?? '')).toBe(true);
  });

  it('refuses an ADMIN_EMAIL that belongs to another account', async () => {
    const org = await db
      .insertInto('organisations')
      .values({ name: 'Someone', logo_image_url: null, privacy_url: null, contact_url: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('users')
      .values({
        org_id: org.id,
        email: 'taken@example.com',
        password_hash: 'x',
        first_name: 'T',
        last_name: 'Aken',
        signup_app_name: 'workbench',
        plan_type: 'trial',
      })
      .execute();
    await expect(ensure({ ADMIN_EMAIL: 'Taken@example.com' })).rejects.toThrow(
      /ADMIN_EMAIL Taken@example.com already belongs to another account/,
    );
  });

  it('gives an account still holding a password an earlier README printed a new random one', async () => {
    await ensure({ ADMIN_EMAIL: 'admin@workbench.test', ADMIN_PASSWORD: 'violet kettle orbit 93 lantern' });
    await db
      .updateTable('users')
      .set({ password_hash: await hashPassword('Admin-Password-2026') })
      .where('id', '=', 4708)
      .execute();
    const [admin] = await ensure();
    expect(admin).toMatchObject({ status: 'rotated', email: 'admin@workbench.test' });
    const hash = (await userRow(4708))?.password_hash ?? '';
    expect(await verifyPassword('Admin-Password-2026', hash)).toBe(false);
    expect(await verifyPassword(admin?.generatedPassword ?? '', hash)).toBe(true);
  });
});

describe('the second internal user (14764)', () => {
  it('exists only when SUPPORT_EMAIL is set, at level 1 beside the admin', async () => {
    expect(await ensure()).toHaveLength(1);
    expect(await userRow(14764)).toBeUndefined();
    const [, support] = await ensure({ SUPPORT_EMAIL: 'help@example.com' });
    expect(support).toMatchObject({ id: 14764, role: 'support', status: 'created' });
    expect(fs.existsSync(path.join(dataDir, 'initial_support_password'))).toBe(true);
    const [admin, helper] = [await userRow(4708), await userRow(14764)];
    expect(helper).toMatchObject({ internal_level: 1, org_id: admin?.org_id });
  });

  it('keeps sign-ups off the internal ids', async () => {
    await ensure();
    const org = await db
      .insertInto('organisations')
      .values({ name: 'New', logo_image_url: null, privacy_url: null, contact_url: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    const user = await db
      .insertInto('users')
      .values({
        org_id: org.id,
        email: 'new@example.com',
        password_hash: 'x',
        first_name: 'N',
        last_name: 'Ew',
        signup_app_name: 'workbench',
        plan_type: 'trial',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(user.id).toBeGreaterThan(20000);
  });
});
