import { type Expression, sql } from 'kysely';
import type { Db } from '../db/Db.ts';

/** A listing's query: its rows filtered and in order, before the page is cut. */
export type ListingQuery<Row> = Expression<unknown> & {
  offset(offset: number): { limit(limit: number): { execute(): Promise<Row[]> } };
  clearOrderBy(): Expression<unknown>;
};

/**
 * The server's one listing factory: a page of a listing's rows and the total its query selects, from
 * the one query (so the count and the page never disagree on the filter), run together. The count runs
 * on the query without its order, so PostgreSQL flattens it and computes none of the selected columns.
 */
export async function listingPage<Row>(
  db: Db,
  query: ListingQuery<Row>,
  page: { offset: number; limit: number },
): Promise<{ total: number; rows: Row[] }> {
  const [count, rows] = await Promise.all([
    sql<{ n: string | number }>`select count(*) as n from (${query.clearOrderBy()}) as listing`.execute(db),
    query.offset(page.offset).limit(page.limit).execute(),
  ]);
  return { total: Number(count.rows[0]?.n ?? 0), rows };
}
