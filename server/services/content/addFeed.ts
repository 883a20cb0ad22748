import type { Kysely } from 'kysely';
import type { SourceFilterEntry } from '../../../domain/contentArticles.ts';
import type { Database } from '../../db/schema.ts';
import { badRequest, notFound } from '../../lib/AppError.ts';
import { defaultFeedName } from './defaultFeedName.ts';
import { feedRows, toEntry } from './sourceQueries.ts';

const FEED_EXISTS = 'This feed is already one of your sources.';

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
