import { type Expression, type Kysely, type SqlBool, sql, type Transaction } from 'kysely';
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
import { ordersByCodePoint } from '../../db/ordersByCodePoint.ts';
import type { ContactStatus, Database } from '../../db/schema.ts';
import { nameStartsWith, nameStreamIds, STREAM_PREFIX_CHARS } from './nameStreamIds.ts';
import { noMarketingConsent } from './noMarketingConsent.ts';
import {
  FILTER_VALUE_SQL,
  matchingAccountIds,
  type PeopleEb,
  prefixPattern,
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
 * How many matches of one search branch (name, last name, address, company) make a search "sparse"; and
 * how many rows of the tab's own order a dense search reads before it gives up on finding its page there.
 */
const SPARSE_BRANCH = 2_000;
const DENSE_WINDOW = 5_000;

/**
 * The ids of a searched page (one more than the page when more follow). The planner cannot estimate an OR
 * of four prefix searches, so the plan is chosen here:
 * - sorted by name, a search of STREAM_PREFIX_CHARS characters or more: the merged name-ordered streams of
 *   nameStreamIds, which read about a page per stream wherever the matches sit in name order;
 * - otherwise sparse (every branch has at most SPARSE_BRANCH matches): the union of the branches' index
 *   ranges is gathered, then filtered and sorted (a few thousand rows at most);
 * - otherwise dense and sorted by date (the newest first, or oldest): the first DENSE_WINDOW rows of the tab
 *   in that order are read and filtered; a dense search spread through that order fills its page there;
 * - otherwise (a shorter search, one clustered late in date order, or another sort): every match is
 *   gathered, filtered and sorted.
 */
async function searchedPageIds(
  db: Db,
  orgId: number,
  scope: PeopleScope,
  sort: PeopleSort,
  page: { offset: number; limit: number },
): Promise<number[]> {
  const word = scope.searchWord;
  const pattern = prefixPattern(word);
  const want = page.offset + page.limit + 1;
  const letters = Array.from(word).length;
  const byCodePoint = await ordersByCodePoint(db);
  if (byName(sort) && letters >= STREAM_PREFIX_CHARS) {
    // A search of exactly the streams' prefix length reads each stream exactly: nothing to probe.
    const counts =
      letters === STREAM_PREFIX_CHARS ? undefined : await probeBranches(db, orgId, word, byCodePoint);
    const streamed = new Set(
      (['name', 'last', 'email'] as const).filter((branch) => !counts || counts[branch] > SPARSE_BRANCH),
    );
    const descending = sort.type === 'DESC';
    const ids = await nameStreamIds(db, orgId, scope, { descending, want, streamed, byCodePoint });
    return ids.slice(page.offset);
  }
  const counts = await probeBranches(db, orgId, word, byCodePoint);
  const sparse = Object.values(counts).every((n) => n <= SPARSE_BRANCH);
  if (!sparse) {
    const windowed = await denseWindowIds(db, orgId, scope, sort, page);
    if (windowed && windowed.length >= want - page.offset) return windowed;
  }
  const query = db
    .with(
      (cte) => cte('m').materialized(),
      (q) =>
        q
          .selectFrom('contacts')
          .select('id')
          .where('org_id', '=', orgId)
          .where(nameStartsWith(word, byCodePoint))
          .union(
            q
              .selectFrom('contacts')
              .select('id')
              .where('org_id', '=', orgId)
              .where('last_name_lower', 'like', pattern),
          )
          .union(
            q
              .selectFrom('contacts')
              .select('id')
              .where('org_id', '=', orgId)
              .where('email_lower', 'like', pattern),
          )
          .union(
            q
              .selectFrom('contacts')
              .select('id')
              .where('org_id', '=', orgId)
              .where('account_id', 'in', matchingAccountIds(q, orgId, pattern)),
          ),
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

type SearchBranch = 'name' | 'last' | 'email' | 'company';

/** How many contacts each search branch matches, counted up to SPARSE_BRANCH + 1. */
async function probeBranches(
  db: Db,
  orgId: number,
  word: string,
  byCodePoint: boolean,
): Promise<Record<SearchBranch, number>> {
  const pattern = prefixPattern(word);
  const probe = await sql<Record<SearchBranch, number>>`
    select
      (select count(*) from (select 1 from contacts where org_id = ${orgId} and ${nameStartsWith(word, byCodePoint)}
        limit ${SPARSE_BRANCH + 1}) x)::int as name,
      (select count(*) from (select 1 from contacts where org_id = ${orgId} and last_name_lower like ${pattern}
        limit ${SPARSE_BRANCH + 1}) x)::int as last,
      (select count(*) from (select 1 from contacts where org_id = ${orgId} and email_lower like ${pattern}
        limit ${SPARSE_BRANCH + 1}) x)::int as email,
      (select count(*) from (select 1 from contacts where org_id = ${orgId} and account_id in
        (select id from accounts where org_id = ${orgId} and name_lower like ${pattern})
        limit ${SPARSE_BRANCH + 1}) x)::int as company`.execute(db);
  return probe.rows[0] ?? { name: 0, last: 0, email: 0, company: 0 };
}

/** True for the name sort (ASC or DESC): the order of the search-stream indexes. */
function byName(sort: PeopleSort): boolean {
  return sort.type !== 'NOSORT' && (sort.column === 'full_name' || sort.column === 'contact_name');
}

/**
 * A dense search's page from the first DENSE_WINDOW rows of the tab in the sort's indexed order (name, or
 * newest first); undefined for a sort without such an index.
 */
async function denseWindowIds(
  db: Db,
  orgId: number,
  scope: PeopleScope,
  sort: PeopleSort,
  page: { offset: number; limit: number },
): Promise<number[] | undefined> {
  const byName = sort.type !== 'NOSORT' && (sort.column === 'full_name' || sort.column === 'contact_name');
  const byDate = !sort.column || sort.type === 'NOSORT' || sort.column === 'created_on';
  if (!byName && !byDate) return undefined;
  const descending = byDate ? sort.type !== 'ASC' || !sort.column : sort.type === 'DESC';
  const direction = descending ? 'desc' : 'asc';
  const key = byName ? 'full_name_lower' : 'created_at';
  const rows = await db
    .with(
      (cte) => cte('w').materialized(),
      (q) =>
        q
          .selectFrom('contacts as c')
          .select(['c.id', `c.${key} as key`])
          .where((eb) => scopeWhere(eb, { orgId, scope: { ...scope, searchWord: '', filters: {} } }))
          .orderBy(`c.${key}`, direction)
          .orderBy('c.id', direction)
          .limit(DENSE_WINDOW),
    )
    .selectFrom('w')
    .innerJoin('contacts as c', 'c.id', 'w.id')
    .select('c.id')
    .where((eb) => scopeWhere(eb as unknown as PeopleEb, { orgId, scope }))
    .orderBy('w.key', direction)
    .orderBy('w.id', direction)
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
