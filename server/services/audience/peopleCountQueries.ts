import { type Kysely, sql, type Transaction } from 'kysely';
import {
  type FilterValueCount,
  PEOPLE_FILTER_CATEGORIES,
  type PeopleFilterCounts,
  type PeopleScope,
  type PeopleTabCounts,
} from '../../../domain/audiencePeople.ts';
import type { Database } from '../../db/schema.ts';
import { FILTER_VALUE_SQL, scopeWhere } from './peopleScope.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** How many values of each filter category the filter panel shows (the most frequent first). */
const FILTER_VALUES_SHOWN = 50;

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
