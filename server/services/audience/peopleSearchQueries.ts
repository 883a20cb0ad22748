import { type Expression, type Kysely, type QueryCreator, type SqlBool, sql, type Transaction } from 'kysely';
import type { PeopleScope } from '../../../domain/audiencePeople.ts';
import type { Database } from '../../db/schema.ts';
import { orderPeople, type PeopleSort } from './orderPeople.ts';
import { containsPattern, matchingAccountIds, type PeopleEb, scopeWhere } from './peopleScope.ts';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * How many matches of one search branch (full name, address, company) make a search "sparse" (gathered
 * and sorted at once); how many rows of the tab's own order a dense search reads before it gives up on
 * finding its page there; and up to how many matches a branch may have for every match to be gathered and
 * sorted instead of walking the whole order (matches clustered late in it).
 */
const SPARSE_BRANCH = 2_000;
const DENSE_WINDOW = 5_000;
const GATHER_LIMIT = 20_000;
/** A trigram index answers a search of three characters or more; a shorter one is read in order. */
const TRIGRAM = 3;

type SearchBranch = 'name' | 'email' | 'company';
type BranchCounts = Record<SearchBranch, number>;

/**
 * The ids of a searched page (one more than the page when more follow). The search matches anywhere in the
 * full name, the address or the company's name (trigram indexes, migration m0032); the planner cannot
 * estimate an OR of those, so the plan is chosen here from each branch's count (probeBranches):
 * - sparse (every branch has at most SPARSE_BRANCH matches): the matching branches are gathered from their
 *   trigram indexes, then filtered and sorted (a few thousand rows at most);
 * - dense, sorted by name or date (the orders with an index): the tab is read in that order and filtered,
 *   the first DENSE_WINDOW rows at most: a dense search spread through the order fills its page at once
 *   ("mar" at a million contacts: within the first hundred rows);
 * - otherwise, counted again up to GATHER_LIMIT: when every branch is within it, every match is gathered
 *   and sorted; past it, an indexed order is read on until the page is full (matches clustered late), and
 *   another sort gathers and sorts them all (seconds for hundreds of thousands).
 * A search of one or two characters has no trigram to look up: it is read in order (or gathered by reading
 * every contact, for another sort).
 */
export async function searchedPageIds(
  db: Db,
  orgId: number,
  scope: PeopleScope,
  sort: PeopleSort,
  page: { offset: number; limit: number },
): Promise<number[]> {
  const pattern = containsPattern(scope.searchWord);
  const want = page.offset + page.limit + 1;
  const within = (counts: BranchCounts, limit: number) => Object.values(counts).every((n) => n <= limit);
  if (Array.from(scope.searchWord).length < TRIGRAM) {
    // No trigram to look up: a sparse short search reads every contact of the scope once, a dense one is
    // read in order until its page is full.
    if ((await countScope(db, orgId, scope, SPARSE_BRANCH)) > SPARSE_BRANCH) {
      const walked = await orderWalkIds(db, orgId, scope, sort, page, null);
      if (walked) return walked;
    }
    return gatheredIds(db, orgId, scope, sort, page);
  }
  let counts = await probeBranches(db, orgId, scope, pattern, SPARSE_BRANCH);
  if (!within(counts, SPARSE_BRANCH)) {
    const windowed = await orderWalkIds(db, orgId, scope, sort, page, DENSE_WINDOW);
    if (windowed && windowed.length >= want - page.offset) return windowed;
    counts = await probeBranches(db, orgId, scope, pattern, GATHER_LIMIT);
    if (windowed && !within(counts, GATHER_LIMIT))
      return (await orderWalkIds(db, orgId, scope, sort, page, null)) ?? [];
  }
  return gatheredIds(db, orgId, scope, sort, page, counts);
}

/** How many contacts the whole scope (its search too) holds, counted up to `limit` + 1. */
async function countScope(db: Db, orgId: number, scope: PeopleScope, limit: number): Promise<number> {
  const row = await db
    .selectFrom(
      db
        .selectFrom('contacts as c')
        .select(sql<number>`1`.as('one'))
        .where((eb) => scopeWhere(eb, { orgId, scope }))
        .limit(limit + 1)
        .as('x'),
    )
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirstOrThrow();
  return row.n;
}

/**
 * Every match of the search, filtered by the scope and sorted: the union of the branches' trigram index
 * reads (only the branches with matches), or, without counts (a short search), every contact of the scope
 * read once.
 */
async function gatheredIds(
  db: Db,
  orgId: number,
  scope: PeopleScope,
  sort: PeopleSort,
  page: { offset: number; limit: number },
  counts?: BranchCounts,
): Promise<number[]> {
  const pattern = containsPattern(scope.searchWord);
  const branches = {
    name: (q: QueryCreator<Database>) =>
      q
        .selectFrom('contacts')
        .select('id')
        .where('org_id', '=', orgId)
        .where('full_name_lower', 'like', pattern),
    email: (q: QueryCreator<Database>) =>
      q.selectFrom('contacts').select('id').where('org_id', '=', orgId).where('email_lower', 'like', pattern),
    company: (q: QueryCreator<Database>) =>
      q
        .selectFrom('contacts')
        .select('id')
        .where('org_id', '=', orgId)
        .where('account_id', 'in', matchingAccountIds(q, orgId, pattern)),
  };
  const read = (Object.keys(branches) as SearchBranch[]).filter((branch) => counts && counts[branch] > 0);
  if (counts && read.length === 0) return [];
  const query = db
    .with(
      (cte) => cte('m').materialized(),
      (q) => {
        if (!counts)
          return q
            .selectFrom('contacts as c')
            .select('c.id')
            .where((eb) => scopeWhere(eb, { orgId, scope }));
        const [first, ...rest] = read.map((branch) => branches[branch](q));
        return rest.reduce((union, next) => union.union(next), first as NonNullable<typeof first>);
      },
    )
    .selectFrom('m')
    .innerJoin('contacts as c', 'c.id', 'm.id')
    .leftJoin('accounts as a', 'a.id', 'c.account_id')
    .select('c.id')
    .where((eb) => scopeWhere(eb as unknown as PeopleEb, { orgId, scope }));
  const rows = await orderPeople(query, sort)
    .offset(page.offset)
    .limit(page.limit + 1)
    .execute();
  return rows.map((row) => row.id);
}

/**
 * How many contacts of the scope (its tab, filters and account) each search branch matches, counted up to
 * `limit` + 1, in one statement. Each count is its own sub-select, so the planner estimates each branch
 * alone (an OR with the company sub-query it cannot estimate) and reads a dense one in table order, a
 * sparse one from its trigram index. The company branch is estimated from the kept per-tab counts of the
 * matching accounts (audience_facets): counting their contacts could read every contact of the tab.
 */
async function probeBranches(
  db: Db,
  orgId: number,
  scope: PeopleScope,
  pattern: string,
  limit: number,
): Promise<BranchCounts> {
  const unsearched = { ...scope, searchWord: '' };
  const count = (match: (eb: PeopleEb) => Expression<SqlBool>) =>
    sql<number>`(select count(*) from (${db
      .selectFrom('contacts as c')
      .select(sql<number>`1`.as('one'))
      .where((eb) => eb.and([scopeWhere(eb, { orgId, scope: unsearched }), match(eb)]))
      .limit(limit + 1)}) x)::int`;
  const probe = await sql<BranchCounts>`
    select
      ${count((eb) => eb('c.full_name_lower', 'like', pattern))} as name,
      ${count((eb) => eb('c.email_lower', 'like', pattern))} as email,
      (select coalesce(sum(f.n), 0)::int
        from (select distinct name from accounts where org_id = ${orgId} and name_lower like ${pattern}) a
        join audience_facets f on f.org_id = ${orgId} and f.category = 'organizations' and f.value = a.name
          and f.tab = ${scope.tab}) as company`.execute(db);
  return probe.rows[0] ?? { name: 0, email: 0, company: 0 };
}

/**
 * A searched page read in the sort's indexed order (name, or date), filtered by the whole scope as the rows
 * come: within the first `window` rows of the tab in that order, or (window null) as far as the page needs;
 * undefined for a sort without such an index. The rows are read once, every column taken along: joined back
 * to contacts instead, the planner may hash-join them with a scan of every match.
 */
async function orderWalkIds(
  db: Db,
  orgId: number,
  scope: PeopleScope,
  sort: PeopleSort,
  page: { offset: number; limit: number },
  window: number | null,
): Promise<number[] | undefined> {
  const byName = sort.type !== 'NOSORT' && (sort.column === 'full_name' || sort.column === 'contact_name');
  const byDate = !sort.column || sort.type === 'NOSORT' || sort.column === 'created_on';
  if (!byName && !byDate) return undefined;
  const descending = byDate ? sort.type !== 'ASC' || !sort.column : sort.type === 'DESC';
  const direction = descending ? 'desc' : 'asc';
  const key = byName ? 'full_name_lower' : 'created_at';
  const tabInOrder = db
    .selectFrom('contacts as c')
    .selectAll('c')
    .where((eb) => scopeWhere(eb, { orgId, scope: { ...scope, searchWord: '', filters: {} } }))
    .orderBy(`c.${key}`, direction)
    .orderBy('c.id', direction)
    // A limit, or else offset 0, keeps this a sub-query read lazily in index order (the planner would
    // otherwise merge it into the outer query and may sort every match instead).
    .$if(window !== null, (q) => q.limit(window ?? 0))
    .$if(window === null, (q) => q.offset(0));
  const rows = await db
    .selectFrom(tabInOrder.as('c'))
    .select('c.id')
    .where((eb) => scopeWhere(eb as unknown as PeopleEb, { orgId, scope }))
    .orderBy(`c.${key}`, direction)
    .orderBy('c.id', direction)
    .offset(page.offset)
    .limit(page.limit + 1)
    .execute();
  return rows.map((row) => row.id);
}
