import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../../db/schema.ts';
import { createStarterContent } from './createStarterContent.ts';

export async function findUserByEmail(db: Kysely<Database>, email: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .executeTakeFirst();
}

export async function createOrganisationAndUser(
  db: Kysely<Database>,
  input: {
    organisationName: string;
    email: string;
    passwordHash: string;
    firstName: string;
    lastName: string;
  },
): Promise<UserRow> {
  const create = async (trx: Kysely<Database>) => {
    const org = await trx
      .insertInto('organisations')
      .values({ name: input.organisationName, logo_image_url: null, privacy_url: null, contact_url: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    const user = await trx
      .insertInto('users')
      .values({
        org_id: org.id,
        email: input.email,
        password_hash: input.passwordHash,
        first_name: input.firstName,
        last_name: input.lastName,
        signup_app_name: 'workbench',
        plan_type: 'trial',
        // The first user of an organisation is its administrator.
        role: 'admin',
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    // The address the owner confirmed at sign-up is the organisation's verified default sender.
    await trx
      .insertInto('verified_addresses')
      .values({
        org_id: org.id,
        address: user.email,
        sender_name: `${user.first_name} ${user.last_name}`.trim(),
        is_default: true,
      })
      .execute();
    // The starter emails, list and share profile come with the organisation, in the same transaction.
    await createStarterContent(
      trx,
      {
        orgId: org.id,
        userId: user.id,
        email: user.email,
        firstName: user.first_name,
        lastName: user.last_name,
      },
      input.organisationName,
    );
    return user;
  };
  return db.isTransaction ? create(db) : db.transaction().execute(create);
}

export async function createPasswordReset(
  db: Kysely<Database>,
  userId: number,
  keyHash: string,
  expiresAt: Date,
): Promise<void> {
  await db
    .insertInto('password_resets')
    .values({ key_hash: keyHash, user_id: userId, expires_at: expiresAt })
    .execute();
}

export async function findLivePasswordReset(db: Kysely<Database>, keyHash: string) {
  return db
    .selectFrom('password_resets')
    .innerJoin('users', 'users.id', 'password_resets.user_id')
    .select(['password_resets.user_id', 'users.email'])
    .where('password_resets.key_hash', '=', keyHash)
    .where('password_resets.used_at', 'is', null)
    .where('password_resets.expires_at', '>', new Date())
    .executeTakeFirst();
}

/**
 * Sets the new password, spends every open reset key of the user and ends all their sessions, in one
 * transaction. Returns the user's id, or null when the key was spent or expired meanwhile.
 */
export async function applyPasswordReset(
  db: Kysely<Database>,
  keyHash: string,
  passwordHash: string,
): Promise<number | null> {
  return db.transaction().execute(async (trx) => {
    const spent = await trx
      .updateTable('password_resets')
      .set({ used_at: new Date() })
      .where('key_hash', '=', keyHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', new Date())
      .returning('user_id')
      .executeTakeFirst();
    if (!spent) return null;
    await trx
      .updateTable('users')
      .set({ password_hash: passwordHash, updated_at: new Date() })
      .where('id', '=', spent.user_id)
      .execute();
    await trx
      .updateTable('password_resets')
      .set({ used_at: new Date() })
      .where('user_id', '=', spent.user_id)
      .where('used_at', 'is', null)
      .execute();
    await trx.deleteFrom('sessions').where('user_id', '=', spent.user_id).execute();
    return spent.user_id;
  });
}

export type PendingSignup = {
  email: string;
  firstName: string;
  lastName: string;
  organisationName: string;
  passwordHash: string;
};

export async function createPendingSignup(
  db: Kysely<Database>,
  keyHash: string,
  signup: PendingSignup,
  expiresAt: Date,
): Promise<void> {
  await db
    .insertInto('pending_signups')
    .values({
      key_hash: keyHash,
      email: signup.email,
      first_name: signup.firstName,
      last_name: signup.lastName,
      organisation_name: signup.organisationName,
      password_hash: signup.passwordHash,
      expires_at: expiresAt,
    })
    .execute();
}

export async function findLivePendingSignup(db: Kysely<Database>, keyHash: string) {
  return db
    .selectFrom('pending_signups')
    .select('email')
    .where('key_hash', '=', keyHash)
    .where('expires_at', '>', new Date())
    .executeTakeFirst();
}

/**
 * Completes a sign-up with its mailed key, in one transaction: spends the key (and every other pending
 * sign-up of the address), then creates the organisation and the user. 'spent' when the key is unknown,
 * used or expired; 'taken' when the address has an account by now.
 */
export async function completePendingSignup(
  db: Kysely<Database>,
  keyHash: string,
): Promise<UserRow | 'spent' | 'taken'> {
  return db.transaction().execute(async (trx) => {
    const pending = await trx
      .deleteFrom('pending_signups')
      .where('key_hash', '=', keyHash)
      .where('expires_at', '>', new Date())
      .returningAll()
      .executeTakeFirst();
    if (!pending) return 'spent';
    await trx
      .deleteFrom('pending_signups')
      .where((eb) => eb(eb.fn('lower', ['email']), '=', pending.email.toLowerCase()))
      .execute();
    if (await findUserByEmail(trx, pending.email)) return 'taken';
    return createOrganisationAndUser(trx, {
      organisationName: pending.organisation_name,
      email: pending.email,
      passwordHash: pending.password_hash,
      firstName: pending.first_name,
      lastName: pending.last_name,
    });
  });
}

export async function deleteExpiredPendingSignups(db: Kysely<Database>): Promise<void> {
  await db.deleteFrom('pending_signups').where('expires_at', '<', new Date()).execute();
}
