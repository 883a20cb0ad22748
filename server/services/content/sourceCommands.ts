import { type Kysely, sql } from 'kysely';
import type { ArticleFeed, SourceFilterEntry } from '../../../domain/contentArticles.ts';
import type { Db } from '../../db/Db.ts';
import type { Database } from '../../db/schema.ts';
import { badRequest, notFound } from '../../lib/AppError.ts';
import { ARTICLE_NOT_FOUND, visibleTo } from './articleListing.ts';
import { defaultFeedName } from './defaultFeedName.ts';

export const GLOBAL_POOL_NAME = 'Global pool';
export const FEED_EXISTS = 'This feed is already one of your sources.';

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

function toEntry(row: FeedRow): SourceFilterEntry {
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

async function feedRows(db: Db, orgId: number, id?: number): Promise<FeedRow[]> {
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

/** Adds a feed to the organisation's sources (fetched by the feed job); the same address twice is refused. */
export async function addFeed(
  db: Kysely<Database>,
  orgId: number,
  feedUrl: string,
  name: string,
): Promise<SourceFilterEntry> {
  const url = new URL(feedUrl);
  const inserted = await db
    .insertInto('article_sources')
    .values({ org_id: orgId, name: name || defaultFeedName(url.href), feed_url: url.href })
    .onConflict((oc) => oc.columns(['org_id', 'feed_url']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) throw badRequest(FEED_EXISTS);
  const [row] = await feedRows(db, orgId, inserted.id);
  if (!row) throw notFound();
  return toEntry(row);
}

/** Marks or unmarks an article as one of the user's favourites (idempotent). */
export async function setFavourite(
  db: Kysely<Database>,
  viewer: { orgId: number; userId: number },
  articleId: number,
  isFavourite: boolean,
): Promise<void> {
  const { rows } = await sql<{ id: number }>`
    select a.id from articles a where a.id = ${articleId} and ${visibleTo(viewer.orgId)}
  `.execute(db);
  if (rows.length === 0) throw notFound(ARTICLE_NOT_FOUND);
  if (isFavourite)
    await db
      .insertInto('article_favourites')
      .values({ user_id: viewer.userId, article_id: articleId })
      .onConflict((oc) => oc.columns(['user_id', 'article_id']).doNothing())
      .execute();
  else
    await db
      .deleteFrom('article_favourites')
      .where('user_id', '=', viewer.userId)
      .where('article_id', '=', articleId)
      .execute();
}
