import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO_IDS } from '../../../server/seed/demoIds.ts';
import { createTestApp, type Session, signIn, type TestApp } from '../../helpers/testApp.ts';
import { get, post } from '../workflowTestKit.ts';

/**
 * audience_facets (the kept tab totals and filter counts) must equal a count of the contacts after every
 * kind of write: inserts, updates of each counted column, moves between accounts, deletes, an account
 * renamed, its revenue changed, an account deleted, and writes through the audience service.
 */
let t: TestApp;
let demo: Session;
const org = DEMO_IDS.mainOrgId;

beforeAll(async () => {
  t = await createTestApp();
  demo = await signIn(t.app);
});
afterAll(async () => {
  await t?.close();
});

type Facet = { org_id: number; category: string; value: string; tab: string; n: number };

/** Every facet with a count, as the triggers kept it and as a fresh count of the contacts gives it. */
async function keptAndCounted(): Promise<{ kept: Facet[]; counted: Facet[] }> {
  const db = t.database.db;
  const kept = await sql<Facet>`
    select org_id, category, value, tab, n::int as n from audience_facets where n <> 0
    order by 1, 2, 3, 4`.execute(db);
  const counted = await sql<Facet>`
    select c.org_id, v.category, v.value, tb.tab, count(*)::int as n
    from contacts c
    left join accounts a on a.id = c.account_id
    cross join lateral (values
      ('status', c.status), ('designations', c.designation), ('personalityType', c.personality_type),
      ('buyerStage', c.buyer_stage), ('industry', c.industry), ('organizations', a.name),
      ('revenue', a.revenue), ('account', a.id::text)
    ) as v (category, value)
    cross join lateral (values
      ('all'), (case when c.personality_type is null then 'unprofiled' else 'profiled' end)
    ) as tb (tab)
    where v.value is not null
    group by 1, 2, 3, 4
    order by 1, 2, 3, 4`.execute(db);
  return { kept: kept.rows, counted: counted.rows };
}

async function expectExact() {
  const { kept, counted } = await keptAndCounted();
  expect(kept.length).toBeGreaterThan(0);
  expect(kept).toEqual(counted);
}

it('the seeded organisations start with exact counts', async () => {
  await expectExact();
});

it('stay exact through inserts, updates, account moves, deletes and account changes', async () => {
  const db = t.database.db;
  const accounts = await sql<{ id: number }>`
    insert into accounts (org_id, name, revenue, industry)
    values (${org}, 'Facet Alpha', '$1M - $10M', 'Retail'), (${org}, 'Facet Beta', null, 'Media'),
      (${org}, 'Facet Alpha', '$1B+', 'Energy')
    returning id`.execute(db);
  const [alpha, beta, alphaTwin] = accounts.rows.map((row) => row.id) as [number, number, number];
  await sql`
    insert into contacts (org_id, account_id, first_name, last_name, email, designation, industry,
      personality_type, personality, buyer_stage, status)
    select ${org}, (array[${alpha}::int, ${beta}::int, ${alphaTwin}::int, null::int])[1 + g % 4], 'Facet', 'Person' || g,
      'facet' || g || '@facets.test', case when g % 3 = 0 then null else 'Role ' || (g % 2) end, 'Retail',
      case when g % 2 = 0 then null else 'Steady' end, 'N/A', 'Interest',
      case when g % 5 = 0 then 'Unsubscribed' else 'Subscribed' end
    from generate_series(1, 40) as g`.execute(db);
  await expectExact();

  // Each counted column changed, a profile added and removed, accounts swapped, one statement each.
  await sql`update contacts set status = 'Hard Bounce' where email like 'facet1%@facets.test'`.execute(db);
  await sql`update contacts set personality_type = 'Dominant' where email like 'facet2%@facets.test'`.execute(
    db,
  );
  await sql`update contacts set personality_type = null where email like 'facet3%@facets.test'`.execute(db);
  await sql`update contacts set buyer_stage = 'Purchase', industry = null, designation = 'Chief'
    where email like 'facet%@facets.test' and id % 3 = 0`.execute(db);
  await sql`update contacts set account_id = case when account_id = ${alpha} then ${beta}::int else ${alpha}::int end
    where email like 'facet%@facets.test' and id % 2 = 0`.execute(db);
  await sql`update contacts set engagement_score = engagement_score + 1 where email like 'facet%@facets.test'`.execute(
    db,
  );
  await expectExact();

  // An account renamed, one whose revenue changes, one deleted (its contacts keep no account).
  await sql`update accounts set name = 'Facet Gamma' where id = ${alpha}`.execute(db);
  await sql`update accounts set revenue = '$10M - $50M' where id = ${beta}`.execute(db);
  await sql`update accounts set revenue = null where id = ${alphaTwin}`.execute(db);
  await expectExact();
  await sql`delete from accounts where id = ${beta}`.execute(db);
  await expectExact();

  await sql`delete from contacts where email like 'facet1%@facets.test'`.execute(db);
  await sql`delete from contacts where email like 'facet%@facets.test'`.execute(db);
  await sql`delete from accounts where id in (${alpha}, ${alphaTwin})`.execute(db);
  await expectExact();
});

it('stay exact through the audience service, and its whole-tab counts are the kept ones', async () => {
  const created = await post(t.app, demo, '/api/audience/create_contact/', {
    first_name: 'Facet',
    last_name: 'Service',
    email: 'facet.service@facets.test',
    organization: 'Facet Service Co',
    personality_type: 'Influencer',
  });
  expect(created.statusCode, created.body).toBe(200);
  const id = created.json().data.contact_id as number;
  const staged = await post(t.app, demo, '/api/audience/update_buyer_stage/', {
    contact_ids: String(id),
    buyer_stage: 'Evaluation',
  });
  expect(staged.statusCode, staged.body).toBe(200);
  await expectExact();

  const tabs = await get(t.app, demo, '/api/audience/people_tab_counts/', {});
  const counted = await sql<{ all: number; profiled: number }>`
    select count(*)::int as all, count(personality_type)::int as profiled from contacts where org_id = ${org}`.execute(
    t.database.db,
  );
  const row = counted.rows[0];
  expect(tabs.json().data).toEqual({
    all: row?.all,
    profiled: row?.profiled,
    unprofiled: (row?.all ?? 0) - (row?.profiled ?? 0),
  });
  const filters = await get(t.app, demo, '/api/audience/people_filter_counts/', { tab: 'profiled' });
  const evaluation = await sql<{ n: number }>`
    select count(*)::int as n from contacts
    where org_id = ${org} and buyer_stage = 'Evaluation' and personality_type is not null`.execute(
    t.database.db,
  );
  expect(filters.json().data.buyerStage).toContainEqual({
    value: 'Evaluation',
    count: evaluation.rows[0]?.n,
  });

  const removed = await post(t.app, demo, '/api/audience/delete_contacts/', { contact_ids: String(id) });
  expect(removed.statusCode, removed.body).toBe(200);
  await expectExact();
});
