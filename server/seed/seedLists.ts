import { sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { DEMO_IDS } from './demoIds.ts';
import { seedTime } from './seedTime.ts';

/** The demo organisation's further lists, each drawn from the contacts that exist when it runs. */
const MORE_LISTS = [
  {
    name: 'Decision Makers',
    daysAgo: 90,
    userId: DEMO_IDS.demoUserId,
    members: sql`designation ~* '(chief|vp|vice|director|head|founder|ceo|cto|cfo|cmo)'`,
    limit: 400,
    updatedDaysAgo: 6,
  },
  {
    name: 'Highly Engaged',
    daysAgo: 60,
    userId: DEMO_IDS.demoUserId,
    members: sql`engagement_score >= 70 and status = 'Subscribed'`,
    limit: 600,
    updatedDaysAgo: 2,
  },
  {
    name: 'Re-engagement Candidates',
    daysAgo: 45,
    userId: DEMO_IDS.colleagueUserId,
    members: sql`engagement_score < 25`,
    limit: 300,
    updatedDaysAgo: null,
  },
  {
    name: 'Q4 Newsletter',
    daysAgo: 12,
    userId: DEMO_IDS.demoUserId,
    members: sql`status = 'Subscribed'`,
    limit: 1500,
    updatedDaysAgo: 1,
  },
  {
    name: 'Conference Follow-ups',
    daysAgo: 5,
    userId: DEMO_IDS.colleagueUserId,
    members: sql`id % 7 = 3`,
    limit: 250,
    updatedDaysAgo: null,
  },
] as const;

/**
 * Audience lists of the demo organisation beyond the first few: members are chosen by a rule over whatever
 * contacts exist at seed time (so it suits a small or a large demo audience; none has been sent to, so
 * none is "used" yet), and every organisation's lists get their place (position) oldest first, so newest
 * shows first.
 * Runs after the sequences are reset (the lists take fresh ids). Returns the ids it created.
 */
export async function seedLists(trx: Transaction<Database>): Promise<number[]> {
  const ids: number[] = [];
  for (const list of MORE_LISTS) {
    const row = await trx
      .insertInto('contact_lists')
      .values({
        org_id: DEMO_IDS.mainOrgId,
        user_id: list.userId,
        name: list.name,
        is_active: true,
        created_at: seedTime(list.daysAgo),
        updated_at: seedTime(list.updatedDaysAgo ?? list.daysAgo),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(row.id);
    await sql`
      insert into list_contacts (list_id, contact_id, added_at)
      select ${row.id}, id, ${seedTime(list.daysAgo)}::timestamptz + (id % 600) * interval '1 minute'
      from contacts where org_id = ${DEMO_IDS.mainOrgId} and ${list.members}
      order by id limit ${list.limit}`.execute(trx);
  }
  await sql`
    update contact_lists l set position = n.position from (
      select id, row_number() over (partition by org_id order by created_at, id) as position from contact_lists
    ) n where n.id = l.id`.execute(trx);
  return ids;
}
