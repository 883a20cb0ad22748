import { type RawBuilder, sql } from 'kysely';
import type { Db } from './analyticsScope.ts';

/** A listing's query in parts: what it selects, from where, which rows, how grouped and ordered. */
export type ListingQuery = {
  select: RawBuilder<unknown>;
  from: RawBuilder<unknown>;
  where: RawBuilder<unknown>;
  groupBy?: RawBuilder<unknown>;
  having?: RawBuilder<unknown>;
  orderBy: RawBuilder<unknown>;
  limit: number;
  offset: number;
};

/**
 * The one way every analytics listing reads a page: its rows and the total they are a page of, counted
 * by the same query (a window count on the page; counted apart only for a page past the end).
 */
export async function analyticsListing<Row>(
  db: Db,
  q: ListingQuery,
): Promise<{ total_count: number; rows: Row[] }> {
  const grouped = sql`${q.groupBy ? sql`group by ${q.groupBy}` : sql``} ${q.having ? sql`having ${q.having}` : sql``}`;
  const page = await sql<Row & { listing_total: number | string }>`
    select ${q.select}, count(*) over () as listing_total
    from ${q.from} where ${q.where} ${grouped}
    order by ${q.orderBy}
    limit ${q.limit} offset ${q.offset}`.execute(db);
  const rows = page.rows.map(({ listing_total: _, ...row }) => row as Row);
  if (page.rows.length > 0) return { total_count: Number(page.rows[0]?.listing_total ?? 0), rows };
  if (q.offset === 0) return { total_count: 0, rows };
  const counted = await sql<{ n: number | string }>`
    select count(*) as n from (select 1 from ${q.from} where ${q.where} ${grouped}) listed`.execute(db);
  return { total_count: Number(counted.rows[0]?.n ?? 0), rows };
}

/** An order: the chosen column (from a fixed map) and direction, then `tieBreak`; NOSORT is the default. */
export function listingOrder<K extends string>(
  columns: Record<K, RawBuilder<unknown>>,
  sortBy: K | undefined,
  sortType: 'ASC' | 'DESC' | 'NOSORT',
  fallback: RawBuilder<unknown>,
  tieBreak: RawBuilder<unknown>,
): RawBuilder<unknown> {
  if (sortBy === undefined || sortType === 'NOSORT') return sql`${fallback}, ${tieBreak}`;
  const direction = sortType === 'ASC' ? sql`asc nulls first` : sql`desc nulls last`;
  return sql`${columns[sortBy]} ${direction}, ${tieBreak}`;
}
