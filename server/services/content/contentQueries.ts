import { sql } from 'kysely';
import type { Db } from '../../db/Db.ts';
import type { ArticleConcept, FeedKind } from '../../db/schema.ts';

/** The term statistics key of a pool: 0 for the global pool, else the organisation's id. */
export const poolKey = (orgId: number | null): number => orgId ?? 0;

export type NewArticle = {
  org_id: number | null;
  source_id: number | null;
  title: string;
  description: string;
  content_text: string | null;
  link: string;
  canonical_link: string;
  website: string;
  image_url: string | null;
  published_at: Date;
  entities: string[];
  entity_keys: string[];
};

/** Inserts the articles a pool does not hold yet (by canonical link); returns the new ones' ids. */
export async function insertNewArticles(
  trx: Db,
  rows: readonly NewArticle[],
): Promise<{ id: number; canonical_link: string }[]> {
  if (rows.length === 0) return [];
  return trx
    .insertInto('articles')
    .values(rows.map((row) => ({ ...row, concepts: '[]' })))
    .onConflict((oc) => oc.columns(['org_id', 'canonical_link']).doNothing())
    .returning(['id', 'canonical_link'])
    .execute();
}

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

/** How many articles of a pool hold each of the terms. */
export async function termDocCounts(
  trx: Db,
  pool: number,
  terms: readonly string[],
): Promise<Map<string, number>> {
  const found = new Map<string, number>();
  if (terms.length === 0) return found;
  const { rows } = await sql<{ term: string; doc_count: number }>`
    select term, doc_count from article_term_counts where pool = ${pool} and term = any(${[...terms]}::text[])
  `.execute(trx);
  for (const row of rows) found.set(row.term, Number(row.doc_count));
  return found;
}

export async function poolSize(trx: Db, orgId: number | null): Promise<number> {
  const row = await trx
    .selectFrom('articles')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('org_id', orgId === null ? 'is' : '=', orgId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Writes the concepts of several articles in one statement. */
export async function setConcepts(
  trx: Db,
  concepts: readonly { id: number; concepts: ArticleConcept[] }[],
): Promise<void> {
  if (concepts.length === 0) return;
  await sql`
    update articles a set concepts = v.concepts
    from jsonb_to_recordset(${JSON.stringify(concepts)}::jsonb) as v(id integer, concepts jsonb)
    where a.id = v.id
  `.execute(trx);
}

export type SourceRow = {
  id: number;
  org_id: number | null;
  feed_url: string;
  etag: string | null;
  last_modified: string | null;
};

export async function sourceToFetch(db: Db, sourceId: number): Promise<SourceRow | undefined> {
  return db
    .selectFrom('article_sources')
    .select(['id', 'org_id', 'feed_url', 'etag', 'last_modified'])
    .where('id', '=', sourceId)
    .where('fetch_enabled', '=', true)
    .executeTakeFirst();
}

/** Sources due for a fetch: never fetched, or last fetched more than intervalMinutes ago; oldest first. */
export async function dueSourceIds(db: Db, intervalMinutes: number, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('article_sources')
    .select('id')
    .where('fetch_enabled', '=', true)
    .where((eb) =>
      eb.or([
        eb('last_fetched_at', 'is', null),
        eb('last_fetched_at', '<', sql<Date>`now() - make_interval(mins => ${intervalMinutes})`),
      ]),
    )
    .orderBy(sql`last_fetched_at nulls first`)
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/** True when the source may be fetched and was not fetched in the last intervalMinutes. */
export async function isDue(db: Db, sourceId: number, intervalMinutes: number): Promise<boolean> {
  const row = await db
    .selectFrom('article_sources')
    .select('id')
    .where('id', '=', sourceId)
    .where('fetch_enabled', '=', true)
    .where((eb) =>
      eb.or([
        eb('last_fetched_at', 'is', null),
        eb('last_fetched_at', '<', sql<Date>`now() - make_interval(mins => ${intervalMinutes})`),
      ]),
    )
    .executeTakeFirst();
  return row !== undefined;
}

export async function recordFetched(
  db: Db,
  sourceId: number,
  result: { kind?: FeedKind; etag: string | null; lastModified: string | null },
): Promise<void> {
  await db
    .updateTable('article_sources')
    .set({
      ...(result.kind ? { kind: result.kind } : {}),
      etag: result.etag,
      last_modified: result.lastModified,
      last_fetched_at: sql<Date>`now()`,
      last_error: null,
    })
    .where('id', '=', sourceId)
    .execute();
}

export async function recordFetchFailure(db: Db, sourceId: number, error: string): Promise<void> {
  await db
    .updateTable('article_sources')
    .set({ last_fetched_at: sql<Date>`now()`, last_error: error.slice(0, 500) })
    .where('id', '=', sourceId)
    .execute();
}
