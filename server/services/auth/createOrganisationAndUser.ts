import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../../db/schema.ts';
import { createStarterContent } from './createStarterContent.ts';

/**
 * A new organisation with its first user, its administrator: the address confirmed at sign-up is its
 * verified default sender, and its starter content comes with it, in one transaction.
 */
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
        // A trial is the premium plan on trial: its sales groups included.
        sales_x_usage_permission: true,
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
