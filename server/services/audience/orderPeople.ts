import { sql } from 'kysely';
import type { PeopleSortColumn, SortType } from '../../../domain/audiencePeople.ts';

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

/** ORDER BY of a people query (contacts `c`, accounts `a`). */
export function orderPeople<Q extends OrderableQuery>(query: Q, sort: PeopleSort): Q {
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
