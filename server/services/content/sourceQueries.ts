import { sql } from 'kysely';
import type { ArticleFeed, SourceFilterEntry } from '../../../domain/contentArticles.ts';
import type { Db } from '../../db/Db.ts';

export const GLOBAL_POOL_NAME = 'Global pool';

type FeedRow = {
  id: number;
  name: string;
  feed_url: string;
  kind: string | null;
  fetch_enabled: boolean;
  last_fetched_at: Date | string | null;
  last_error: string | null;
  articles_count: string | number;
};

const iso = (value: Date | string | null) =>
  value === null ? null : (value instanceof Date ? value : new Date(value)).toISOString();

export function toEntry(row: FeedRow): SourceFilterEntry {
  const data: ArticleFeed = {
    id: row.id,
    name: row.name,
    feed_url: row.feed_url,
    kind: row.kind,
    last_fetched_at: iso(row.last_fetched_at),
    last_error: row.last_error,
    articles_count: Number(row.articles_count),
  };
  return { type: 'feed', is_active: row.fetch_enabled, data };
}

export async function feedRows(db: Db, orgId: number, id?: number): Promise<FeedRow[]> {
  const { rows } = await sql<FeedRow>`
    select s.id, s.name, s.feed_url, s.kind, s.fetch_enabled, s.last_fetched_at, s.last_error,
      (select count(*) from articles a where a.source_id = s.id) as articles_count
    from article_sources s
    where s.org_id = ${orgId} ${id === undefined ? sql`` : sql`and s.id = ${id}`}
    order by s.created_at desc, s.id desc
  `.execute(db);
  return rows;
}

/** The source filter entries: the global pool (with its sources) first, then the organisation's feeds. */
export async function listSourceEntries(db: Db, orgId: number): Promise<SourceFilterEntry[]> {
  const globals = await db
    .selectFrom('article_sources')
    .select(['id', 'name'])
    .where('org_id', 'is', null)
    .orderBy('name')
    .orderBy('id')
    .execute();
  return [
    { type: 'global', is_active: true, data: { name: GLOBAL_POOL_NAME, sources: globals } },
    ...(await feedRows(db, orgId)).map(toEntry),
  ];
}
