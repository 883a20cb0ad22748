import type { Kysely, Transaction } from 'kysely';
import { DEFAULT_GROUP_NAME } from '../../../domain/salesGroups.ts';
import type { Database } from '../../db/schema.ts';

/**
 * The sales group an organisation starts with: "Default team", holding the given users, not deletable (it
 * can be renamed and its users changed). Made with a new organisation and by the demo seed.
 */
export async function createDefaultTeam(
  db: Kysely<Database> | Transaction<Database>,
  orgId: number,
  userIds: readonly number[],
  createdAt?: Date,
): Promise<number> {
  const group = await db
    .insertInto('sales_groups')
    .values({
      org_id: orgId,
      name: DEFAULT_GROUP_NAME,
      is_deletable: false,
      created_by: userIds[0] ?? null,
      ...(createdAt ? { created_at: createdAt, updated_at: createdAt } : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (userIds.length > 0)
    await db
      .insertInto('sales_group_users')
      .values(
        userIds.map((userId) => ({
          group_id: group.id,
          user_id: userId,
          ...(createdAt ? { added_at: createdAt } : {}),
        })),
      )
      .execute();
  return group.id;
}
