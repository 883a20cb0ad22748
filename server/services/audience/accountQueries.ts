import { type Kysely, sql } from 'kysely';
import type { AccountRow, AccountSortColumn, SortType } from '../../../domain/audiencePeople.ts';
import type { Database } from '../../db/schema.ts';
import { listingPage } from '../../lib/listingPage.ts';
import { prefixPattern } from './peopleScope.ts';

const SORT_SQL: Record<AccountSortColumn, string> = {
  name: 'a.name_lower',
  website: 'a.website',
  industry: 'a.industry',
  revenue: 'a.revenue',
  contacts_count: 'contacts_count',
  engagement_score: 'engagement_score',
};

/**
 * A page of the organisation's accounts (searched by a prefix of the name), each with its contacts' count
 * and engagement score (their average, rounded). Default order: by name.
 */
export async function listAccounts(
  db: Kysely<Database>,
  orgId: number,
  query: {
    searchWord: string;
    sortBy?: AccountSortColumn;
    sortType: SortType;
    offset: number;
    limit: number;
  },
): Promise<{ total_count: number; data: AccountRow[] }> {
  const scoped = db
    .selectFrom('accounts as a')
    .where('a.org_id', '=', orgId)
    .$if(query.searchWord !== '', (q) => q.where('a.name_lower', 'like', prefixPattern(query.searchWord)));
  const sorted = query.sortBy && query.sortType !== 'NOSORT';
  const direction = query.sortType === 'DESC' ? sql`desc` : sql`asc`;
  const found = await listingPage(
    db,
    scoped
      .select([
        'a.id as account_id',
        'a.name',
        'a.website',
        'a.industry',
        'a.revenue',
        (eb) =>
          eb
            .selectFrom('contacts as c')
            .select(sql<string>`count(*)`.as('n'))
            .where('c.org_id', '=', orgId)
            .whereRef('c.account_id', '=', 'a.id')
            .as('contacts_count'),
        (eb) =>
          eb
            .selectFrom('contacts as c')
            .select(sql<string>`coalesce(sum(c.engagement_score), 0)`.as('s'))
            .where('c.org_id', '=', orgId)
            .whereRef('c.account_id', '=', 'a.id')
            .as('engagement_score'),
      ])
      .orderBy(
        sql`${sql.ref(sorted && query.sortBy ? SORT_SQL[query.sortBy] : 'a.name_lower')} ${direction} nulls last`,
      )
      .orderBy('a.id'),
    { offset: query.offset, limit: query.limit },
  );
  return {
    total_count: found.total,
    data: found.rows.map((row) => ({
      account_id: row.account_id,
      name: row.name,
      website: row.website,
      industry: row.industry,
      revenue: row.revenue,
      contacts_count: Number(row.contacts_count ?? 0),
      engagement_score: Number(row.engagement_score ?? 0),
    })),
  };
}
