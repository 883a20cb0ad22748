import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { createDefaultTeam } from '../services/audience/createDefaultTeam.ts';
import { DEMO_IDS } from './demoIds.ts';
import { seedTime } from './seedTime.ts';

/**
 * The demo organisations' sales groups: each its default team with its users; Northwind also an
 * "Enterprise accounts" group of Dana alone (deletable), so both kinds show.
 */
export async function seedSalesGroups(trx: Transaction<Database>): Promise<number> {
  await createDefaultTeam(
    trx,
    DEMO_IDS.mainOrgId,
    [DEMO_IDS.demoUserId, DEMO_IDS.colleagueUserId],
    seedTime(700),
  );
  await createDefaultTeam(trx, DEMO_IDS.otherOrgId, [DEMO_IDS.otherOrgUserId], seedTime(390));
  const enterprise = await trx
    .insertInto('sales_groups')
    .values({
      org_id: DEMO_IDS.mainOrgId,
      name: 'Enterprise accounts',
      created_by: DEMO_IDS.demoUserId,
      created_at: seedTime(30),
      updated_at: seedTime(30),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('sales_group_users')
    .values({ group_id: enterprise.id, user_id: DEMO_IDS.demoUserId, added_at: seedTime(30) })
    .execute();
  return 3;
}
