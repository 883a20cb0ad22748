import { sql } from 'kysely';
import type { Db } from '../../db/Db.ts';

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
