import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { checkPasswordStrength } from '../../../domain/passwordStrength.ts';
import type { Database } from '../../db/schema.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { resetSequences } from '../../seed/resetSequences.ts';

/** The spec's internal users: 4708 (level 2, the internal admin) and 14764 (level 1). */
export const INTERNAL_ADMIN_ID = 4708;
export const INTERNAL_SUPPORT_ID = 14764;
/** New sign-ups take ids after this, so they never take an internal user's id. */
const USERS_SEQUENCE_FLOOR = 20000;
const INTERNAL_ORGANISATION = 'Workbench administration';

/**
 * Passwords an internal account had in earlier versions, printed in their README: an account still holding
 * one is given a new random password at start-up. They are listed only to be recognised and refused.
 */
const RETIRED_PASSWORDS: Readonly<Record<string, string>> = {
  'admin@workbench.test': 'Admin-Password-2026',
  'support@workbench.test': 'Support-Password-2026',
};

type InternalUserSpec = {
  id: number;
  level: number;
  /** What the log and the file call it. */
  role: 'admin' | 'support';
  email: string;
  /** From the environment; a random one is made when absent. */
  password: string | undefined;
  lastName: string;
};

export type InternalUserOutcome = {
  id: number;
  role: 'admin' | 'support';
  email: string;
  /** created: made now; rotated: held a retired public password, given a new one now; existing: left alone. */
  status: 'created' | 'rotated' | 'existing';
  /** The password made now (status created or rotated without one from the environment), else null. */
  generatedPassword: string | null;
  /** Where the made password was written (owner-only), when it was. */
  passwordFile: string | null;
  /** Why the file could not be written (the log line is then the only copy). */
  fileError: string | null;
  /** An earlier initial password file that no longer matched the account's password and was removed. */
  removedStaleFile: string | null;
};

export type InternalUsersOptions = {
  env: NodeJS.ProcessEnv;
  /** Where the initial password files go: DATA_DIR (./data by default), also with DATABASE_URL. */
  dataDir: string;
};

function specsFrom(env: NodeJS.ProcessEnv): InternalUserSpec[] {
  const specs: InternalUserSpec[] = [
    {
      id: INTERNAL_ADMIN_ID,
      level: 2,
      role: 'admin',
      email: (env.ADMIN_EMAIL || 'admin@workbench.test').trim(),
      password: env.ADMIN_PASSWORD || undefined,
      lastName: 'Admin',
    },
  ];
  // The second internal user exists only when its operator asks for it.
  if (env.SUPPORT_EMAIL) {
    specs.push({
      id: INTERNAL_SUPPORT_ID,
      level: 1,
      role: 'support',
      email: env.SUPPORT_EMAIL.trim(),
      password: env.SUPPORT_PASSWORD || undefined,
      lastName: 'Support',
    });
  }
  return specs;
}

/** A password nobody could guess: 160 random bits, URL-safe. */
export function randomPassword(): string {
  return randomBytes(20).toString('base64url');
}

export function initialPasswordFile(dataDir: string, role: 'admin' | 'support'): string {
  return path.join(dataDir, `initial_${role}_password`);
}

/** Writes the file readable by its owner only; an older file is removed first, so its mode never carries over. */
function writeSecretFile(file: string, email: string, password: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  fs.rmSync(file, { force: true });
  fs.writeFileSync(
    file,
    [
      `# Written once by the workbench at its first start; removed at a start after the password has changed.`,
      `# Sign in with it, then set your own password (Forgot password?).`,
      `Email: ${email}`,
      `Password: ${password}`,
      '',
    ].join('\n'),
    { mode: 0o600, flag: 'wx' },
  );
}

function passwordInFile(file: string): string | null {
  try {
    const match = /^Password: (.+)$/m.exec(fs.readFileSync(file, 'utf8'));
    return match?.[1] ?? null;
  } catch {
    return null;
  }
}

async function internalOrganisation(db: Kysely<Database>): Promise<number> {
  const member = await db
    .selectFrom('users')
    .select('org_id')
    .where('internal_level', '>=', 1)
    .orderBy('id')
    .executeTakeFirst();
  if (member) return member.org_id;
  const org = await db
    .insertInto('organisations')
    .values({ name: INTERNAL_ORGANISATION, logo_image_url: null, privacy_url: null, contact_url: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return org.id;
}

function checkedPassword(spec: InternalUserSpec): string {
  if (!spec.password) return randomPassword();
  const verdict = checkPasswordStrength(spec.password, [spec.email]);
  const variable = spec.role === 'admin' ? 'ADMIN_PASSWORD' : 'SUPPORT_PASSWORD';
  if (!verdict.acceptable) throw new Error(`${variable} is refused: ${verdict.message}`);
  return spec.password;
}

async function ensureOne(
  db: Kysely<Database>,
  spec: InternalUserSpec,
  dataDir: string,
): Promise<InternalUserOutcome> {
  const file = initialPasswordFile(dataDir, spec.role);
  const outcome: InternalUserOutcome = {
    id: spec.id,
    role: spec.role,
    email: spec.email,
    status: 'existing',
    generatedPassword: null,
    passwordFile: null,
    fileError: null,
    removedStaleFile: null,
  };
  const existing = await db
    .selectFrom('users')
    .select(['id', 'email', 'password_hash'])
    .where('id', '=', spec.id)
    .executeTakeFirst();

  let newPassword: string | null = null;
  if (!existing) {
    const password = checkedPassword(spec);
    const created = await db.transaction().execute(async (trx) => {
      const taken = await trx
        .selectFrom('users')
        .select('id')
        .where((eb) => eb(eb.fn('lower', ['email']), '=', spec.email.toLowerCase()))
        .executeTakeFirst();
      if (taken) {
        throw new Error(
          `${spec.role === 'admin' ? 'ADMIN_EMAIL' : 'SUPPORT_EMAIL'} ${spec.email} already belongs to another account: choose another address.`,
        );
      }
      const orgId = await internalOrganisation(trx);
      const row = await trx
        .insertInto('users')
        .values({
          id: spec.id,
          org_id: orgId,
          email: spec.email,
          password_hash: await hashPassword(password),
          first_name: 'Workbench',
          last_name: spec.lastName,
          signup_app_name: 'workbench',
          plan_type: 'enterprise',
          internal_level: spec.level,
        })
        // Two processes starting together on one PostgreSQL: the first one creates the user.
        .onConflict((oc) => oc.column('id').doNothing())
        .returning('id')
        .executeTakeFirst();
      await resetSequences(trx, ['users'], { users: USERS_SEQUENCE_FLOOR });
      return row !== undefined;
    });
    if (!created) return outcome;
    outcome.status = 'created';
    newPassword = spec.password ? null : password;
  } else {
    const retired = RETIRED_PASSWORDS[existing.email.toLowerCase()];
    if (retired && (await verifyPassword(retired, existing.password_hash))) {
      const password = randomPassword();
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('users')
          .set({ password_hash: await hashPassword(password), updated_at: new Date() })
          .where('id', '=', existing.id)
          .execute();
        await trx.deleteFrom('sessions').where('user_id', '=', existing.id).execute();
      });
      outcome.status = 'rotated';
      outcome.email = existing.email;
      newPassword = password;
    } else {
      outcome.email = existing.email;
      const written = passwordInFile(file);
      if (written !== null && !(await verifyPassword(written, existing.password_hash))) {
        fs.rmSync(file, { force: true });
        outcome.removedStaleFile = file;
      }
    }
  }
  if (newPassword !== null) {
    outcome.generatedPassword = newPassword;
    try {
      writeSecretFile(file, outcome.email, newPassword);
      outcome.passwordFile = file;
    } catch (error) {
      outcome.fileError = error instanceof Error ? error.message : String(error);
    }
  }
  return outcome;
}

/**
 * Makes sure the internal admin (4708) exists, and the second internal user (14764) when SUPPORT_EMAIL is
 * set. A new one is created from ADMIN_EMAIL / ADMIN_PASSWORD (SUPPORT_EMAIL / SUPPORT_PASSWORD), the
 * password held to the strength rule; without a password a random one is made, returned once for the
 * start-up log and written to DATA_DIR/initial_<role>_password, readable by its owner only (0600). Later
 * starts leave the account alone, except that one still holding a password an earlier version published
 * gets a new random password the same way, and a password file that no longer matches is removed.
 */
export async function ensureInternalUsers(
  db: Kysely<Database>,
  options: InternalUsersOptions,
): Promise<InternalUserOutcome[]> {
  const outcomes: InternalUserOutcome[] = [];
  for (const spec of specsFrom(options.env)) outcomes.push(await ensureOne(db, spec, options.dataDir));
  return outcomes;
}
