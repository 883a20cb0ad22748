import { expect } from 'vitest';
import type { AiPersonalityType } from '../../../domain/aiPersonalities.ts';
import { DEMO_IDS } from '../../../server/seed/demoIds.ts';
import type { TestApp } from '../../helpers/testApp.ts';

export const C = '/api/campaign/';

type Res = { statusCode: number; body: string; json: () => unknown };

export function ok<T>(response: Res): T {
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { data: T }).data;
}

/** The answer's status and message (a refusal). */
export function failure(response: Res): { status: number; message: string } {
  return { status: response.statusCode, message: (response.json() as { message: string }).message };
}

/**
 * A list of the demo organisation whose contacts have these personality types (null: none), subscribed;
 * answers the list's id and the contact ids by type.
 */
export async function personalityList(
  t: TestApp,
  name: string,
  counts: Partial<Record<AiPersonalityType | 'none', number>>,
) {
  const db = t.database.db;
  const list = await db
    .insertInto('contact_lists')
    .values({ org_id: DEMO_IDS.mainOrgId, user_id: DEMO_IDS.demoUserId, name, is_active: true })
    .returning('id')
    .executeTakeFirstOrThrow();
  const ids: Partial<Record<AiPersonalityType | 'none', number[]>> = {};
  for (const [type, count] of Object.entries(counts) as [AiPersonalityType | 'none', number][]) {
    const rows = await db
      .insertInto('contacts')
      .values(
        Array.from({ length: count }, (_, i) => ({
          org_id: DEMO_IDS.mainOrgId,
          email: `${name.replace(/\W+/g, '-').toLowerCase()}-${type}-${i}@ai.test`,
          first_name: `${type}${i}`,
          last_name: name,
          account_id: null,
          designation: null,
          phone_number: null,
          industry: null,
          personality_type: type === 'none' ? null : type,
          personality: 'N/A',
          buyer_stage: 'Awareness',
          engagement_score: 0,
          linkedin_url: null,
          twitter_url: null,
          status: 'Subscribed' as const,
        })),
      )
      .returning('id')
      .execute();
    ids[type] = rows.map((row) => row.id);
    await db
      .insertInto('list_contacts')
      .values(rows.map((row) => ({ list_id: list.id, contact_id: row.id })))
      .execute();
  }
  return { listId: list.id, ids };
}

/** How many AI emails (variants) the database holds, and how many generations in each state. */
export async function aiCounts(t: TestApp) {
  const db = t.database.db;
  const emails = await db
    .selectFrom('emails')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('email_type', '=', 2)
    .executeTakeFirstOrThrow();
  return Number(emails.n);
}
