import { type Expression, type Kysely, type QueryCreator, type SqlBool, sql, type Transaction } from 'kysely';
import {
  type FilterValueCount,
  PEOPLE_FILTER_CATEGORIES,
  type PeopleFilterCounts,
  type PeopleScope,
  type PeopleSelection,
  type PeopleSortColumn,
  type PeopleTabCounts,
  type PersonalityTypeName,
  type PersonRow,
  type SortType,
} from '../../../domain/audiencePeople.ts';
import type { ContactStatus, Database } from '../../db/schema.ts';
import { noMarketingConsent } from './noMarketingConsent.ts';
import {
  containsPattern,
  FILTER_VALUE_SQL,
  matchingAccountIds,
  type PeopleEb,
  scopeWhere,
} from './peopleScope.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** How many values of each filter category the filter panel shows (the most frequent first). */
const FILTER_VALUES_SHOWN = 50;

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

/** Contacts `c` with their account `a`, selected as people rows. */
function peopleRows(db: Db) {
  return db
    .selectFrom('contacts as c')
    .leftJoin('accounts as a', 'a.id', 'c.account_id')
    .select([
      'c.id as contact_id',
      'c.first_name',
      'c.last_name',
      'c.email',
      'c.designation',
      'a.name as organization',
      'c.account_id',
      'a.website as company_website',
      'c.industry',
      'a.revenue',
      'c.personality_type',
      'c.personality',
      'c.phone_number',
      'c.status',
      'c.buyer_stage',
      'c.engagement_score',
      'c.linkedin_url',
      'c.twitter_url',
      'c.country',
      'c.custom_fields',
      'c.created_at',
      sql<boolean>`not ${noMarketingConsent}`.as('marketing_consent'),
    ]);
}

type RawPerson = {
  contact_id: number;
  first_name: string;
  last_name: string;
  email: string;
  designation: string | null;
  organization: string | null;
  account_id: number | null;
  company_website: string | null;
  industry: string | null;
  revenue: string | null;
  personality_type: string | null;
  personality: string;
  phone_number: string | null;
  status: ContactStatus;
  buyer_stage: string;
  engagement_score: number;
  linkedin_url: string | null;
  twitter_url: string | null;
  country: string | null;
  custom_fields: Record<string, string>;
  created_at: Date | string;
  marketing_consent: boolean;
};

export function toPersonRow(row: RawPerson): PersonRow {
  return {
    contact_id: row.contact_id,
    full_name: `${row.first_name} ${row.last_name}`.trim(),
    first_name: row.first_name,
    last_name: row.last_name,
    contact_email: row.email,
    designation: row.designation,
    organization: row.organization,
    account_id: row.account_id,
    company_website: row.company_website,
    industry: row.industry,
    revenue: row.revenue,
    personality_type: row.personality_type as PersonalityTypeName | null,
    personality: row.personality,
    phone_number: row.phone_number,
    status: row.status,
    buyer_stage: row.buyer_stage,
    engagement_score: row.engagement_score,
    linkedin_url: row.linkedin_url,
    twitter_url: row.twitter_url,
    country: row.country,
    custom_fields: row.custom_fields,
    created_on: iso(row.created_at),
    marketing_consent: row.marketing_consent,
  };
}

const SORT_SQL: Record<PeopleSortColumn, string> = {
  full_name: 'c.full_name_lower',
  contact_name: 'c.full_name_lower',
  company_name: 'a.name_lower',
  personality_name: 'c.personality',
  status: 'c.status',
  buyer_stage: 'c.buyer_stage',
  created_on: 'c.created_at',
  industry: 'c.industry',
  revenue: 'a.revenue',
};

export type PeopleSort = { column: PeopleSortColumn | undefined; type: SortType };

/** One page of a scope, sorted (NOSORT or no column: newest first; empty values last), and whether more follow. */
export async function listPeople(
  db: Db,
  orgId: number,
  scope: PeopleScope,
  sort: PeopleSort,
  page: { offset: number; limit: number },
): Promise<{ rows: PersonRow[]; hasMore: boolean }> {
  if (scope.searchWord) {
    const ids = await searchedPageIds(db, orgId, scope, sort, page);
    const rows = ids.length
      ? await peopleRows(db).where('c.id', 'in', ids.slice(0, page.limit)).execute()
      : [];
    const byId = new Map(rows.map((row) => [row.contact_id, row]));
    const ordered = ids.slice(0, page.limit).flatMap((id) => {
      const row = byId.get(id);
      return row ? [toPersonRow(row)] : [];
    });
    return { rows: ordered, hasMore: ids.length > page.limit };
  }
  const rows = await orderPeople(
    peopleRows(db).where((eb) => scopeWhere(eb, { orgId, scope })),
    sort,
  )
    .offset(page.offset)
    .limit(page.limit + 1)
    .execute();
  return { rows: rows.slice(0, page.limit).map(toPersonRow), hasMore: rows.length > page.limit };
}

/** ORDER BY of a people query (contacts `c`, accounts `a`). */
function orderPeople<Q extends OrderableQuery>(query: Q, sort: PeopleSort): Q {
  if (sort.column && sort.type !== 'NOSORT') {
    const direction = sort.type === 'ASC' ? sql`asc` : sql`desc`;
    return query
      .orderBy(sql`${sql.ref(SORT_SQL[sort.column])} ${direction} nulls last`)
      .orderBy('c.id', sort.type === 'ASC' ? 'asc' : 'desc') as Q;
  }
  return query.orderBy('c.created_at', 'desc').orderBy('c.id', 'desc') as Q;
}
type OrderableQuery = {
  // biome-ignore lint/suspicious/noExplicitAny: Kysely's orderBy overloads, shared by the page queries
  orderBy: (...args: any[]) => any;
};

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
async function searchedPageIds(
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

/** True when a scope is a whole tab: no search, no filter, no account (its counts are kept in audience_facets). */
function isWholeTab(scope: PeopleScope): boolean {
  return (
    !scope.searchWord &&
    scope.accountId === null &&
    Object.values(scope.filters).every((values) => !values || values.length === 0)
  );
}

/**
 * The total of the scope, with and without a personality type: the three tabs' totals. A whole tab's
 * totals are read from audience_facets (kept by triggers, exact); a searched or filtered scope is counted.
 */
export async function countTabs(db: Db, orgId: number, scope: PeopleScope): Promise<PeopleTabCounts> {
  if (isWholeTab(scope)) {
    const rows = await db
      .selectFrom('audience_facets')
      .select(['tab', sql<string>`sum(n)`.as('n')])
      .where('org_id', '=', orgId)
      .where('category', '=', 'status')
      .groupBy('tab')
      .execute();
    const total = (tab: string) => Number(rows.find((row) => row.tab === tab)?.n ?? 0);
    return { all: total('all'), profiled: total('profiled'), unprofiled: total('unprofiled') };
  }
  const row = await db
    .selectFrom('contacts as c')
    .select([sql<string>`count(*)`.as('all'), sql<string>`count(c.personality_type)`.as('profiled')])
    .where((eb) => scopeWhere(eb, { orgId, scope, ignoreTab: true }))
    .executeTakeFirstOrThrow();
  const all = Number(row.all);
  const profiled = Number(row.profiled);
  return { all, profiled, unprofiled: all - profiled };
}

/** A page's total_count: the whole tab's kept total, or null for a searched or filtered scope. */
export async function keptTabTotal(db: Db, orgId: number, scope: PeopleScope): Promise<number | null> {
  return isWholeTab(scope) ? (await countTabs(db, orgId, scope))[scope.tab] : null;
}

/**
 * Each filter category's values with their counts, under the tab, the search and the OTHER categories'
 * filters (so choosing a second value of a category keeps the first's count in view). A whole tab's counts
 * are its FILTER_VALUES_SHOWN largest values in audience_facets; otherwise each category is counted.
 */
export async function countFilterValues(
  db: Db,
  orgId: number,
  scope: PeopleScope,
): Promise<PeopleFilterCounts> {
  if (isWholeTab(scope)) return keptFilterValues(db, orgId, scope.tab);
  const entries = await Promise.all(
    PEOPLE_FILTER_CATEGORIES.map(async (category): Promise<[typeof category, FilterValueCount[]]> => {
      const value = FILTER_VALUE_SQL[category];
      const rows = await db
        .selectFrom('contacts as c')
        .leftJoin('accounts as a', 'a.id', 'c.account_id')
        .select([sql<string>`${value}`.as('value'), sql<string>`count(*)`.as('count')])
        .where((eb) => scopeWhere(eb, { orgId, scope, ignore: category }))
        .where(sql<boolean>`${value} is not null`)
        .groupBy(sql`${value}`)
        .orderBy(sql`count(*)`, 'desc')
        .orderBy(sql`${value}`)
        .limit(FILTER_VALUES_SHOWN)
        .execute();
      return [category, rows.map((row) => ({ value: row.value, count: Number(row.count) }))];
    }),
  );
  return Object.fromEntries(entries) as PeopleFilterCounts;
}

/** A whole tab's filter counts from audience_facets: per category, one index range of its largest values. */
async function keptFilterValues(db: Db, orgId: number, tab: PeopleScope['tab']): Promise<PeopleFilterCounts> {
  const { rows } = await sql<{ category: string; value: string; n: string }>`
    select c.category, f.value, f.n
    from unnest(${[...PEOPLE_FILTER_CATEGORIES]}::text[]) as c (category)
    cross join lateral (
      select value, n from audience_facets
      where org_id = ${orgId} and category = c.category and tab = ${tab} and n > 0
      order by n desc, value
      limit ${FILTER_VALUES_SHOWN}
    ) as f`.execute(db);
  const counts = Object.fromEntries(PEOPLE_FILTER_CATEGORIES.map((category) => [category, []])) as Record<
    string,
    FilterValueCount[]
  >;
  for (const row of rows) counts[row.category]?.push({ value: row.value, count: Number(row.n) });
  return counts as PeopleFilterCounts;
}

/** The ids of a selection as one sub-query (never a list the size of the selection). */
export function selectionIds(db: Db, orgId: number, selection: PeopleSelection) {
  return db
    .selectFrom('contacts as c')
    .select('c.id')
    .where((eb) => selectionWhere(eb, orgId, selection));
}

/**
 * The conditions of a selection on contacts aliased `c`: its ids in the organisation, or its scope but the
 * excluded ids. A statement on the selected contacts themselves (delete-all) puts these in its own WHERE:
 * `id in (selectionIds)` made the planner read every contact of the table to join them with the selection.
 */
export function selectionWhere(eb: PeopleEb, orgId: number, selection: PeopleSelection): Expression<SqlBool> {
  if (selection.kind === 'ids')
    return eb.and([
      eb('c.org_id', '=', orgId),
      eb('c.id', 'in', selection.ids.length ? [...selection.ids] : [0]),
    ]);
  const excluded = selection.excludedIds;
  const scoped = scopeWhere(eb, { orgId, scope: selection.scope });
  return excluded.length > 0 ? eb.and([scoped, eb('c.id', 'not in', [...excluded])]) : scoped;
}

/** A batch of people for an export, by id after `afterId` (keyset paging). */
export async function exportBatch(
  db: Db,
  orgId: number,
  selection: PeopleSelection,
  afterId: number,
  size: number,
): Promise<PersonRow[]> {
  const rows = await peopleRows(db)
    .where('c.id', 'in', selectionIds(db, orgId, selection))
    .where('c.id', '>', afterId)
    .orderBy('c.id')
    .limit(size)
    .execute();
  return rows.map(toPersonRow);
}

/** One person of the organisation, or undefined. */
export async function findPerson(db: Db, orgId: number, contactId: number): Promise<PersonRow | undefined> {
  const row = await peopleRows(db)
    .where('c.org_id', '=', orgId)
    .where('c.id', '=', contactId)
    .executeTakeFirst();
  return row ? toPersonRow(row) : undefined;
}
