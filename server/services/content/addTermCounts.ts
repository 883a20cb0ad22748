import { sql } from 'kysely';
import type { Db } from '../../db/Db.ts';

/**
 * Adds documents to a pool's term counts: each term once per new article that holds it. Terms are
 * written in order, so two fetches adding to the same terms take their row locks in the same order.
 */
export async function addTermCounts(
  trx: Db,
  pool: number,
  counts: ReadonlyMap<string, number>,
): Promise<void> {
  const terms = [...counts.keys()].sort();
  for (let at = 0; at < terms.length; at += 2000) {
    const slice = terms.slice(at, at + 2000);
    await sql`
      insert into article_term_counts (pool, term, doc_count)
      select ${pool}, t.term, t.n from unnest(${slice}::text[], ${slice.map((t) => counts.get(t) ?? 0)}::int[]) as t(term, n)
      order by t.term
      on conflict (pool, term) do update set doc_count = article_term_counts.doc_count + excluded.doc_count
    `.execute(trx);
  }
}
