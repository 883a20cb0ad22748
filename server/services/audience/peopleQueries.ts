import { type Kysely, sql, type Transaction } from 'kysely';
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
} from '../../../src/domain/audiencePeople.ts';
import type { ContactStatus, Database } from '../../db/schema.ts';
import { FILTER_VALUE_SQL, scopeWhere } from './peopleScope.ts';

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

/** One page of a scope, sorted (NOSORT or no column: newest first); empty values sort last. */
export async function listPeople(
  db: Db,
  orgId: number,
  scope: PeopleScope,
  sort: PeopleSort,
  page: { offset: number; limit: number },
): Promise<PersonRow[]> {
  let query = peopleRows(db).where((eb) => scopeWhere(eb, { orgId, scope }));
  if (sort.column && sort.type !== 'NOSORT') {
    const direction = sort.type === 'ASC' ? sql`asc` : sql`desc`;
    query = query
      .orderBy(sql`${sql.ref(SORT_SQL[sort.column])} ${direction} nulls last`)
      .orderBy('c.id', sort.type === 'ASC' ? 'asc' : 'desc');
  } else {
    query = query.orderBy('c.created_at', 'desc').orderBy('c.id', 'desc');
  }
  const rows = await query.offset(page.offset).limit(page.limit).execute();
  return rows.map(toPersonRow);
}

/** The total of the scope, with and without a personality type: the three tabs' totals. */
export async function countTabs(db: Db, orgId: number, scope: PeopleScope): Promise<PeopleTabCounts> {
  const row = await db
    .selectFrom('contacts as c')
    .select([sql<string>`count(*)`.as('all'), sql<string>`count(c.personality_type)`.as('profiled')])
    .where((eb) => scopeWhere(eb, { orgId, scope, ignoreTab: true }))
    .executeTakeFirstOrThrow();
  const all = Number(row.all);
  const profiled = Number(row.profiled);
  return { all, profiled, unprofiled: all - profiled };
}

/**
 * Each filter category's values with their counts, under the tab, the search and the OTHER categories'
 * filters (so choosing a second value of a category keeps the first's count in view).
 */
export async function countFilterValues(
  db: Db,
  orgId: number,
  scope: PeopleScope,
): Promise<PeopleFilterCounts> {
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

/** The ids of a selection as one sub-query (never a list the size of the selection). */
export function selectionIds(db: Db, orgId: number, selection: PeopleSelection) {
  const base = db.selectFrom('contacts as c').select('c.id');
  if (selection.kind === 'ids') {
    return base
      .where('c.org_id', '=', orgId)
      .where('c.id', 'in', selection.ids.length ? [...selection.ids] : [0]);
  }
  const excluded = selection.excludedIds;
  return base
    .where((eb) => scopeWhere(eb, { orgId, scope: selection.scope }))
    .$if(excluded.length > 0, (q) => q.where('c.id', 'not in', [...excluded]));
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
