import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PersonRow } from '../../../domain/audiencePeople.ts';
import { DEMO_IDS } from '../../../server/seed/demoIds.ts';
import { createTestApp, type Session, signIn, type TestApp } from '../../helpers/testApp.ts';
import { get } from '../workflowTestKit.ts';
import { plainTabAndSearch } from './plainPeopleSearch.ts';

/**
 * A search whose matches sit anywhere in a name, an address or a company's name, clustered late in name
 * order (thousands of people before the first match, then thousands of matches, a few by first name,
 * address and company, more at the very end, and a crowd past what is ever gathered) must answer every page
 * exactly as a plain query over all the contacts does: same rows, same order, same has_more, in every tab,
 * both name orders and newest first, at the start, in the middle and past the end. Each way the server
 * reads a searched page is taken: sparse matches gathered, a dense search found in the first rows of its
 * order, dense matches clustered late gathered, and a crowd walked in its order.
 */
let t: TestApp;
let demo: Session;
const org = DEMO_IDS.mainOrgId;

beforeAll(async () => {
  t = await createTestApp();
  demo = await signIn(t.app);
  const db = t.database.db;
  const accounts = await sql<{ id: number }>`
    insert into accounts (org_id, name) values (${org}, 'Marble Works'), (${org}, 'Quiet Things')
    returning id`.execute(db);
  const [marble, quiet] = accounts.rows.map((row) => row.id) as [number, number];
  // first name, last name, address, account, how many: unprofiled when g % 4 = 0.
  const groups: [string, string, string, number | null, number][] = [
    ['Aaron', 'Filler', 'filler', quiet, 6_000], // before every match, more than a page window
    ['Bea', 'Marlow', 'bea', null, 2_600], // dense by last name, clustered
    ['Marta', 'Zed', 'zed', null, 300], // by full name
    ['Quinn', 'Quill', 'mar.quill', quiet, 50], // by address
    ['Cara', 'Cole', 'cara', marble, 30], // by company
    ['Maple', 'Mapp', 'maple', null, 40], // shares "ma", not "mar"
    ['Zoe', 'Marchetti', 'zoe', null, 2_500], // dense again, at the very end
    ['Marçal', 'Øberg', 'marcal', null, 40], // after "marz…" in code-point order, still "mar…"
    ['Mas', 'Border', 'mas', null, 30], // just past the range of "mar"
    ['Mar', 'Exact', 'exact', null, 20], // the range's first values
    ['Zed', 'Zimmer', 'zimmer', null, 21_000], // a crowd at the very end, more than is ever gathered
  ];
  for (const [first, last, address, account, n] of groups)
    await sql`
      insert into contacts (org_id, account_id, first_name, last_name, email, personality_type,
        personality, buyer_stage, status)
      select ${org}, ${account}::int, ${first}, ${last} || g, ${address} || g || '@clustered.test',
        case when g % 4 = 0 then null else 'Steady' end, 'N/A', 'Interest', 'Subscribed'
      from generate_series(1, ${n}::int) as g`.execute(db);
  await sql`analyze contacts`.execute(db);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

/** The ids of a page by a plain query: every contact of the tab tested against the search, then sorted. */
async function expected(word: string, tab: string, sort: Sort, offset: number, limit: number) {
  const order =
    sort === 'newest'
      ? sql`created_at desc, id desc`
      : sort === 'DESC'
        ? sql`full_name_lower desc, id desc`
        : sql`full_name_lower asc, id asc`;
  const { rows } = await sql<{ id: number }>`
    select id from contacts where org_id = ${org} and ${plainTabAndSearch(org, tab, word)}
    order by ${order}
    offset ${offset} limit ${limit + 1}`.execute(t.database.db);
  return { ids: rows.slice(0, limit).map((row) => row.id), hasMore: rows.length > limit };
}

type Sort = 'ASC' | 'DESC' | 'newest';
const SORTS: Record<Sort, Record<string, string>> = {
  ASC: { sort_by: 'full_name', sort_type: 'ASC' },
  DESC: { sort_by: 'contact_name', sort_type: 'DESC' },
  newest: {},
};

describe('a search anywhere in names, addresses and company names, clustered late in name order', () => {
  // Prefixes and inner parts of names ("arlo" of Marlow), addresses and their domain, company names
  // ("works" of Marble Works), a word across first and last name, and the crowd at the end ("zimmer").
  for (const word of ['MARL', 'arlo', 'ma', 'mar ex', 'works', 'quill1', 'clustered.te', 'zimmer'])
    for (const tab of ['all', 'profiled', 'unprofiled'])
      it(`"${word}" in ${tab}: every page as a plain query answers it`, async () => {
        for (const sort of ['ASC', 'DESC', 'newest'] as const)
          for (const [offset, limit] of [
            [0, 10],
            [10, 10],
            [2_590, 100],
            [5_600, 100],
            [40_000, 10],
          ] as const) {
            const response = await get(t.app, demo, '/api/audience/people_listing/', {
              tab,
              search_word: word,
              ...SORTS[sort],
              offset,
              limit,
            });
            expect(response.statusCode, response.body).toBe(200);
            const page = response.json() as { has_more: boolean; data: PersonRow[] };
            const want = await expected(word, tab, sort, offset, limit);
            const label = `${word} ${tab} ${sort} offset ${offset}`;
            expect(
              page.data.map((row) => row.contact_id),
              label,
            ).toEqual(want.ids);
            expect(page.has_more, label).toBe(want.hasMore);
          }
      }, 60_000);
});
